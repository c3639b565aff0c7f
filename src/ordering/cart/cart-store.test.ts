import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Order, Product, TableCart } from "../../../contract/schemas";

import { memoryStorage } from "../../shared/testing/memory-storage";

const storage = memoryStorage();
Object.assign(globalThis, { localStorage: storage });

let store: typeof import("./cart-store");
beforeAll(async () => {
  store = await import("./cart-store");
});

const nachos: Product = {
  id: 7,
  name: "Nachos",
  description: "Tortilla chips.",
  price: "11.99",
  available: true,
  allergens: [],
  diet: [],
  prep_station: "kitchen",
  prep_minutes: 10,
  stock: null,
  customizations: {
    "Add-ons": { exclusive: false, required: false, options: [{ id: 201, name: "Pork Belly", price: "3.00" }] },
  },
};
const porkBelly = { id: 201, name: "Pork Belly", price: "3.00", group: "Add-ons" };
const thornhillTable = { id: "0b8e4c1e-6a53-4d6e-9c43-7d1f0c2b9a10", branchId: 1, codename: "3" };
const pickeringTable = { id: "5f3d2a71-1c9b-4e1f-8a4e-2b6c9d0e7f31", branchId: 2, codename: "1" };

beforeEach(() => {
  store.useCart.getState().clear(false);
  storage.clear();
});

describe("cart persistence", () => {
  it("writes the cart shape under the key `cart` and the table under `cart.meta`", () => {
    const { useCart, CART_KEY, CART_META_KEY } = store;
    useCart.getState().enterTable(thornhillTable);
    useCart.getState().add(nachos, [porkBelly]);
    useCart.getState().add(nachos, [porkBelly]);

    // The shape older app versions stored, plus the shared cart's line id and who added it.
    expect(JSON.parse(storage.getItem(CART_KEY)!)).toEqual({
      "7": [
        {
          id: 7,
          name: "Nachos",
          description: "Tortilla chips.",
          quantity: 2,
          price: "11.99",
          customizedPrice: "14.99",
          selectedCustomizations: { "201": porkBelly },
          lineId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          phoneId: useCart.getState().phoneId,
          phoneName: "",
        },
      ],
    });
    const meta = JSON.parse(storage.getItem(CART_META_KEY)!);
    expect(meta).toMatchObject({ station: thornhillTable, submission: null, phoneId: useCart.getState().phoneId });
    // The queued operations are kept too: one add, then one quantity change of the same line.
    expect(meta.shared.pending.map((op: { type: string }) => op.type)).toEqual(["add_line", "set_quantity"]);
  });

  it("restores the cart and its table from storage (entering the order screen)", async () => {
    const { useCart, CART_KEY, CART_META_KEY } = store;
    storage.setItem(
      CART_KEY,
      JSON.stringify({
        "7": [
          { id: 7, name: "Nachos", description: "", quantity: 3, price: "11.99", customizedPrice: "11.99", selectedCustomizations: {} },
        ],
      }),
    );
    storage.setItem(CART_META_KEY, JSON.stringify({ station: pickeringTable, submission: null, problem: null, version: 1 }));
    await useCart.persist.rehydrate();
    expect(useCart.getState().cart["7"]![0]!.quantity).toBe(3);
    expect(useCart.getState().table).toEqual(pickeringTable);
  });

  it("starts empty when storage holds something that is not a cart", async () => {
    const { useCart, CART_KEY } = store;
    storage.setItem(CART_KEY, "{not json");
    await useCart.persist.rehydrate();
    expect(useCart.getState().cart).toEqual({});
    storage.setItem(CART_KEY, JSON.stringify({ 7: "nachos" }));
    await useCart.persist.rehydrate();
    expect(useCart.getState().cart).toEqual({});
  });

  it.each([
    ["not JSON", "{not json"],
    ["a list", "[]"],
    ["a string", '"cart"'],
    ["wrong field types", JSON.stringify({ station: "table 3", submission: { state: "flying", key: 7 }, problem: 5, version: "x" })],
    [
      "a table without a branch",
      JSON.stringify({ station: { id: "0b8e4c1e-6a53-4d6e-9c43-7d1f0c2b9a10" }, submission: null, problem: null, version: 1 }),
    ],
    [
      "a submitted order without its order",
      JSON.stringify({ station: null, submission: { state: "submitted", key: "k" }, problem: null, version: 1 }),
    ],
    [
      "a submitted order missing its totals",
      JSON.stringify({ submission: { state: "submitted", key: "k", order: { id: "o", number: 1, status: "received" } }, version: 1 }),
    ],
  ])("reads cart.meta holding %s as empty defaults, keeping the cart itself", async (_name, meta) => {
    const { useCart, CART_KEY, CART_META_KEY } = store;
    storage.setItem(
      CART_KEY,
      JSON.stringify({
        "7": [
          { id: 7, name: "Nachos", description: "", quantity: 2, price: "11.99", customizedPrice: "11.99", selectedCustomizations: {} },
        ],
      }),
    );
    storage.setItem(CART_META_KEY, meta);
    await useCart.persist.rehydrate();
    expect(useCart.getState()).toMatchObject({ table: null, submission: null, problem: null });
    expect(useCart.getState().cart["7"]![0]!.quantity).toBe(2);
  });

  it("keeps what is readable in cart.meta, field by field, whatever version number it carries", async () => {
    const { useCart, CART_META_KEY } = store;
    storage.setItem(
      CART_META_KEY,
      JSON.stringify({ station: thornhillTable, submission: { state: "queued", key: "key-1" }, problem: { code: 1 }, version: 99 }),
    );
    await useCart.persist.rehydrate();
    expect(useCart.getState()).toMatchObject({ table: thornhillTable, submission: { state: "queued", key: "key-1" }, problem: null });
  });

  it("Remove 1 is persisted too", () => {
    const { useCart, CART_KEY } = store;
    useCart.getState().enterTable(thornhillTable);
    useCart.getState().add(nachos, []);
    useCart.getState().add(nachos, []);
    useCart.getState().removeOne(7, "");
    expect(JSON.parse(storage.getItem(CART_KEY)!)["7"][0].quantity).toBe(1);
  });
});

