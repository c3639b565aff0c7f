/**
 * The shared cart's merge rules over random histories (fast-check): several phones add, change, remove
 * lines and name themselves; the operations reach the server in any order a real network allows (a
 * line's changes after its add — a phone only changes a line it has seen), in batches, with replays.
 * Every such delivery ends in the same cart, and every operation is applied or ignored exactly once.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CartOperation, CartOperationResult } from "../../contract/schemas";
import { PROPERTY_TIMEOUT_MS, propertySettings } from "../../tests/support/fast-check-settings";
import { applyOperations, openLinesInOrder, type MergeState } from "./cart-merge";

const LIMITS = { maxLines: 1000, maxPhones: 10 };
const BASE = Date.parse("2026-11-23T18:00:00.000Z");
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, "0")}`;
const phoneId = (n: number) => uuid("00000000", n);

interface Sent {
  phone: string;
  op: CartOperation;
  /** The index of the operation that added the line this one changes. */
  after?: number;
}

type Intent =
  | { kind: "add"; phone: number; quantity: number; product: number; note: string }
  | { kind: "set"; phone: number; target: number; quantity: number; skew: number }
  | { kind: "remove"; phone: number; target: number }
  | { kind: "name"; phone: number; name: string; skew: number };

const intentArb: fc.Arbitrary<Intent> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      phone: fc.nat(3),
      quantity: fc.integer({ min: 1, max: 99 }),
      product: fc.integer({ min: 1, max: 5 }),
      note: fc.constantFrom("", "no onions"),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("set" as const),
      phone: fc.nat(3),
      target: fc.nat(),
      quantity: fc.integer({ min: 1, max: 99 }),
      skew: fc.integer({ min: -3, max: 0 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("remove" as const), phone: fc.nat(3), target: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("name" as const),
      phone: fc.nat(3),
      name: fc.constantFrom("", "Ana", "Bo", "Table end"),
      skew: fc.integer({ min: -3, max: 0 }),
    }),
  },
);

/**
 * The operations the phones made, in the order they made them. A change may carry a time a few
 * seconds before its neighbours (a phone that was offline, or whose clock is behind), so that stale
 * changes are part of the search.
 */
function history(intents: Intent[]): Sent[] {
  const sent: Sent[] = [];
  const adds: number[] = [];
  intents.forEach((intent, i) => {
    const base = {
      op_id: uuid("11111111", i),
      at: new Date(BASE + i * 10_000 + ("skew" in intent ? intent.skew * 10_000 : 0)).toISOString(),
    };
    const phone = phoneId(intent.phone);
    if (intent.kind === "add") {
      adds.push(sent.length);
      sent.push({
        phone,
        op: {
          ...base,
          type: "add_line",
          line_id: uuid("22222222", i),
          product_id: intent.product,
          quantity: intent.quantity,
          options: [],
          note: intent.note || undefined,
        },
      });
      return;
    }
    if (intent.kind === "name") {
      sent.push({ phone, op: { ...base, type: "set_name", name: intent.name } });
      return;
    }
    if (adds.length === 0) return;
    const after = adds[intent.target % adds.length]!;
    const lineId = (sent[after]!.op as Extract<CartOperation, { type: "add_line" }>).line_id;
    const op: CartOperation =
      intent.kind === "set"
        ? { ...base, type: "set_quantity", line_id: lineId, quantity: intent.quantity }
        : { ...base, type: "remove_line", line_id: lineId };
    sent.push({ phone, op, after });
  });
  return sent;
}

/** A delivery order the network allows: random, but each line's add before its changes. */
function deliveryOrder(sent: Sent[], priorities: number[]): number[] {
  const delivered = new Set<number>();
  const order: number[] = [];
  while (order.length < sent.length) {
    let next = -1;
    sent.forEach((s, i) => {
      if (delivered.has(i) || (s.after !== undefined && !delivered.has(s.after))) return;
      if (next < 0 || priorities[i % priorities.length]! < priorities[next % priorities.length]!) next = i;
    });
    delivered.add(next);
    order.push(next);
  }
  return order;
}

/** Sends the operations as the server receives them: consecutive ones of one phone in one request. */
function deliver(deliveries: Sent[]) {
  let state: MergeState = { lines: new Map(), phones: [] };
  const handled = new Set<string>();
  const results: CartOperationResult[] = [];
  for (let i = 0; i < deliveries.length;) {
    let end = i + 1;
    while (end < deliveries.length && end - i < 50 && deliveries[end]!.phone === deliveries[i]!.phone) end++;
    const batch = deliveries.slice(i, end);
    const outcome = applyOperations(
      state,
      batch[0]!.phone,
      batch.map((s) => s.op),
      (id) => handled.has(id),
      LIMITS,
    );
    for (const s of batch) handled.add(s.op.op_id);
    results.push(...outcome.results);
    state = outcome.state;
    i = end;
  }
  return { state, results };
}

