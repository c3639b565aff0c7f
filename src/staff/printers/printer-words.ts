import type { PrinterStatus } from "../../../contract/printers";

export const STATUS_NAMES: Record<PrinterStatus, string> = { online: "Online", offline: "Offline", unknown: "Checking…" };
