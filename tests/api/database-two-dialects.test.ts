/**
 * One repository, two databases: the functions below are written once against `Db` and `tables`,
 * as the repositories will be, and every test runs them on a SQLite file and on a throwaway
 * PostgreSQL database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle, type Db, type Tables } from "../../api/db/database";
import { affectedRows, dialectOf, isUniqueViolation, lockInTransaction, tablesOf } from "../../api/db/dialect";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../support/postgres";

// ---- a repository, written once: it needs only the db or tx it is given ----------------------

async function addProduct(db: Db, product: { branchId: number; name: string; priceCents: number }) {
  const t = tablesOf(db);
  const [row] = await db
    .insert(t.products)
    .values({ ...product, categoryKey: "grill" })
    .returning();
  return row!;
}

async function findProduct(db: Db, id: number) {
  const t = tablesOf(db);
  const [row] = await db.select().from(t.products).where(eq(t.products.id, id)).limit(1);
  return row;
}

async function setAvailable(db: Db, id: number, available: boolean) {
  const t = tablesOf(db);
  const [row] = await db
    .update(t.products)
    .set({ available })
    .where(eq(t.products.id, id))
    .returning({ id: t.products.id, available: t.products.available });
  return row;
}

/**
 * One atomic statement (the sign-in throttle's): a failure counts in the current window, or starts a
 * new one when the old has ended. No read-then-write, so concurrent counts are never lost.
 */
async function countFailure(db: Db, key: string, now: number, windowMs = 900_000): Promise<{ attempts: number; windowEndsAt: number }> {
  const t = tablesOf(db);
  const expired = sql`${t.loginAttempts.windowEndsAt} <= ${now}`;
  const [row] = await db
    .insert(t.loginAttempts)
    .values({ key, attempts: 1, windowEndsAt: now + windowMs })
    .onConflictDoUpdate({
      target: t.loginAttempts.key,
      // Every expression in SET sees the row as it was before this update, on both databases.
      set: {
        attempts: sql`CASE WHEN ${expired} THEN 1 ELSE ${t.loginAttempts.attempts} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${expired} THEN ${now + windowMs} ELSE ${t.loginAttempts.windowEndsAt} END`,
      },
    })
    .returning({ attempts: t.loginAttempts.attempts, windowEndsAt: t.loginAttempts.windowEndsAt });
  return row!;
}

interface NewOrder {
  id: string;
  branchId: number;
  number: number;
  createdAt: string;
  lines: {
    productId: number;
    name: string;
    quantity: number;
    unitPriceCents: number;
    options: { id: number; name: string; priceCents: number }[];
  }[];
}

async function insertOrder(db: Db, order: NewOrder): Promise<number> {
  const t = tablesOf(db);
  const total = order.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  await db.insert(t.orders).values({
    id: order.id,
    branchId: order.branchId,
    number: order.number,
    tableId: "station-1",
    tableCodename: "T1",
    status: "received",
    subtotalCents: total,
    taxCents: 0,
    totalCents: total,
    createdAt: order.createdAt,
    updatedAt: order.createdAt,
  });
  await db
    .insert(t.orderLines)
    .values(
      order.lines.map((line, position) => ({ ...line, orderId: order.id, position, lineTotalCents: line.quantity * line.unitPriceCents })),
    );
  const [event] = await db
    .insert(t.events)
    .values({
      branchId: order.branchId,
      type: "order.created",
      orderId: order.id,
      payload: JSON.stringify({ id: order.id }),
      createdAt: order.createdAt,
    })
    .returning({ id: t.events.id });
  return event!.id;
}

async function ordersSince(db: Db, branchId: number, since: string) {
  const t = tablesOf(db);
  return db
    .select({
      id: t.orders.id,
      number: t.orders.number,
      createdAt: t.orders.createdAt,
      line: t.orderLines.name,
      options: t.orderLines.options,
    })
    .from(t.orders)
    .innerJoin(t.orderLines, eq(t.orderLines.orderId, t.orders.id))
    .where(and(eq(t.orders.branchId, branchId), gte(t.orders.createdAt, since)))
    .orderBy(desc(t.orders.createdAt), asc(t.orderLines.position));
}

async function appendEvent(tx: Db, branchId: number): Promise<number> {
  const t = tablesOf(tx);
  await lockInTransaction(tx, "eventAppend");
  const [row] = await tx
    .insert(t.events)
    .values({ branchId, type: "product.updated", payload: "{}", createdAt: new Date().toISOString() })
    .returning({ id: t.events.id });
  return row!.id;
}

async function visibleEventIds(db: Db): Promise<number[]> {
  const t = tablesOf(db);
  const rows = await db.select({ id: t.events.id }).from(t.events).orderBy(asc(t.events.id));
  return rows.map((r) => r.id);
}