/** What a cart is, for comparing two: its open lines as phones see them, which lines are gone, and the names. */
function cartOf(state: MergeState) {
  return {
    open: openLinesInOrder(state).map(({ lineId, phoneId, productId, quantity, options, note }) => ({
      lineId,
      phoneId,
      productId,
      quantity,
      options,
      note,
    })),
    gone: [...state.lines.values()]
      .filter((line) => line.status !== "open")
      .map((line) => line.lineId)
      .sort(),
    names: Object.fromEntries(state.phones.map((phone) => [phone.phoneId, phone.name])),
  };
}

const scenarioArb = fc.record({
  intents: fc.array(intentArb, { minLength: 1, maxLength: 40 }),
  priorities: fc.array(fc.double({ noNaN: true }), { minLength: 1, maxLength: 40 }),
  replays: fc.array(fc.record({ which: fc.nat(), where: fc.nat() }), { maxLength: 15 }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function deliveries({ intents, priorities, replays }: Scenario) {
  const sent = history(intents);
  const order = deliveryOrder(sent, priorities).map((i) => sent[i]!);
  // A replay is a copy of an operation already delivered, anywhere after its first delivery.
  for (const { which, where } of replays) {
    if (order.length === 0) break;
    const first = which % order.length;
    const at = first + 1 + (where % (order.length - first));
    order.splice(at, 0, order[first]!);
  }
  return { sent, order };
}

describe("applyOperations on random histories from several phones", () => {
  it(
    "ends in the same cart whatever the order, batching and replays of delivery, as delivering each operation once in the order made",
    () => {
      fc.assert(
        fc.property(scenarioArb, (scenario) => {
          const { sent, order } = deliveries(scenario);
          const reference = deliver(sent);
          const shuffled = deliver(order);
          expect(cartOf(shuffled.state)).toEqual(cartOf(reference.state));
        }),
        propertySettings(300),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "answers every operation once as applied or ignored and every later copy as a duplicate; the last stamp wins a line's quantity",
    () => {
      fc.assert(
        fc.property(scenarioArb, (scenario) => {
          const { sent, order } = deliveries(scenario);
          const { state, results } = deliver(order);
          expect(results).toHaveLength(order.length);
          const firstAnswers = results.filter((r) => r.result !== "duplicate").map((r) => r.op_id);
          expect(firstAnswers.sort()).toEqual(sent.map((s) => s.op.op_id).sort());

          // An open line's quantity is the one its latest-stamped write (add or change) set.
          for (const line of openLinesInOrder(state)) {
            const writes = sent
              .map((s) => s.op)
              .filter((op) => (op.type === "add_line" || op.type === "set_quantity") && op.line_id === line.lineId)
              .sort((a, b) => (`${a.at}|${a.op_id}` < `${b.at}|${b.op_id}` ? -1 : 1));
            // Changes stamped before the line's add never land, so the latest of all is the add or a later change.
            expect(line.quantity).toBe((writes.at(-1) as Extract<CartOperation, { quantity: number }>).quantity);
          }
        }),
        propertySettings(300),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe("applyOperations, rule by rule", () => {
  const phone = phoneId(1);
  const add = (n: number, at: number): CartOperation => ({
    type: "add_line",
    op_id: uuid("33333333", n),
    at: new Date(BASE + at).toISOString(),
    line_id: uuid("44444444", n),
    product_id: 1,
    quantity: 1,
    options: [],
  });
  const empty: MergeState = { lines: new Map(), phones: [] };

  it("ignores an add past the cart's limit, and a phone past the phones' limit", () => {
    const full = applyOperations(empty, phone, [add(1, 0), add(2, 1), add(3, 2)], () => false, { maxLines: 2, maxPhones: 1 });
    expect(full.results.map((r) => r.reason ?? r.result)).toEqual(["applied", "applied", "cart_full"]);
    const other = applyOperations(full.state, phoneId(2), [add(4, 3)], () => false, { maxLines: 10, maxPhones: 1 });
    expect(other.results).toEqual([{ op_id: uuid("33333333", 4), result: "ignored", reason: "too_many_phones" }]);
    expect(other.applied).toBe(0);
  });

  it("numbers phones in the order they are first heard, and a blank name brings the number back", () => {
    const first = applyOperations(
      empty,
      phoneId(7),
      [{ type: "set_name", op_id: uuid("55555555", 1), at: new Date(BASE).toISOString(), name: "Ana" }],
      () => false,
      LIMITS,
    );
    const second = applyOperations(first.state, phoneId(3), [add(1, 1)], () => false, LIMITS);
    expect(second.state.phones.map((p) => [p.phoneId, p.number, p.name])).toEqual([
      [phoneId(7), 1, "Ana"],
      [phoneId(3), 2, null],
    ]);
    const cleared = applyOperations(
      second.state,
      phoneId(7),
      [{ type: "set_name", op_id: uuid("55555555", 2), at: new Date(BASE + 5).toISOString(), name: "" }],
      () => false,
      LIMITS,
    );
    expect(cleared.state.phones[0]!.name).toBeNull();
    expect(second.state.phones[0]!.name).toBe("Ana");
  });
});
