/** The table's own frame (the header on /order and /order/cart), in English; Filipino and Chinese in src/shared/i18n/catalogs/. */
import { i18n, params } from "../../shared/i18n/i18n";

export const tableFrameMessages = i18n("tableFrame", {
  tableLabel: params("Table {table}"),
  callStaff: "Call staff",
  offline: "You're offline.",
  offlineDetail: "You can keep browsing and ordering: orders will be sent when the connection is back.",
});
