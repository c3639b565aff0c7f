/**
 * Keeps `happyHourNow` true to the branch's happy hours on this phone's clock (contract/happy-hour.ts,
 * the rule the server prices by): read the branch, say until when, and at that moment switch the
 * prices back and re-read the table's cart, which the server prices by its own clock. Loaded after the
 * menu shows; the server's price_changed still covers a phone whose clock is off.
 */
import { happyHourEndsAt, nextHappyHourStart } from "../../../contract/happy-hour";
import type { Branch } from "../../../contract/schemas";
import { api } from "../../shared/api";
import { loadCart } from "../cart/cart-sync";
import { branchTimeZone, happyHourNow } from "./happy-hour-state";

/** Browsers run a timer set further ahead at once; a check every few hours is as good. */
const LONGEST_WAIT_MS = 6 * 3_600_000;
const storageKey = (branchId: number) => `branch.${branchId}`;

let watched: { branchId: number; tableId: string | null } | null = null;
let branch: Branch | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function remembered(branchId: number): Branch | null {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(branchId)) ?? "null") as Branch | null;
    return stored && stored.id === branchId && Array.isArray(stored.happy_hours) ? stored : null;
  } catch {
    return null;
  }
}

/** Sets the state for now, and a timer for the next change (the window's end, or the next one's start). */
function update(): void {
  clearTimeout(timer);
  if (!branch || !watched) return;
  branchTimeZone.set(branch.time_zone);
  const now = Date.now();
  const end = happyHourEndsAt(branch.happy_hours, branch.time_zone, now);
  const wasHappy = happyHourNow.get() !== null;
  happyHourNow.set(end ? { until: end.getTime(), timeZone: branch.time_zone } : null);
  if (wasHappy && !end && watched.tableId) void loadCart(watched.tableId);
  const next = end ?? nextHappyHourStart(branch.happy_hours, branch.time_zone, now);
  if (next) timer = setTimeout(update, Math.min(next.getTime() - now, LONGEST_WAIT_MS));
}

function keep(fresh: Branch): void {
  branch = fresh;
  try {
    localStorage.setItem(storageKey(fresh.id), JSON.stringify(fresh));
  } catch {
    // Storage full: offline, this phone shows the regular prices; the server decides anyway.
  }
}

async function refresh(branchId: number): Promise<void> {
  try {
    const fresh = await api.branch(branchId);
    if (watched?.branchId !== branchId) return;
    keep(fresh);
  } catch {
    // Offline: the windows this phone last read stand.
  }
  update();
}

/** The branch's windows changed (`branch.updated` on the menu's stream): prices follow at once. */
export function branchChanged(fresh: Branch): void {
  if (watched?.branchId !== fresh.id) return;
  keep(fresh);
  update();
}

/** Follows the branch's happy hours; the table's cart is re-read when one ends. Calling it again switches branch or table. */
export function watchHappyHour(branchId: number, tableId: string | null): void {
  const sameBranch = watched?.branchId === branchId;
  watched = { branchId, tableId };
  if (sameBranch) return;
  branch = remembered(branchId);
  update();
  void refresh(branchId);
}

// Back from the background: the windows may have changed, and a timer may have slept through its moment.
if (typeof document !== "undefined") {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && watched) void refresh(watched.branchId);
  });
}
