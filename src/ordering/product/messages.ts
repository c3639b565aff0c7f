/** The product panel's words in English. */
import { i18n, params } from "../../shared/i18n/i18n";

export const productDialogMessages = i18n("productDialog", {
  choose: params("Choose: {groups}"),
  close: "Close",
  add: params("Add • {price}"),
  none: "None",
  required: "(required)",
  optional: "(optional)",
  any: "(any)",
  noteLabel: "Note for the kitchen (optional)",
  notePlaceholder: "e.g. no onions",
});