describe("the cart's table", () => {
  it("empties a cart from another branch when the diner scans a table of this one", () => {
    const { useCart } = store;
    useCart.getState().enterTable(thornhillTable);
    useCart.getState().add(nachos, []);
    expect(useCart.getState().enterTable(pickeringTable)).toBe(true);
    expect(useCart.getState().cart).toEqual({});
    expect(useCart.getState().table).toEqual(pickeringTable);
  });

  it("shows the new table's own cart when the diner moves to another table of the same branch (each table's cart is shared there)", () => {
    const { useCart } = store;
    useCart.getState().enterTable(thornhillTable);
    useCart.getState().add(nachos, []);
    const otherTable = { ...thornhillTable, id: "9c1a7e55-2b3d-4f6a-8e9d-0a1b2c3d4e5f", codename: "Bar 1" };
    expect(useCart.getState().enterTable(otherTable)).toBe(false);
    expect(useCart.getState().table).toEqual(otherTable);
    expect(useCart.getState().shared.tableId).toBe(otherTable.id);
    expect(useCart.getState().cart).toEqual({});
  });

  it("adds a cart kept by an older version of the app (lines without ids) to the table's shared cart", async () => {
    const { useCart, CART_KEY, CART_META_KEY } = store;
    storage.setItem(
      CART_KEY,
      JSON.stringify({
        "7": [
          {
            id: 7,
            name: "Nachos",
            description: "",
            quantity: 2,
            price: "11.99",
            customizedPrice: "14.99",
            selectedCustomizations: { "201": porkBelly },
          },
        ],
      }),
    );
    storage.setItem(CART_META_KEY, JSON.stringify({ station: thornhillTable, submission: null, problem: null, version: 1 }));
    await useCart.persist.rehydrate();
    useCart.getState().enterTable(thornhillTable);
    expect(useCart.getState().shared.pending).toMatchObject([{ type: "add_line", product_id: 7, quantity: 2, options: [201] }]);
    expect(store.sharedLines(useCart.getState())).toMatchObject([{ id: 7, quantity: 2, customizedPrice: "14.99" }]);
  });

  it("a sent order stays with the table it was sent from", () => {
    const { useCart } = store;
    useCart.getState().enterTable(thornhillTable);
    useCart.getState().add(nachos, []);
    useCart.getState().setSubmission({ state: "queued", key: "k" });
    useCart.getState().enterTable({ ...thornhillTable, id: "9c1a7e55-2b3d-4f6a-8e9d-0a1b2c3d4e5f" });
    expect(useCart.getState().table).toEqual(thornhillTable);
  });
});

