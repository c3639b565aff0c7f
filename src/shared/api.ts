/**
 * Every call the web app makes, by name, typed from contract/: screens say what they want
 * (`api.stations(branchId)`), never a method, a path or a response type of their own.
 */
import type {
  CsvImportSummary,
  CurrentUserResponse,
  LoginBody,
  LoginResponse,
  Menu,
  Order,
  OrderCreate,
  Product,
  PublicStation,
  Station,
  StationCreate,
  StationUpdate,
} from "../../contract/schemas";
import type { OrderStatus } from "../../contract/menu";
import { apiFetch } from "./api-client";
import { downloadFile, uploadForm } from "./file-transfer";

/** A slow phone network must not leave "Sending…" up forever; a timeout is retried with the same key. */
const SUBMIT_TIMEOUT_MS = 20_000;

const id = (value: string) => encodeURIComponent(value);

export interface ReadOptions {
  signal?: AbortSignal;
  /** "no-store" also bypasses the service worker's menu cache (see vite.config.ts). */
  cache?: RequestCache;
}

export const api = {
  // ----- diners -----
  station: (stationId: string) => apiFetch<PublicStation>(`/stations/${id(stationId)}`),
  menu: (branchId: number, options: ReadOptions = {}) =>
    apiFetch<Partial<Menu>>(`/products_by_category?branch_id=${branchId}`, options),
  order: (orderId: string) => apiFetch<Order>(`/orders/${id(orderId)}`),
  placeOrder: (idempotencyKey: string, body: OrderCreate) =>
    apiFetch<Order>("/orders", {
      method: "POST",
      body,
      headers: { "Idempotency-Key": idempotencyKey },
      signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
    }),

  // ----- staff -----
  login: (body: LoginBody) => apiFetch<LoginResponse>("/login", { method: "POST", body }),
  logout: () => apiFetch<void>("/logout", { method: "POST" }),
  currentUser: () => apiFetch<CurrentUserResponse>("/current_user"),

  stations: (branchId: number, options: ReadOptions = {}) => apiFetch<Station[]>(`/stations?branch_id=${branchId}`, options),
  createStation: (branchId: number, body: StationCreate) =>
    apiFetch<Station>(`/stations?branch_id=${branchId}`, { method: "POST", body: { ...body, branch_id: branchId } }),
  updateStation: (stationId: string, body: StationUpdate) => apiFetch<Station>(`/stations/${id(stationId)}`, { method: "PUT", body }),
  deleteStation: (stationId: string) => apiFetch<void>(`/stations/${id(stationId)}`, { method: "DELETE" }),

  openOrders: (branchId: number, statuses: readonly OrderStatus[]) => {
    const query = new URLSearchParams({ branch_id: String(branchId), status: statuses.join(","), limit: "500" });
    return apiFetch<Order[]>(`/orders?${query}`);
  },
  setOrderStatus: (orderId: string, status: OrderStatus) =>
    apiFetch<Order>(`/orders/${id(orderId)}`, { method: "PATCH", body: { status } }),
  setProductAvailable: (productId: number, available: boolean) =>
    apiFetch<Product>(`/products/${productId}`, { method: "PATCH", body: { available } }),

  uploadMenuCsv: (branchId: number, file: File, dryRun: boolean, onProgress: (fraction: number | null) => void) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return uploadForm<CsvImportSummary>(`/products/upload_csv?branch_id=${branchId}${dryRun ? "&dry_run=1" : ""}`, form, onProgress);
  },
  exportMenuCsv: (branchId: number) => downloadFile(`/products/export_csv?branch_id=${branchId}`),
};

// ----- live event streams (see use-live-events.ts) -----
/** The kitchen's: every event of the branch (staff only). */
export const branchEventsPath = (branchId: number) => `/events?branch_id=${branchId}`;
/** A diner's table: its orders and its branch's product updates. */
export const stationEventsPath = (stationId: string) => `/stations/${id(stationId)}/events`;
/** A menu opened without a table: the branch's product updates. */
export const branchProductEventsPath = (branchId: number) => `/products/events?branch_id=${branchId}`;
