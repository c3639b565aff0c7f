/**
 * The merge rules of the shared table cart (docs/decisions/0010): a phone's operations applied to the
 * table's cart, each once. Pure (no I/O, no clock): the service loads the state, calls this, and writes
 * the difference; the property test checks that any causal interleaving of the same operations, with
 * duplicates, ends in the same cart.
 */
import type { CartIgnoredReason, CartOperation, CartOperationResult } from "../../contract/schemas";
import type { CartPhone } from "../db/schema";

export type CartLineStatus = "open" | "removed" | "submitted";

export interface MergeLine {
  lineId: string;
  phoneId: string;
  productId: number;
  quantity: number;
  options: number[];
  note: string;
  status: CartLineStatus;
  /** `<at>|<op_id>` of the operation that last set the quantity. */
  stamp: string;
  /** The adding operation's `at`: lines are listed in this order. */
  addedAt: string;
}

export interface MergeState {
  lines: ReadonlyMap<string, MergeLine>;
  phones: readonly CartPhone[];
}

export interface MergeLimits {
  /** Open lines a cart holds at most. */
  maxLines: number;
  maxPhones: number;
}

export interface MergeOutcome {
  state: MergeState;
  results: CartOperationResult[];
  /** Lines added or changed (status, quantity), by id. */
  changedLines: Set<string>;
  /** Whether the phones' list changed (a new phone, a name). */
  phonesChanged: boolean;
  /** Operations applied (not duplicates, not ignored). */
  applied: number;
}

/**
 * The stamp that orders two writes of one line or name: the phone's clock, then the operation id.
 * `at` must be normalised first (`Date#toISOString()`), so that stamps compare as strings.
 */
export const stampOf = (operation: Pick<CartOperation, "at" | "op_id">): string => `${operation.at}|${operation.op_id}`;

/** The time part of a stamp (a line's `changed_at`). */
export const stampTime = (stamp: string): string => stamp.slice(0, stamp.indexOf("|"));

export const phoneDisplayName = (phone: Pick<CartPhone, "name" | "number">): string => phone.name ?? `Phone ${phone.number}`;

const statusReason: Record<Exclude<CartLineStatus, "open">, CartIgnoredReason> = { removed: "line_removed", submitted: "line_submitted" };

/**
 * Applies `operations`, made by phone `phoneId`, in order. `handled` says whether an operation id was
 * handled before (by an earlier request); within the request a repeated id is a duplicate too.
 */
export function applyOperations(
  state: MergeState,
  phoneId: string,
  operations: readonly CartOperation[],
  handled: (opId: string) => boolean,
  limits: MergeLimits,
): MergeOutcome {
  const lines = new Map(state.lines);
  const phones = state.phones.map((phone) => ({ ...phone }));
  const changedLines = new Set<string>();
  const seen = new Set<string>();
  const results: CartOperationResult[] = [];
  let phonesChanged = false;
  let applied = 0;
  let openLines = [...lines.values()].filter((line) => line.status === "open").length;

  const ignore = (op: CartOperation, reason: CartIgnoredReason) => results.push({ op_id: op.op_id, result: "ignored", reason });
  const apply = (op: CartOperation) => {
    results.push({ op_id: op.op_id, result: "applied" });
    applied++;
  };

  let phone = phones.find((p) => p.phoneId === phoneId);
  for (const op of operations) {
    if (seen.has(op.op_id) || handled(op.op_id)) {
      results.push({ op_id: op.op_id, result: "duplicate" });
      continue;
    }
    seen.add(op.op_id);
    if (!phone) {
      if (phones.length >= limits.maxPhones) {
        ignore(op, "too_many_phones");
        continue;
      }
      phone = { phoneId, number: phones.reduce((max, p) => Math.max(max, p.number), 0) + 1, name: null, stamp: "" };
      phones.push(phone);
      phonesChanged = true;
    }
    const stamp = stampOf(op);

    if (op.type === "set_name") {
      if (stamp <= phone.stamp) {
        ignore(op, "stale");
        continue;
      }
      phone.name = op.name === "" ? null : op.name;
      phone.stamp = stamp;
      phonesChanged = true;
      apply(op);
      continue;
    }

    const line = lines.get(op.line_id);
    if (op.type === "add_line") {
      if (line) {
        ignore(op, line.status === "open" ? "line_exists" : statusReason[line.status]);
      } else if (openLines >= limits.maxLines) {
        ignore(op, "cart_full");
      } else {
        lines.set(op.line_id, {
          lineId: op.line_id,
          phoneId,
          productId: op.product_id,
          quantity: op.quantity,
          options: [...op.options],
          note: op.note ?? "",
          status: "open",
          stamp,
          addedAt: op.at,
        });
        openLines++;
        changedLines.add(op.line_id);
        apply(op);
      }
      continue;
    }

    if (!line) {
      ignore(op, "line_not_found");
    } else if (line.status !== "open") {
      ignore(op, statusReason[line.status]);
    } else if (op.type === "remove_line") {
      // Removal wins whatever its stamp: a later quantity change finds a tombstone.
      lines.set(line.lineId, { ...line, status: "removed" });
      openLines--;
      changedLines.add(line.lineId);
      apply(op);
    } else if (stamp <= line.stamp) {
      ignore(op, "stale");
    } else {
      lines.set(line.lineId, { ...line, quantity: op.quantity, stamp });
      changedLines.add(line.lineId);
      apply(op);
    }
  }
  return { state: { lines, phones }, results, changedLines, phonesChanged, applied };
}

/** The open lines in the cart's order: by when they were added, then by id (the same on every server). */
export function openLinesInOrder(state: Pick<MergeState, "lines">): MergeLine[] {
  return [...state.lines.values()]
    .filter((line) => line.status === "open")
    .sort((a, b) => (a.addedAt < b.addedAt ? -1 : a.addedAt > b.addedAt ? 1 : a.lineId < b.lineId ? -1 : a.lineId > b.lineId ? 1 : 0));
}
