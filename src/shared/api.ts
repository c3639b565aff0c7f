/**
 * The diners' and the public site's calls, by name: screens say what they want (`api.menu(branchId)`),
 * never a method, a path or a type of their own. Each is a line over `call`, typed by the endpoint's
 * entry in contract/endpoints.ts. The staff's calls are the same kind of lines in
 * src/staff/lib/staff-api.ts, so a diner's phone (this module is in its first visit) never downloads them.
 */
import type { CallKind } from "../../contract/menu";
import type { CartOperationsBody, OrderCreate } from "../../contract/schemas";
import { call, pathOf } from "./api-client";

/** A slow phone network must not leave "Sending…" up forever; a timeout is retried with the same key. */
const SUBMIT_TIMEOUT_MS = 20_000;

export interface ReadOptions {
  signal?: AbortSignal;
  /** "no-store" also bypasses the service worker's menu cache (see vite.config.ts). */
  cache?: RequestCache;
}

export const api = {
  diningTable: (id: string) => call("diningTable", { params: { id } }),
  /** The branch's happy hours and time zone (docs/decisions/0022). */
  branch: (branchId: number) => call("branch", { params: { id: branchId }, cache: "no-store" }),
  menu: (branchId: number, options: ReadOptions = {}) => call("menu", { query: { branch_id: branchId }, ...options }),
  order: (id: string, options: ReadOptions = {}) => call("order", { params: { id }, ...options }),
  placeOrder: (idempotencyKey: string, body: OrderCreate) =>
    call("placeOrder", { body, headers: { "Idempotency-Key": idempotencyKey }, signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS) }),
  callStaff: (tableId: string, kind: CallKind) => call("callStaff", { params: { id: tableId }, body: { kind } }),
  diningTableCalls: (tableId: string, options: ReadOptions = {}) => call("diningTableCalls", { params: { id: tableId }, ...options }),
  tableCart: (tableId: string, options: ReadOptions = {}) => call("tableCart", { params: { id: tableId }, cache: "no-store", ...options }),
  applyCartOperations: (tableId: string, body: CartOperationsBody) =>
    call("applyCartOperations", { params: { id: tableId }, body, signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS) }),
  submitTableCart: (tableId: string, idempotencyKey: string, version: number) =>
    call("submitTableCart", {
      params: { id: tableId },
      body: { version },
      headers: { "Idempotency-Key": idempotencyKey },
      signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
    }),
};

// ----- live event streams (see use-live-events.ts; the kitchen's is in staff-api.ts) -----
/** A diner's table: its orders and its branch's product updates. */
export const diningTableEventsPath = (id: string) => pathOf("diningTableEvents", { params: { id } });
/** A menu opened without a table: the branch's product updates. */
export const branchProductEventsPath = (branchId: number) => pathOf("productEvents", { query: { branch_id: branchId } });