describe("a finished order", () => {
  it("is put away when the diner next scans a table: served, cancelled, or placed over 12 hours ago", () => {
    const { useCart, isOver } = store;
    const now = Date.parse("2025-01-05T20:00:00Z");
    expect(isOver({ status: "served", created_at: "2025-01-05T19:00:00Z" }, now)).toBe(true);
    expect(isOver({ status: "cancelled", created_at: "2025-01-05T19:00:00Z" }, now)).toBe(true);
    expect(isOver({ status: "ready", created_at: "2025-01-05T19:00:00Z" }, now)).toBe(false);
    expect(isOver({ status: "ready", created_at: "2025-01-05T07:00:00Z" }, now)).toBe(true);

    useCart.getState().enterTable(thornhillTable);
    useCart.getState().add(nachos, []);
    const order = { id: "o-1", number: 3, status: "preparing", created_at: new Date().toISOString() } as Order;
    useCart.getState().setSubmission({ state: "submitted", key: "k", order });
    useCart.getState().enterTable(thornhillTable);
    expect(useCart.getState().submission).not.toBeNull(); // still being prepared: keep following it
    useCart.getState().updateOrder({ ...order, status: "served" });
    useCart.getState().enterTable(thornhillTable);
    expect(useCart.getState()).toMatchObject({ cart: {}, submission: null, table: thornhillTable });
  });
});

describe("submission state", () => {
  it("locks the cart while sent, keeps the live order current, and Return home empties everything", () => {
    const { useCart, isLocked } = store;
    useCart.getState().enterTable(thornhillTable);
    useCart.getState().add(nachos, []);
    const order = { id: "o-1", number: 12, status: "received" } as Order;
    useCart.getState().setSubmission({ state: "submitted", key: "k", order });
    expect(isLocked(useCart.getState())).toBe(true);
    useCart.getState().updateOrder({ ...order, status: "preparing" });
    expect(useCart.getState().submission).toMatchObject({ order: { status: "preparing" } });
    useCart.getState().updateOrder({ ...order, id: "another", status: "served" });
    expect(useCart.getState().submission).toMatchObject({ order: { status: "preparing" } });
    useCart.getState().clear(false);
    expect(useCart.getState()).toMatchObject({ cart: {}, submission: null, table: null });
    expect(JSON.parse(storage.getItem(store.CART_KEY)!)).toEqual({});
  });
});

