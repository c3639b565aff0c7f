/**
 * The staff's calls, by name (`staffApi.diningTables(branchId)`): lines over the same `call` as the diners'
 * (src/shared/staffApi.ts), typed by the endpoint's entry in contract/endpoints.ts. Kept out of src/shared/
 * so the diner's first visit, which loads that module, does not carry them.
 */
import type { OrderStatus, PrepArea } from "../../../contract/menu";
import type {
  AdjustmentCreate,
  BoardHeartbeat,
  PaymentCreate,
  LoginBody,
  OrderPatch,
  PrinterCreate,
  PrinterUpdate,
  ProductCreate,
  ProductInput,
  ProductReorder,
  DiningTableCreate,
  DiningTableUpdate,
  HappyHours,
  StaffCreate,
  StaffPatch,
  SwitchUser,
  TabClose,
} from "../../../contract/schemas";
import { STAFF_API_ROUTES } from "../../../contract/staff-api-routes";
import type { ReadOptions } from "../../shared/api";
import { addRoutes, call, noAnswer, pathOf } from "../../shared/api-client";

addRoutes(STAFF_API_ROUTES);

/**
 * The file uploads and downloads: loaded when one starts (the CSV parsing and progress code is
 * needed by few screens). A failed load is the network's failure, the same ApiError the transfer
 * itself would give.
 */
const fileTransfer = () =>
  import("../../shared/file-transfer").catch(() => {
    throw noAnswer();
  });

