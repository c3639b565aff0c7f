/** The printer calls, over the same typed `call` as every staff screen (contract/endpoints.ts). */
import type { PrinterCreate, PrinterUpdate } from "../../../contract/schemas";
import { call } from "../../shared/api-client";

export const printersApi = {
  list: (branchId: number, signal?: AbortSignal) => call("printers", { query: { branch_id: branchId }, signal }),
  create: (body: PrinterCreate) => call("createPrinter", { body }),
  update: (id: number, body: PrinterUpdate) => call("updatePrinter", { params: { id }, body }),
  remove: (id: number) => call("deletePrinter", { params: { id } }),
  /** The order's tickets again, marked REPRINT. */
  reprint: (orderId: string) => call("printOrder", { params: { id: orderId } }),
};