// ---- the same tests on both databases ------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(["sqlite", "postgres"] as const)("one repository on %s", (dialect) => {
  let handle: DatabaseHandle;
  let db: Db;
  let t: Tables;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (dialect === "postgres") {
      const database: ThrowawayDatabase = await createThrowawayDatabase();
      handle = await openDatabase({ url: database.url, path: "" });
      cleanup = async () => {
        await handle.close();
        await database.drop();
      };
    } else {
      const dir = mkdtempSync(join(tmpdir(), "limitless-dialects-"));
      handle = await openDatabase({ path: join(dir, "test.db") });
      cleanup = async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      };
    }
    ({ db, tables: t } = handle);
    await handle.transaction(async (tx) => {
      await tx.insert(t.branches).values([
        { id: 1, name: "Thornhill", address: "1 Main St" },
        { id: 2, name: "Pickering", address: "2 Main St" },
      ]);
      await tx.insert(t.categories).values({ key: "grill", title: "Grill", position: 0 });
    });
  });
  afterAll(async () => cleanup?.());

  it("runs on the dialect it was opened for", () => {
    expect(handle.dialect).toBe(dialect);
    expect(dialectOf(db)).toBe(dialect);
    expect(tablesOf(db)).toBe(t);
  });

  it("inserts with returning, fills defaults, selects, and updates with returning", async () => {
    const first = await handle.transaction((tx) => addProduct(tx, { branchId: 1, name: "Pork BBQ", priceCents: 1299 }));
    const second = await handle.transaction((tx) => addProduct(tx, { branchId: 1, name: "Chicken BBQ", priceCents: 1199 }));
    expect(first).toEqual({
      id: first.id,
      branchId: 1,
      categoryKey: "grill",
      name: "Pork BBQ",
      description: "",
      priceCents: 1299,
      available: true,
      weekday: null,
      position: 0,
      allergens: [],
      diet: [],
      prepArea: "kitchen",
      prepMinutes: 10,
      stock: null,
      happyHourPriceCents: null,
      translations: {},
    });
    expect(second.id).toBeGreaterThan(first.id);

    expect(await findProduct(db, first.id)).toEqual(first);
    expect(await handle.transaction((tx) => setAvailable(tx, first.id, false))).toEqual({ id: first.id, available: false });
    expect((await findProduct(db, first.id))?.available).toBe(false);
    expect(await findProduct(db, 999_999)).toBeUndefined();
    expect(await db.$count(t.products, eq(t.products.branchId, 1))).toBe(2);
    expect(await db.selectDistinct({ branchId: t.products.branchId }).from(t.products)).toEqual([{ branchId: 1 }]);
  });

  it("counts with one upsert, so concurrent counts are never lost, and starts a new window when one ends", async () => {
    const now = Date.UTC(2040, 0, 1); // epoch ms beyond a 32-bit integer
    expect(await handle.transaction((tx) => countFailure(tx, "sequential", now, 1000))).toEqual({ attempts: 1, windowEndsAt: now + 1000 });
    expect(await handle.transaction((tx) => countFailure(tx, "sequential", now + 999, 1000))).toEqual({
      attempts: 2,
      windowEndsAt: now + 1000,
    });
    expect(await handle.transaction((tx) => countFailure(tx, "sequential", now + 1000, 1000))).toEqual({
      attempts: 1,
      windowEndsAt: now + 2000,
    });

    const counts = await Promise.all(Array.from({ length: 20 }, () => handle.transaction((tx) => countFailure(tx, "concurrent", now))));
    expect(counts.map((c) => c.attempts).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const [row] = await db.select().from(t.loginAttempts).where(eq(t.loginAttempts.key, "concurrent"));
    expect(row).toEqual({ key: "concurrent", attempts: 20, windowEndsAt: now + 900_000 });
  });

  it("gives back times as the ISO strings written, JSON as written, and compares times as instants", async () => {
    const options = [{ id: 7, name: "Extra rice — 2×", priceCents: 150 }];
    const times = ["2026-11-23T10:14:03.123Z", "2026-11-23T10:14:03.124Z", "2026-03-08T07:00:00.000Z"];
    const eventIds: number[] = [];
    await handle.transaction(async (tx) => {
      for (const [index, createdAt] of times.entries()) {
        eventIds.push(
          await insertOrder(tx, {
            id: `order-time-${index}`,
            branchId: 2,
            number: index + 1,
            createdAt,
            lines: [{ productId: 1, name: "Pork BBQ", quantity: 2, unitPriceCents: 1299, options }],
          }),
        );
      }
    });
    expect(eventIds.every((id) => typeof id === "number")).toBe(true);
    expect(eventIds).toEqual([...eventIds].sort((a, b) => a - b));

    const rows = await ordersSince(db, 2, "2026-11-23T10:14:03.124Z");
    expect(rows).toEqual([{ id: "order-time-1", number: 2, createdAt: "2026-11-23T10:14:03.124Z", line: "Pork BBQ", options }]);
    const before = await db
      .select({ id: t.orders.id })
      .from(t.orders)
      .where(and(eq(t.orders.branchId, 2), lt(t.orders.createdAt, "2026-11-23T10:14:03.123Z")));
    expect(before).toEqual([{ id: "order-time-2" }]);

    // A default the database fills in reads back in the same format.
    await handle.transaction((tx) => tx.insert(t.diningTables).values({ id: "station-default", branchId: 1, codename: "T9", capacity: 4 }));
    const [station] = await db
      .select({ createdAt: t.diningTables.createdAt })
      .from(t.diningTables)
      .where(eq(t.diningTables.id, "station-default"));
    expect(station!.createdAt).toMatch(ISO_UTC);
    // Near the database's own clock, which filled the default in: a PostgreSQL server may keep another
    // time than this process (a test run under faketime moves this process only).
    const databaseNow =
      handle.dialect === "postgres" ? (await handle.pool.query<{ now: Date }>("SELECT now() AS now")).rows[0]!.now.getTime() : Date.now();
    expect(Math.abs(Date.parse(station!.createdAt) - databaseNow)).toBeLessThan(60_000);
  });

  it("commits a transaction as a whole, and rolls all of it back when the callback throws", async () => {
    const order = (id: string, number: number): NewOrder => ({
      id,
      branchId: 1,
      number,
      createdAt: new Date().toISOString(),
      lines: [{ productId: 1, name: "Pork BBQ", quantity: 1, unitPriceCents: 1299, options: [] }],
    });
    const failure = new Error("the kitchen said no");
    await expect(
      handle.transaction(async (tx) => {
        await insertOrder(tx, order("order-rolled-back", 100));
        expect(await tx.$count(t.orders, eq(t.orders.id, "order-rolled-back"))).toBe(1); // its own writes are visible inside
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await db.$count(t.orders, eq(t.orders.id, "order-rolled-back"))).toBe(0);
    expect(await db.$count(t.orderLines, eq(t.orderLines.orderId, "order-rolled-back"))).toBe(0);

    const result = await handle.transaction(async (tx) => {
      await insertOrder(tx, order("order-committed", 101));
      return "placed";
    });
    expect(result).toBe("placed");
    expect(await db.$count(t.orderLines, eq(t.orderLines.orderId, "order-committed"))).toBe(1);
  });

  it("rolls back earlier writes when a statement fails, and names a unique violation", async () => {
    let caught: unknown;
    await handle
      .transaction(async (tx) => {
        await tx.insert(t.idempotencyKeys).values({
          key: "before-the-failure",
          requestHash: "h",
          statusCode: 201,
          responseBody: "{}",
          createdAt: new Date().toISOString(),
        });
        await tx.insert(t.branches).values({ id: 1, name: "Duplicate", address: "" });
      })
      .catch((error: unknown) => (caught = error));
    expect(isUniqueViolation(caught)).toBe(true);
    expect(isUniqueViolation(new Error("something else"))).toBe(false);
    expect(await db.$count(t.idempotencyKeys, eq(t.idempotencyKeys.key, "before-the-failure"))).toBe(0);
  });

  it("reports how many rows an update or delete touched", async () => {
    const updated = await handle.transaction((tx) => tx.update(t.products).set({ position: 5 }).where(eq(t.products.branchId, 1)));
    expect(affectedRows(updated)).toBe(await db.$count(t.products, eq(t.products.branchId, 1)));
    const deleted = await handle.transaction((tx) => tx.delete(t.loginAttempts).where(eq(t.loginAttempts.key, "sequential")));
    expect(affectedRows(deleted)).toBe(1);
    const none = await handle.transaction((tx) => tx.delete(t.loginAttempts).where(eq(t.loginAttempts.key, "sequential")));
    expect(affectedRows(none)).toBe(0);
  });

  it("makes event ids visible in increasing order, even when a later append commits first", async () => {
    const before = await visibleEventIds(db);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = handle.transaction(async (tx) => {
      const id = await appendEvent(tx, 1);
      await gate; // still open: its id is taken but not yet visible
      return id;
    });
    await sleep(50);
    let fastDone = false;
    const fast = handle.transaction((tx) => appendEvent(tx, 1)).then((id) => ((fastDone = true), id));
    try {
      await sleep(300);
      // The later append waits for the earlier one, so no reader can see its id and skip the earlier.
      expect(fastDone).toBe(false);
      expect(await visibleEventIds(db)).toEqual(before);
    } finally {
      release();
    }
    const [slowId, fastId] = await Promise.all([slow, fast]);
    expect(fastId).toBeGreaterThan(slowId);
    expect(await visibleEventIds(db)).toEqual([...before, slowId, fastId]);
  });

  it("refuses a transaction inside a transaction, and a lock outside one", async () => {
    await expect(handle.transaction(() => handle.transaction(async () => 1))).rejects.toThrow(/inside a transaction/);
    await expect(lockInTransaction(db, "station", "x")).rejects.toThrow(/running transaction/);
    expect(await handle.transaction(async () => "still usable")).toBe("still usable");
  });
});
