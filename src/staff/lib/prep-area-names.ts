import type { PrepArea } from "../../../contract/menu";

/** What staff call each prep area: on the boards, the printers and their alerts. */
export const PREP_AREA_NAMES: Record<PrepArea, string> = { kitchen: "Kitchen", bar: "Bar" };