describe("rounds (a table orders as many as it likes)", () => {
  const placed = (id: string, number: number, minutesAgo: number, status = "received") =>
    ({ id, number, status, created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString() }) as Order;

  it("keeps every order of the visit, oldest first, each at its latest status; a newer view replaces an older one", () => {
    const first = placed("o-1", 7, 30);
    const second = placed("o-2", 8, 5);
    let rounds = store.withRound([], second);
    rounds = store.withRound(rounds, first);
    expect(rounds.map((order) => order.id)).toEqual(["o-1", "o-2"]);
    rounds = store.withRound(rounds, { ...first, status: "served" });
    expect(rounds.map((order) => [order.id, order.status])).toEqual([
      ["o-1", "served"],
      ["o-2", "received"],
    ]);
    // An order from another day is no round of this visit.
    expect(store.withRound(rounds, placed("o-0", 1, 60 * 24)).map((order) => order.id)).toEqual(["o-1", "o-2"]);
  });

  it("starts the next round when the diner adds after a submit: the sent view gives way, the order stays a round", () => {
    const { useCart, isLocked, isSending } = store;
    useCart.getState().enterTable(thornhillTable);
    useCart.getState().add(nachos, []);
    useCart.getState().setSubmission({ state: "sending", key: "k" });
    expect(isSending(useCart.getState())).toBe(true);
    const order = placed("o-1", 12, 0);
    useCart.getState().setSubmission({ state: "submitted", key: "k", order });
    expect(isLocked(useCart.getState())).toBe(true);
    expect(isSending(useCart.getState())).toBe(false);
    expect(useCart.getState().rounds.map((round) => round.id)).toEqual(["o-1"]);

    useCart.getState().add(nachos, [porkBelly]);
    expect(useCart.getState().submission).toBeNull();
    expect(isLocked(useCart.getState())).toBe(false);
    expect(store.sharedLines(useCart.getState()).map((line) => line.quantity)).toEqual(expect.arrayContaining([1]));
    expect(useCart.getState().rounds.map((round) => round.id)).toEqual(["o-1"]);
    // Its status still follows, and the rounds are kept across a reload.
    useCart.getState().updateOrder({ ...order, status: "preparing" });
    expect(useCart.getState().rounds[0]).toMatchObject({ status: "preparing" });
    expect(JSON.parse(storage.getItem(store.CART_META_KEY)!).rounds).toHaveLength(1);
  });

  it("counts another phone's submit as a round, and forgets them all at another table or after the visit", () => {
    const { useCart } = store;
    useCart.getState().enterTable(thornhillTable);
    const theirs = placed("o-5", 3, 1);
    useCart.getState().receiveCart({
      station_id: thornhillTable.id,
      branch_id: 1,
      version: 2,
      submitting: false,
      priced_at: "2026-11-24T20:00:00.000Z",
      lines: [],
      subtotal: "0.00",
      tax: "0.00",
      total: "0.00",
      last_order: theirs,
    });
    expect(useCart.getState().rounds.map((round) => round.id)).toEqual(["o-5"]);
    store.forgetRounds();
    expect(useCart.getState().rounds).toEqual([]);
    useCart.getState().receiveCart({
      station_id: thornhillTable.id,
      branch_id: 1,
      version: 3,
      submitting: false,
      priced_at: "2026-11-24T20:00:00.000Z",
      lines: [],
      subtotal: "0.00",
      tax: "0.00",
      total: "0.00",
      last_order: theirs,
    });
    useCart.getState().enterTable({ ...thornhillTable, id: "9c1a7e55-2b3d-4f6a-8e9d-0a1b2c3d4e5f" });
    expect(useCart.getState().rounds).toEqual([]);
  });
});

