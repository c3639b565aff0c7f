/**
 * Every call the web app makes, by name: screens say what they want (`api.stations(branchId)`), never a
 * method, a path or a type of their own. Each is a line over `call`, typed by the endpoint's entry in
 * contract/endpoints.ts.
 */
import type { CallKind, OrderStatus, PrepStation } from "../../contract/menu";
import type { BoardHeartbeat, CartOperationsBody, LoginBody, OrderCreate, OrderPatch, StationCreate, StationUpdate, TabClose } from "../../contract/schemas";
import { call, noAnswer, pathOf } from "./api-client";

/**
 * The staff's file uploads and downloads: loaded when one starts, so a diner's phone never downloads
 * them. A failed load is the network's failure, the same ApiError the transfer itself would give.
 */
const fileTransfer = () =>
  import("./file-transfer").catch(() => {
    throw noAnswer();
  });

/** A slow phone network must not leave "Sending…" up forever; a timeout is retried with the same key. */
const SUBMIT_TIMEOUT_MS = 20_000;

export interface ReadOptions {
  signal?: AbortSignal;
  /** "no-store" also bypasses the service worker's menu cache (see vite.config.ts). */
  cache?: RequestCache;
}

export const api = {
  // ----- diners -----
  station: (id: string) => call("station", { params: { id } }),
  menu: (branchId: number, options: ReadOptions = {}) => call("menu", { query: { branch_id: branchId }, ...options }),
  order: (id: string) => call("order", { params: { id } }),
  placeOrder: (idempotencyKey: string, body: OrderCreate) =>
    call("placeOrder", { body, headers: { "Idempotency-Key": idempotencyKey }, signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS) }),
  callStaff: (stationId: string, kind: CallKind) => call("callStaff", { params: { id: stationId }, body: { kind } }),
  stationCalls: (stationId: string) => call("stationCalls", { params: { id: stationId } }),
  tableCart: (stationId: string) => call("tableCart", { params: { id: stationId }, cache: "no-store" }),
  applyCartOperations: (stationId: string, body: CartOperationsBody) =>
    call("applyCartOperations", { params: { id: stationId }, body, signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS) }),
  submitTableCart: (stationId: string, idempotencyKey: string, version: number) =>
    call("submitTableCart", {
      params: { id: stationId },
      body: { version },
      headers: { "Idempotency-Key": idempotencyKey },
      signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
    }),

  // ----- staff -----
  login: (body: LoginBody) => call("login", { body }),
  logout: () => call("logout"),
  currentUser: () => call("currentUser"),

  stations: (branchId: number, options: ReadOptions = {}) => call("stations", { query: { branch_id: branchId }, ...options }),
  createStation: (branchId: number, body: StationCreate) =>
    call("createStation", { query: { branch_id: branchId }, body: { ...body, branch_id: branchId } }),
  updateStation: (id: string, body: StationUpdate) => call("updateStation", { params: { id }, body }),
  deleteStation: (id: string) => call("deleteStation", { params: { id } }),

  openOrders: (branchId: number, statuses: readonly OrderStatus[]) =>
    call("orders", { query: { branch_id: branchId, status: statuses, limit: 500 } }),
  setOrderStatus: (id: string, status: NonNullable<OrderPatch["status"]>) => call("updateOrder", { params: { id }, body: { status } }),
  bumpOrder: (id: string, station: PrepStation) => call("updateOrder", { params: { id }, body: { bumped: station } }),
  recallBump: (id: string, station: PrepStation) => call("updateOrder", { params: { id }, body: { recalled: station } }),
  markOrderSeen: (id: string, station: PrepStation) => call("markOrderSeen", { params: { id }, body: { station } }),
  boardHeartbeat: (body: BoardHeartbeat) => call("boardHeartbeat", { body }),
  kitchenStatus: (branchId: number) => call("kitchenStatus", { query: { branch_id: branchId } }),
  setProductAvailable: (id: number, available: boolean) => call("updateProduct", { params: { id }, body: { available } }),
  /** null = stop counting; 0 sells the product out, more puts it back on. */
  setProductStock: (id: number, stock: number | null) => call("updateProduct", { params: { id }, body: { stock } }),

  uploadMenuCsv: async (branchId: number, file: File, dryRun: boolean, onProgress: (fraction: number | null) => void) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return (await fileTransfer()).uploadForm("uploadMenuCsv", { query: { branch_id: branchId, dry_run: dryRun || undefined } }, form, onProgress);
  },
  exportMenuCsv: async (branchId: number) => (await fileTransfer()).downloadFile("exportMenuCsv", { query: { branch_id: branchId } }),

  openCalls: (branchId: number) => call("calls", { query: { branch_id: branchId }, cache: "no-store" }),
  finishCall: (id: string) => call("finishCall", { params: { id }, body: { status: "done" } }),
  tab: (stationId: string, options: ReadOptions = {}) => call("tab", { params: { id: stationId }, cache: "no-store", ...options }),
  closeTab: (stationId: string, paidWith: TabClose["paid_with"]) => call("closeTab", { params: { id: stationId }, body: { paid_with: paidWith } }),
  openTabs: (branchId: number, options: ReadOptions = {}) => call("openTabs", { query: { branch_id: branchId }, cache: "no-store", ...options }),
  salesReport: (branchId: number, from: string, to: string, options: ReadOptions = {}) =>
    call("salesReport", { query: { branch_id: branchId, from, to }, cache: "no-store", ...options }),
  ordersReportCsv: async (branchId: number, from: string, to: string) =>
    (await fileTransfer()).downloadFile("ordersReportCsv", { query: { branch_id: branchId, from, to } }),
};

// ----- live event streams (see use-live-events.ts) -----
/** The kitchen's: every event of the branch (staff only). */
export const branchEventsPath = (branchId: number) => pathOf("branchEvents", { query: { branch_id: branchId } });
/** A diner's table: its orders and its branch's product updates. */
export const stationEventsPath = (id: string) => pathOf("stationEvents", { params: { id } });
/** A menu opened without a table: the branch's product updates. */
export const branchProductEventsPath = (branchId: number) => pathOf("productEvents", { query: { branch_id: branchId } });
