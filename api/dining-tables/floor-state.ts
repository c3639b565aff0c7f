/**
 * A table's state on the floor plan (API.md "The floor"), from what the database says of it now: its
 * open tab's orders and its check's sums, its open calls, its shared cart and when its last visit ended. Pure, so one rule
 * serves `GET /api/floor`, the live `table.updated` and the tests.
 *
 * The first that holds wins: a bill call is open (`bill_requested`), an order is ready (`ready`), one
 * is received or preparing (`in_kitchen`), the open tab's orders are served (`served`), the visit has
 * lines in its cart or only held orders (`ordering`), else `free`. `since` is read from the same data,
 * never kept apart, so every instance and every reload says the same: the bill call's time; when the
 * first ready order became ready; the oldest order waiting for the kitchen (from its release, if it
 * was held); the last order served; the cart's first line or the first held order; the last visit's end.
 */
import { formatCents } from "../../contract/money";
import type { FloorStatus, FloorTableState } from "../../contract/schemas";
import type { CallKind } from "../../contract/menu";
import type { OrderStatus } from "../../contract/menu";

export interface FloorFacts {
  /** When the table was added: a table with no visit yet has been free since then. */
  tableCreatedAt: string;
  /** The orders on the table's open tab. */
  orders: readonly { status: OrderStatus; createdAt: string; updatedAt: string; heldUntil: string | null }[];
  /** The open check's sums, as the check settles them (api/tabs/check-service.ts); null: no open tab. */
  check: { totalCents: number; balanceCents: number } | null;
  /** The table's open calls, oldest first. */
  calls: readonly { id: string; kind: CallKind; createdAt: string }[];
  /** Lines in the table's shared cart not yet sent; null: none. */
  cart: { firstAddedAt: string; lastChangedAt: string } | null;
  /** When the table's last visit ended (null: none on record). */
  lastVisitEndedAt: string | null;
}

/** A cart untouched this long belongs to a visit that is over (api/visits/visit-service.ts VISIT_IDLE_MS). */
export interface FloorClock {
  now: Date;
  visitIdleMs: number;
}

const earliest = (times: readonly string[]) => times.reduce((a, b) => (b < a ? b : a));
const latest = (times: readonly string[]) => times.reduce((a, b) => (b > a ? b : a));

export function floorStateOf(facts: FloorFacts, { now, visitIdleMs }: FloorClock): FloorTableState {
  const { orders, calls } = facts;
  const ofStatus = (...statuses: OrderStatus[]) => orders.filter((order) => statuses.includes(order.status));
  const held = ofStatus("held");
  const cartCurrent = facts.cart !== null && Date.parse(facts.cart.lastChangedAt) >= now.getTime() - visitIdleMs;

  const state = (status: FloorStatus, since: string): FloorTableState => ({
    status,
    since,
    open_calls: calls.map((call) => ({ id: call.id, kind: call.kind })),
    held_orders: held.length,
    tab_total: formatCents(facts.check?.totalCents ?? 0),
    tab_balance: formatCents(facts.check?.balanceCents ?? 0),
  });

  const bill = calls.find((call) => call.kind === "bill");
  if (bill) return state("bill_requested", bill.createdAt);
  const ready = ofStatus("ready");
  if (ready.length > 0) return state("ready", earliest(ready.map((order) => order.updatedAt)));
  const cooking = ofStatus("received", "preparing");
  if (cooking.length > 0) return state("in_kitchen", earliest(cooking.map((order) => order.heldUntil ?? order.createdAt)));
  const served = ofStatus("served");
  if (served.length > 0) return state("served", latest(served.map((order) => order.updatedAt)));
  if (cartCurrent || held.length > 0) {
    const starts = [...(cartCurrent ? [facts.cart!.firstAddedAt] : []), ...held.map((order) => order.createdAt)];
    return state("ordering", earliest(starts));
  }
  // Free since the last visit's end; a visit whose cart went idle ended, unrecorded, that long after its last change.
  const ends = [facts.tableCreatedAt, ...(facts.lastVisitEndedAt ? [facts.lastVisitEndedAt] : [])];
  if (facts.cart && !cartCurrent) ends.push(new Date(Date.parse(facts.cart.lastChangedAt) + visitIdleMs).toISOString());
  for (const order of orders) ends.push(order.updatedAt); // a tab of cancelled orders only: free since the last was cancelled
  return state("free", latest(ends));
}