describe("the shared cart's queue", () => {
  const serverCart = (lines: Partial<TableCart["lines"][number]>[], version = 3): TableCart => ({
    station_id: thornhillTable.id,
    branch_id: 1,
    version,
    submitting: false,
    priced_at: "2026-11-24T20:00:00.000Z",
    lines: lines.map((line) => ({
      line_id: "11111111-1111-4111-8111-111111111111",
      phone_id: "22222222-2222-4222-8222-222222222222",
      phone_name: "Phone 1",
      product_id: 7,
      name: "Nachos",
      quantity: 1,
      options: [],
      unit_price: "11.99",
      line_total: "11.99",
      available: true,
      changed_at: "2030-01-01T12:00:00.000Z",
      ...line,
    })),
    subtotal: "11.99",
    tax: "1.56",
    total: "13.55",
  });

  it("stamps every operation later than any stamp seen: its own previous ones and the server's lines", () => {
    const { useCart } = store;
    useCart.getState().enterTable(thornhillTable);
    // The server's line was changed "in the future" by this phone's slow clock.
    useCart.getState().receiveCart(serverCart([{}]));
    useCart.getState().removeOne(7, "", "11111111-1111-4111-8111-111111111111");
    useCart.getState().add(nachos, []);
    useCart.getState().setName("Ana");
    const stamps = useCart.getState().shared.pending.map((op) => op.at);
    expect(stamps[0]! > "2030-01-01T12:00:00.000Z").toBe(true);
    expect([...stamps].sort()).toEqual(stamps);
    expect(new Set(stamps).size).toBe(3);
    expect(new Set(useCart.getState().shared.pending.map((op) => op.op_id)).size).toBe(3);
  });

  it("shows the server's cart with its own pending operations on top, and drops an operation once answered", () => {
    const { useCart } = store;
    useCart.getState().enterTable(thornhillTable);
    useCart.getState().receiveCart(serverCart([{ quantity: 2 }]));
    useCart.getState().removeOne(7, "", "11111111-1111-4111-8111-111111111111");
    useCart.getState().add(nachos, [porkBelly]);
    expect(store.sharedLines(useCart.getState()).map((line) => [line.name, line.quantity, line.phoneName])).toEqual([
      ["Nachos", 1, "Phone 1"],
      ["Nachos", 1, ""],
    ]);
    const [change, add] = useCart.getState().shared.pending;
    // The server answers the first: it leaves the queue; the second still shows on top of the new cart.
    useCart.getState().answered([change!.op_id], serverCart([{ quantity: 1 }], 4));
    expect(useCart.getState().shared.pending).toEqual([add]);
    expect(store.sharedLines(useCart.getState()).map((line) => line.quantity)).toEqual([1, 1]);
    // An older cart (an event that arrived late) never replaces a newer one; another table's is ignored.
    useCart.getState().receiveCart(serverCart([{ quantity: 2 }], 3));
    useCart.getState().receiveCart({ ...serverCart([], 9), station_id: pickeringTable.id });
    expect(useCart.getState().shared.server?.version).toBe(4);
  });

  it("keeps the later-priced of two answers of one version: a happy hour's end is not undone by a late answer", () => {
    const { useCart } = store;
    useCart.getState().enterTable(thornhillTable);
    const inHappyHour = { ...serverCart([{ unit_price: "8.99", line_total: "8.99" }], 4), priced_at: "2026-11-24T22:59:59.000Z" };
    const after = { ...serverCart([{ unit_price: "11.99", line_total: "11.99" }], 4), priced_at: "2026-11-24T23:00:00.500Z" };
    // The re-read at the boundary answers first; the write's answer, priced a moment before it, comes late.
    useCart.getState().receiveCart(after);
    useCart.getState().answered([], inHappyHour);
    expect(store.sharedLines(useCart.getState()).map((line) => line.customizedPrice)).toEqual(["11.99"]);
    // In the usual order, the later-priced answer of the same version replaces the earlier one.
    useCart.getState().enterTable(pickeringTable);
    useCart.getState().enterTable(thornhillTable);
    useCart.getState().receiveCart(inHappyHour);
    useCart.getState().receiveCart(after);
    expect(store.sharedLines(useCart.getState()).map((line) => line.customizedPrice)).toEqual(["11.99"]);
    // A cart kept by an older app has no pricing time: an answer of its version replaces it.
    const { priced_at: _priced, ...unstamped } = inHappyHour;
    useCart.setState({ shared: { ...useCart.getState().shared, server: unstamped as TableCart } });
    useCart.getState().receiveCart(after);
    expect(useCart.getState().shared.server?.priced_at).toBe(after.priced_at);
  });

  it("follows the table's order sent from another phone: shown while it runs, its status kept current, gone once over or emptied", () => {
    const { useCart, tableOrder } = store;
    useCart.getState().enterTable(thornhillTable);
    useCart.getState().receiveCart(serverCart([{}], 3));
    expect(tableOrder(useCart.getState())).toBeNull();

    // Another phone submitted: the cart that emptied comes with the order.
    const order = { id: "o-9", number: 41, status: "received", seen_at: null, created_at: new Date().toISOString() } as Order;
    useCart.getState().receiveCart({ ...serverCart([], 4), last_order: order });
    expect(tableOrder(useCart.getState())).toMatchObject({ id: "o-9", number: 41 });
    expect(store.sharedLines(useCart.getState())).toEqual([]);
    expect(store.isLocked(useCart.getState())).toBe(false); // the next round is this phone's to fill

    // Its live status lands on the table's order (this phone has no submission of its own), and is kept.
    useCart.getState().updateOrder({ ...order, status: "preparing" });
    expect(tableOrder(useCart.getState())).toMatchObject({ id: "o-9", status: "preparing" });
    expect(JSON.parse(storage.getItem(store.CART_META_KEY)!).shared.server.last_order.status).toBe("preparing");
    useCart.getState().updateOrder({ ...order, id: "another", status: "ready" });
    expect(tableOrder(useCart.getState())?.status).toBe("preparing");

    useCart.getState().updateOrder({ ...order, status: "served" });
    expect(tableOrder(useCart.getState())).toBeNull();
    useCart.getState().receiveCart({ ...serverCart([], 5), last_order: { ...order, status: "ready" } });
    expect(tableOrder(useCart.getState())).not.toBeNull();
    useCart.getState().receiveCart(serverCart([], 6)); // emptied (a closed tab)
    expect(tableOrder(useCart.getState())).toBeNull();
  });
});

