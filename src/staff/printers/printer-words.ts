import type { PrepArea } from "../../../contract/menu";
import type { PrinterStatus } from "../../../contract/printers";

export const PREP_AREA_NAMES: Record<PrepArea, string> = { kitchen: "Kitchen", bar: "Bar" };
export const STATUS_NAMES: Record<PrinterStatus, string> = { online: "Online", offline: "Offline", unknown: "Checking…" };