export const staffApi = {
  login: (body: LoginBody) => call("login", { body }),
  logout: () => call("logout"),
  currentUser: () => call("currentUser"),
  switchUser: (body: SwitchUser) => call("switchUser", { body }),
  setOwnPin: (pin: string | null) => call("setOwnPin", { body: { pin } }),
  /** The server's settings the screens need (PUBLIC_ORIGIN for QR codes). */
  staffSettings: (options: ReadOptions = {}) => call("staffSettings", options),
  staffAccounts: (branchId: number, options: ReadOptions = {}) =>
    call("staffAccounts", { query: { branch_id: branchId }, cache: "no-store", ...options }),
  createStaffAccount: (body: StaffCreate) => call("createStaffAccount", { body }),
  updateStaffAccount: (id: number, body: StaffPatch) => call("updateStaffAccount", { params: { id }, body }),
  auditLog: (branchId: number, options: ReadOptions = {}) =>
    call("auditLog", { query: { branch_id: branchId, limit: 500 }, cache: "no-store", ...options }),

  diningTables: (branchId: number, options: ReadOptions = {}) => call("diningTables", { query: { branch_id: branchId }, ...options }),
  createDiningTable: (branchId: number, body: DiningTableCreate) =>
    call("createDiningTable", { query: { branch_id: branchId }, body: { ...body, branch_id: branchId } }),
  updateDiningTable: (id: string, body: DiningTableUpdate) => call("updateDiningTable", { params: { id }, body }),
  deleteDiningTable: (id: string) => call("deleteDiningTable", { params: { id } }),
  floor: (branchId: number, options: ReadOptions = {}) => call("floor", { query: { branch_id: branchId }, cache: "no-store", ...options }),

  openOrders: (branchId: number, statuses: readonly OrderStatus[], options: ReadOptions = {}) =>
    call("orders", { query: { branch_id: branchId, status: statuses, limit: 500 }, ...options }),
  setOrderStatus: (id: string, status: NonNullable<OrderPatch["status"]>) => call("updateOrder", { params: { id }, body: { status } }),
  bumpOrder: (id: string, prepArea: PrepArea) => call("updateOrder", { params: { id }, body: { bumped: prepArea } }),
  recallBump: (id: string, prepArea: PrepArea) => call("updateOrder", { params: { id }, body: { recalled: prepArea } }),
  markOrderSeen: (id: string, prepArea: PrepArea) => call("markOrderSeen", { params: { id }, body: { station: prepArea } }),
  boardHeartbeat: (body: BoardHeartbeat) => call("boardHeartbeat", { body }),
  kitchenStatus: (branchId: number, options: ReadOptions = {}) => call("kitchenStatus", { query: { branch_id: branchId }, ...options }),
  setProductAvailable: (id: number, available: boolean) => call("updateProduct", { params: { id }, body: { available } }),
  /** null = stop counting; 0 sells the product out, more puts it back on. */
  setProductStock: (id: number, stock: number | null) => call("updateProduct", { params: { id }, body: { stock } }),
  /** The menu editor (docs/decisions/0024-menu-editor.md). */
  createProduct: (branchId: number, body: ProductCreate) => call("createProduct", { query: { branch_id: branchId }, body }),
  replaceProduct: (id: number, body: ProductInput) => call("replaceProduct", { params: { id }, body }),
  deleteProduct: (id: number) => call("deleteProduct", { params: { id } }),
  /** Replaces the branch's happy-hour windows (docs/decisions/0022). */
  setHappyHours: (branchId: number, windows: HappyHours) => call("setHappyHours", { params: { id: branchId }, body: windows }),
  reorderProducts: (branchId: number, body: ProductReorder) => call("reorderProducts", { query: { branch_id: branchId }, body }),
  /** A dish photo (docs/decisions/0025-dish-photos.md); `onProgress` gets the fraction sent, as the menu upload's. */
  uploadProductPhoto: async (id: number, file: File, onProgress: (fraction: number | null) => void) => {
    const form = new FormData();
    form.append("photo", file, file.name);
    return (await fileTransfer()).uploadForm("uploadProductPhoto", { params: { id } }, form, onProgress);
  },
  deleteProductPhoto: (id: number) => call("deleteProductPhoto", { params: { id } }),

  uploadMenuCsv: async (branchId: number, file: File, dryRun: boolean, onProgress: (fraction: number | null) => void) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return (await fileTransfer()).uploadForm(
      "uploadMenuCsv",
      { query: { branch_id: branchId, dry_run: dryRun || undefined } },
      form,
      onProgress,
    );
  },
  exportMenuCsv: async (branchId: number) => (await fileTransfer()).downloadFile("exportMenuCsv", { query: { branch_id: branchId } }),

  openCalls: (branchId: number, options: ReadOptions = {}) =>
    call("calls", { query: { branch_id: branchId }, cache: "no-store", ...options }),
  finishCall: (id: string) => call("finishCall", { params: { id }, body: { status: "done" } }),
  tab: (tableId: string, options: ReadOptions = {}) => call("tab", { params: { id: tableId }, cache: "no-store", ...options }),
  closeTab: (tableId: string, paidWith: TabClose["paid_with"]) =>
    call("closeTab", { params: { id: tableId }, body: { paid_with: paidWith } }),
  openTabs: (branchId: number, options: ReadOptions = {}) =>
    call("openTabs", { query: { branch_id: branchId }, cache: "no-store", ...options }),
  /** The check (docs/decisions/0028-the-check.md): a closed one by its id, for refunds. */
  check: (tabId: string, options: ReadOptions = {}) => call("check", { params: { id: tabId }, cache: "no-store", ...options }),
  adjustCheck: (tabId: string, body: AdjustmentCreate) => call("createAdjustment", { params: { id: tabId }, body }),
  approveAdjustment: (id: string, body: SwitchUser) => call("approveAdjustment", { params: { id }, body }),
  rejectAdjustment: (id: string) => call("rejectAdjustment", { params: { id } }),
  splitCheck: (tabId: string, ways: number) => call("splitCheck", { params: { id: tabId }, body: { ways } }),
  /** `key`: the payment's Idempotency-Key, kept across retries of the same payment so it is recorded once. */
  payCheck: (tabId: string, body: PaymentCreate, key: string) =>
    call("payCheck", { params: { id: tabId }, body, headers: { "Idempotency-Key": key } }),
  refundPayment: (paymentId: string, amount: string, reason: string) =>
    call("refundPayment", { params: { id: paymentId }, body: { amount, reason } }),
  dayReport: (branchId: number, date: string, options: ReadOptions = {}) =>
    call("dayReport", { query: { branch_id: branchId, date }, cache: "no-store", ...options }),
  setCashCount: (branchId: number, date: string, counted: string) => call("setCashCount", { body: { branch_id: branchId, date, counted } }),
  printDayReport: (branchId: number, date: string) => call("printDayReport", { body: { branch_id: branchId, date } }),
  dayReportCsv: async (branchId: number, date: string) =>
    (await fileTransfer()).downloadFile("dayReportCsv", { query: { branch_id: branchId, date } }),
  salesReport: (branchId: number, from: string, to: string, options: ReadOptions = {}) =>
    call("salesReport", { query: { branch_id: branchId, from, to }, cache: "no-store", ...options }),
  printers: (branchId: number, options: ReadOptions = {}) => call("printers", { query: { branch_id: branchId }, ...options }),
  createPrinter: (body: PrinterCreate) => call("createPrinter", { body }),
  updatePrinter: (id: number, body: PrinterUpdate) => call("updatePrinter", { params: { id }, body }),
  deletePrinter: (id: number) => call("deletePrinter", { params: { id } }),
  /** The order's tickets again, marked REPRINT. */
  reprint: (orderId: string) => call("printOrder", { params: { id: orderId } }),
  ordersReportCsv: async (branchId: number, from: string, to: string) =>
    (await fileTransfer()).downloadFile("ordersReportCsv", { query: { branch_id: branchId, from, to } }),
};

/** The kitchen's live event stream: every event of the branch (see src/shared/use-live-events.ts). */
export const branchEventsPath = (branchId: number) => pathOf("branchEvents", { query: { branch_id: branchId } });