describe("the stored layout (phones keep it across a deploy)", () => {
  // cart.meta exactly as the app in service writes it: the table under `station`, the shared cart's
  // table under `shared.stationId` (the wire's word). A phone holding it when a new version is deployed
  // mid-service must come back bound to its table, with its lines, and write the same layout again.
  const lineId = "11111111-1111-4111-8111-111111111111";
  const phoneId = "33333333-3333-4333-8333-333333333333";
  const storedCart = JSON.stringify({
    "7": [
      {
        id: 7,
        name: "Nachos",
        description: "Tortilla chips.",
        quantity: 2,
        price: "11.99",
        customizedPrice: "11.99",
        selectedCustomizations: {},
        lineId,
        phoneId,
        phoneName: "Phone 1",
      },
    ],
  });
  const storedMeta = `{
    "station": { "id": "0b8e4c1e-6a53-4d6e-9c43-7d1f0c2b9a10", "branchId": 1, "codename": "3" },
    "submission": null,
    "problem": null,
    "phoneId": "${phoneId}",
    "shared": {
      "stationId": "0b8e4c1e-6a53-4d6e-9c43-7d1f0c2b9a10",
      "server": {
        "station_id": "0b8e4c1e-6a53-4d6e-9c43-7d1f0c2b9a10",
        "branch_id": 1,
        "version": 3,
        "submitting": false,
        "lines": [
          {
            "line_id": "${lineId}",
            "phone_id": "${phoneId}",
            "phone_name": "Phone 1",
            "product_id": 7,
            "name": "Nachos",
            "quantity": 2,
            "options": [],
            "unit_price": "11.99",
            "line_total": "23.98",
            "available": true,
            "changed_at": "2026-11-27T12:00:00.000Z"
          }
        ],
        "subtotal": "23.98",
        "tax": "3.12",
        "total": "27.10"
      },
      "pending": [],
      "seen": "2026-11-27T12:00:00.000Z"
    },
    "version": 1
  }`;

  it("reads today's cart.meta back bound to its table, with its lines: entering the table adds nothing again", async () => {
    const { useCart, CART_KEY, CART_META_KEY } = store;
    storage.setItem(CART_KEY, storedCart);
    storage.setItem(CART_META_KEY, storedMeta);
    await useCart.persist.rehydrate();
    expect(useCart.getState().table).toEqual(thornhillTable);
    expect(useCart.getState().shared.tableId).toBe(thornhillTable.id);
    expect(useCart.getState().shared.server?.version).toBe(3);
    expect(useCart.getState().phoneId).toBe(phoneId);

    // The QR link of the same table: the server's lines are the table's, not a legacy cart to add again.
    useCart.getState().enterTable(thornhillTable);
    expect(useCart.getState().shared.pending).toEqual([]);
    expect(store.sharedLines(useCart.getState()).map((line) => [line.lineId, line.quantity])).toEqual([[lineId, 2]]);
  });

  it("writes the same layout back", async () => {
    const { useCart, CART_KEY, CART_META_KEY } = store;
    storage.setItem(CART_KEY, storedCart);
    storage.setItem(CART_META_KEY, storedMeta);
    await useCart.persist.rehydrate();
    useCart.getState().setName("Ana");

    const written = JSON.parse(storage.getItem(CART_META_KEY)!);
    const before = JSON.parse(storedMeta);
    // Every field it had, in its place; the rounds of the visit (fifth round) come beside them.
    expect(Object.keys(written).filter((key) => key !== "rounds")).toEqual(Object.keys(before));
    expect(written.rounds).toEqual([]);
    expect(Object.keys(written.shared)).toEqual(Object.keys(before.shared));
    expect(written).toMatchObject({
      station: before.station,
      phoneId,
      shared: { stationId: thornhillTable.id, server: before.shared.server },
      version: 1,
    });
    expect(written.shared.pending.map((op: { type: string }) => op.type)).toEqual(["set_name"]);
  });
});
