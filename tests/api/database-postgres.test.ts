/** What only PostgreSQL needs proving: start-up of several instances at once, the pool, deadlocks, and times. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, PG_MIGRATIONS, type DatabaseHandle, type PostgresHandle } from "../../api/db/database";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../support/postgres";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const migrationCount = (JSON.parse(readFileSync(join(PG_MIGRATIONS, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries
  .length;

function asPostgres(handle: DatabaseHandle): PostgresHandle {
  if (handle.dialect !== "postgres") throw new Error("expected PostgreSQL");
  return handle;
}

describe("PostgreSQL start-up", () => {
  let database: ThrowawayDatabase;
  beforeAll(async () => void (database = await createThrowawayDatabase()));
  afterAll(async () => database?.drop());

  it("lets two instances start at the same moment on an empty database: both come up, migrations and seed run once", async () => {
    let seedCalls = 0;
    // Checks, waits, then writes: two seeds running side by side would both find the table empty.
    const seed = async ({ db, tables: t, transaction }: DatabaseHandle) => {
      seedCalls++;
      if ((await db.$count(t.events)) > 0) return;
      await sleep(300);
      await transaction((tx) =>
        tx.insert(t.events).values({ branchId: 1, type: "product.updated", payload: "{}", createdAt: new Date().toISOString() }),
      );
    };
    const opened = await Promise.allSettled([
      openDatabase({ url: database.url, path: "" }, { seed }),
      openDatabase({ url: database.url, path: "" }, { seed }),
    ]);
    const handles = opened.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    try {
      expect(opened.map((result) => (result.status === "rejected" ? String(result.reason) : result.status))).toEqual([
        "fulfilled",
        "fulfilled",
      ]);
      expect(seedCalls).toBe(2);
      for (const handle of handles) {
        expect(handle.dialect).toBe("postgres");
        expect(await handle.db.$count(handle.tables.events)).toBe(1);
      }
      const applied = await asPostgres(handles[0]!).pool.query("SELECT hash FROM drizzle.__drizzle_migrations");
      expect(applied.rowCount).toBe(migrationCount);

      // A later instance finds everything in place and changes nothing.
      const later = await openDatabase({ url: database.url, path: "" }, { seed });
      await later.close();
      expect(seedCalls).toBe(3);
      expect(await handles[0]!.db.$count(handles[0]!.tables.events)).toBe(1);
      expect((await asPostgres(handles[0]!).pool.query("SELECT hash FROM drizzle.__drizzle_migrations")).rowCount).toBe(migrationCount);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });

  it("releases the start-up lock when the seed fails, so the next instance can start", async () => {
    const failure = new Error("seed failed");
    await expect(openDatabase({ url: database.url, path: "" }, { seed: () => Promise.reject(failure) })).rejects.toBe(failure);
    const handle = await openDatabase({ url: database.url, path: "" });
    await handle.close();
  });

  it("sizes the pool from the configuration", async () => {
    const handle = asPostgres(await openDatabase({ url: database.url, path: "", poolSize: 3 }));
    try {
      expect(handle.pool.options.max).toBe(3);
      // More concurrent transactions than connections queue for one instead of failing.
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          handle.transaction(async (tx) => (await tx.select({ n: sql<number>`${i}::int` }).from(sql`(select 1) as one`))[0]!.n),
        ),
      );
      expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(handle.pool.totalCount).toBeLessThanOrEqual(3);
    } finally {
      await handle.close();
    }
  });
});

describe("PostgreSQL transactions", () => {
  let database: ThrowawayDatabase;
  let handle: PostgresHandle;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
    handle = asPostgres(await openDatabase({ url: database.url, path: "" }));
    const rows = ["a", "b"].map((key) => ({
      key,
      requestHash: "h",
      statusCode: 201,
      responseBody: "{}",
      createdAt: new Date().toISOString(),
    }));
    await handle.transaction((tx) => tx.insert(handle.tables.idempotencyKeys).values(rows));
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it("runs again a transaction that PostgreSQL ended to break a deadlock, so both callers succeed", async () => {
    // Each transaction locks one row, waits until the other holds its own, then asks for the other's.
    let arrived = 0;
    let bothHoldOne!: () => void;
    const barrier = new Promise<void>((resolve) => (bothHoldOne = resolve));
    let runs = 0;
    const lockInOrder = (first: string, second: string) =>
      handle.transaction(async (tx) => {
        runs++;
        const keys = handle.tables.idempotencyKeys;
        const lockRow = (key: string) => tx.select({ key: keys.key }).from(keys).where(eq(keys.key, key)).for("update");
        await lockRow(first);
        if (++arrived === 2) bothHoldOne();
        await barrier;
        await lockRow(second);
        await tx
          .update(keys)
          .set({ statusCode: sql`${keys.statusCode} + 1` })
          .where(inArray(keys.key, [first, second]));
        return `${first} then ${second}`;
      });
    const settled = await Promise.allSettled([lockInOrder("a", "b"), lockInOrder("b", "a")]);
    expect(settled.map((result) => (result.status === "fulfilled" ? result.value : String(result.reason)))).toEqual([
      "a then b",
      "b then a",
    ]);
    expect(runs).toBe(3); // the one PostgreSQL chose ran twice
    // Each committed once: the aborted run's update left nothing behind.
    const { rows } = await handle.pool.query("SELECT key, status_code FROM idempotency_keys ORDER BY key");
    expect(rows).toEqual([
      { key: "a", status_code: 203 },
      { key: "b", status_code: 203 },
    ]);
  });

  it("does not run again a transaction that failed for any other reason", async () => {
    let runs = 0;
    const duplicate = handle.transaction(async (tx) => {
      runs++;
      await tx
        .insert(handle.tables.idempotencyKeys)
        .values({ key: "a", requestHash: "h", statusCode: 201, responseBody: "{}", createdAt: new Date().toISOString() });
    });
    await expect(duplicate).rejects.toThrow();
    expect(runs).toBe(1);
  });
});

describe("PostgreSQL times and ids", () => {
  let database: ThrowawayDatabase;
  let handle: PostgresHandle;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
    // A session time zone far from UTC, with a half-hour offset: what is read must not depend on it.
    const url = new URL(database.url);
    url.searchParams.set("options", "-c TimeZone=America/St_Johns");
    handle = asPostgres(await openDatabase({ url: url.toString(), path: "" }));
    await handle.transaction((tx) => tx.insert(handle.tables.branches).values({ id: 1, name: "Thornhill", address: "1 Main St" }));
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it("stores timestamptz with millisecond precision", async () => {
    expect((await handle.pool.query("SHOW TimeZone")).rows[0].TimeZone).toBe("America/St_Johns");
    const column = await handle.pool.query(
      "SELECT data_type, datetime_precision FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'created_at'",
    );
    expect(column.rows[0]).toEqual({ data_type: "timestamp with time zone", datetime_precision: 3 });
  });

  it("round-trips ISO-8601 UTC strings exactly, as the instants they name", async () => {
    const { tables: t } = handle;
    const times = [
      "2026-11-23T10:14:03.123Z",
      "1970-01-01T00:00:00.000Z",
      "2026-11-01T05:30:00.001Z",
      "2026-03-08T06:59:59.999Z",
      "2099-12-31T23:59:59.999Z",
    ];
    await handle.transaction((tx) =>
      tx
        .insert(t.idempotencyKeys)
        .values(times.map((createdAt, i) => ({ key: `time-${i}`, requestHash: "h", statusCode: 201, responseBody: "{}", createdAt }))),
    );
    const rows = await handle.db
      .select({
        key: t.idempotencyKeys.key,
        createdAt: t.idempotencyKeys.createdAt,
        epochMs: sql<string>`(extract(epoch from ${t.idempotencyKeys.createdAt}) * 1000)::bigint::text`,
      })
      .from(t.idempotencyKeys);
    expect(rows.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      times.map((createdAt, i) => ({ key: `time-${i}`, createdAt, epochMs: String(Date.parse(createdAt)) })),
    );
  });

  it("reads a time the database filled in as a value that finds its own row again", async () => {
    const { tables: t } = handle;
    await handle.transaction((tx) => tx.insert(t.diningTables).values({ id: "s1", branchId: 1, codename: "T1", capacity: 4 }));
    const [{ createdAt } = { createdAt: "" }] = await handle.db.select({ createdAt: t.diningTables.createdAt }).from(t.diningTables);
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await handle.db.$count(t.diningTables, eq(t.diningTables.createdAt, createdAt))).toBe(1);
  });

  it("reads event ids beyond 32 bits as JavaScript numbers", async () => {
    const { tables: t } = handle;
    await handle.pool.query("ALTER TABLE events ALTER COLUMN id RESTART WITH 3000000000");
    const [event] = await handle.transaction((tx) =>
      tx
        .insert(t.events)
        .values({ branchId: 1, type: "order.created", payload: "{}", createdAt: new Date().toISOString() })
        .returning({ id: t.events.id }),
    );
    expect(event!.id).toBe(3_000_000_000);
    const [max] = await handle.db.select({ id: sql<number>`max(${t.events.id})`.mapWith(t.events.id) }).from(t.events);
    expect(max!.id).toBe(3_000_000_000);
  });
});
