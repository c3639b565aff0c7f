import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  databaseConfigFromEnv,
  DEFAULT_POOL_SIZE,
  nestingGuardFromEnv,
  openDatabase,
  type DatabaseHandle,
  type SqliteHandle,
} from "./database";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("databaseConfigFromEnv", () => {
  it("selects PostgreSQL by a postgres:// URL, SQLite otherwise", () => {
    expect(databaseConfigFromEnv({ DATABASE_URL: "postgres://app@db:5432/limitless" })).toMatchObject({
      url: "postgres://app@db:5432/limitless",
      poolSize: DEFAULT_POOL_SIZE,
    });
    expect(databaseConfigFromEnv({ DATABASE_URL: "postgresql://app@db/limitless", DATABASE_POOL_SIZE: "25" })).toMatchObject({
      poolSize: 25,
    });
    expect(databaseConfigFromEnv({ DATABASE_PATH: "/srv/limitless.db" })).toEqual({
      url: undefined,
      path: "/srv/limitless.db",
      poolSize: DEFAULT_POOL_SIZE,
    });
    expect(databaseConfigFromEnv({ DATABASE_URL: "  " }).url).toBeUndefined();
  });

  it("refuses other URLs without echoing a password, and a pool size that is not a count", () => {
    const attempt = () => databaseConfigFromEnv({ DATABASE_URL: "mysql://root:hunter2@db/limitless" });
    expect(attempt).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(attempt).not.toThrow(/hunter2/);
    for (const size of ["0", "-1", "2.5", "ten", "1001"]) {
      expect(() => databaseConfigFromEnv({ DATABASE_POOL_SIZE: size })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});

describe("the transaction nesting guard", () => {
  it("is on in the tests (vitest.config.ts sets TRANSACTION_NESTING_GUARD=1) and off unless asked for", () => {
    expect(nestingGuardFromEnv()).toBe(true);
    expect(nestingGuardFromEnv({})).toBe(false);
    expect(nestingGuardFromEnv({ NODE_ENV: "development" })).toBe(false);
  });

  it("refuses a transaction opened inside another's callback, and leaves the next ones alone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "limitless-db-"));
    const handle = await openDatabase({ path: join(dir, "test.db") }, { guardNesting: true });
    try {
      await expect(handle.transaction(() => handle.transaction(async () => "inner"))).rejects.toThrow(
        /transaction\(\) called inside a transaction callback/,
      );
      await expect(Promise.all([handle.transaction(async () => 1), handle.transaction(async () => 2)])).resolves.toEqual([1, 2]);
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("SQLite transactions over an async callback", () => {
  let dir: string;
  let handle: SqliteHandle;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "limitless-db-"));
    handle = (await openDatabase({ path: join(dir, "test.db") })) as SqliteHandle;
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const counter = async (db: DatabaseHandle["db"]) => {
    const [row] = await db
      .select({ n: handle.tables.loginAttempts.attempts })
      .from(handle.tables.loginAttempts)
      .where(eq(handle.tables.loginAttempts.key, "counter"));
    return row?.n ?? 0;
  };

  it("runs concurrent transactions one after another, never interleaved, with no update lost", async () => {
    const { tables: t } = handle;
    const log: string[] = [];
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        handle.transaction(async (tx) => {
          log.push(`begin ${i}`);
          const seen = await counter(tx);
          await sleep(i % 3); // other requests run here
          await tx
            .insert(t.loginAttempts)
            .values({ key: "counter", attempts: seen + 1, windowEndsAt: 0 })
            .onConflictDoUpdate({ target: t.loginAttempts.key, set: { attempts: seen + 1 } });
          log.push(`end ${i}`);
        }),
      ),
    );
    expect(log).toEqual(Array.from({ length: 25 }, (_, i) => [`begin ${i}`, `end ${i}`]).flat());
    expect(await counter(handle.db)).toBe(25);
  });

  it("at FULL, answers a transaction only after an fsync of the WAL done off the event loop, one for a whole batch", async () => {
    const { tables: t } = handle as SqliteHandle;
    const syncs = () => (handle as SqliteHandle).walSyncs!;
    expect(syncs()).not.toBeNull();
    const before = syncs();
    await handle.transaction((tx) => tx.insert(t.loginAttempts).values({ key: "alone", attempts: 1, windowEndsAt: 0 }));
    expect(syncs()).toBe(before + 1);
    const seenAtAnswer: number[] = [];
    const start = syncs();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        handle
          .transaction((tx) => tx.insert(t.loginAttempts).values({ key: `k${i}`, attempts: 1, windowEndsAt: 0 }))
          .then(() => seenAtAnswer.push(syncs())),
      ),
    );
    // Every caller heard of its commit after a sync that began after it; twenty commits took far fewer syncs.
    expect(seenAtAnswer.every((count) => count > start)).toBe(true);
    expect(syncs() - start).toBeLessThan(20);
  });

  it("at FULL, answers batches in commit order though the writer does not wait for their fsyncs", async () => {
    // A batch takes one transaction at most: thirty commits, most made while an earlier one's fsync runs.
    await handle.close();
    handle = (await openDatabase({ path: join(dir, "test.db"), maxBatchMs: 0 })) as SqliteHandle;
    const { tables: t } = handle;
    const committedOrder: number[] = [];
    const answeredOrder: number[] = [];
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        handle
          .transaction(async (tx) => {
            await tx.insert(t.loginAttempts).values({ key: `k${i}`, attempts: 1, windowEndsAt: 0 });
            committedOrder.push(i);
          })
          .then(() => answeredOrder.push(i)),
      ),
    );
    expect(committedOrder).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(answeredOrder).toEqual(committedOrder);
    expect(handle.walSyncs).toBeGreaterThan(1);
  });

  it("rolls back everything on a throw, passes the error on, and carries on with the next transaction", async () => {
    const { tables: t } = handle;
    const failure = new Error("no");
    const failing = handle.transaction(async (tx) => {
      await tx.insert(t.loginAttempts).values({ key: "counter", attempts: 1, windowEndsAt: 0 });
      await sleep(5);
      throw failure;
    });
    const next = handle.transaction(async (tx) => counter(tx));
    await expect(failing).rejects.toBe(failure);
    expect(await next).toBe(0);
    expect(await counter(handle.db)).toBe(0);
  });

  it("lets other requests read only committed data while a transaction is open", async () => {
    const { tables: t } = handle;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const open = handle.transaction(async (tx) => {
      await tx.insert(t.loginAttempts).values({ key: "counter", attempts: 7, windowEndsAt: 0 });
      wrote();
      await gate;
    });
    await written;
    expect(await counter(handle.db)).toBe(0);
    release();
    await open;
    expect(await counter(handle.db)).toBe(7);
  });

  it("refuses a write outside a transaction instead of slipping it into another request's", async () => {
    const { tables: t } = handle;
    await expect(handle.db.insert(t.loginAttempts).values({ key: "counter", attempts: 1, windowEndsAt: 0 })).rejects.toThrow(/readonly/);
    expect(await counter(handle.db)).toBe(0);
  });

  it("enforces foreign keys and keeps the file in WAL mode", async () => {
    const { tables: t } = handle;
    await expect(
      handle.transaction((tx) => tx.insert(t.diningTables).values({ id: "s", branchId: 42, codename: "T1", capacity: 2 })),
    ).rejects.toThrow(/FOREIGN KEY/);
    const probe = new Database(handle.path, { readonly: true });
    try {
      expect(probe.pragma("journal_mode", { simple: true })).toBe("wal");
    } finally {
      probe.close();
    }
  });

  it("closes after the running transaction has finished, and refuses transactions after that", async () => {
    const { tables: t } = handle;
    const running = handle.transaction(async (tx) => {
      await sleep(30);
      await tx.insert(t.loginAttempts).values({ key: "counter", attempts: 3, windowEndsAt: 0 });
      return "done";
    });
    await handle.close();
    expect(await running).toBe("done");
    await expect(handle.transaction(async () => 1)).rejects.toThrow(/closed/);
    const check = new Database(join(dir, "test.db"), { readonly: true });
    try {
      expect(check.prepare("SELECT attempts FROM login_attempts WHERE key = 'counter'").get()).toEqual({ attempts: 3 });
    } finally {
      check.close();
    }
  });

  describe("group commit", () => {
    /** What another connection sees: committed rows only. */
    const committedKeys = () => {
      const other = new Database(join(dir, "test.db"), { readonly: true });
      try {
        return (other.prepare("SELECT key FROM login_attempts ORDER BY key").all() as { key: string }[]).map((row) => row.key);
      } finally {
        other.close();
      }
    };
    const insertKey = (tx: DatabaseHandle["db"], key: string) =>
      tx.insert(handle.tables.loginAttempts).values({ key, attempts: 1, windowEndsAt: 0 });

    it("commits transactions queued together in one batch; a failing one rolls back alone, after the others' writes", async () => {
      // A batch bound no busy machine reaches, so the three are one batch however slowly they run.
      await handle.close();
      handle = (await openDatabase({ path: join(dir, "test.db"), maxBatchMs: 60_000 })) as SqliteHandle;
      let seenDuringBatch: string[] = [];
      const results = await Promise.allSettled([
        handle.transaction(async (tx) => void (await insertKey(tx, "a"))),
        handle.transaction(async (tx) => {
          await insertKey(tx, "b");
          await insertKey(tx, "a"); // a duplicate: this transaction fails, and its own "b" goes with it
        }),
        handle.transaction(async (tx) => {
          seenDuringBatch = committedKeys(); // "a" is written but not committed yet: same batch
          await insertKey(tx, "c");
        }),
      ]);
      expect(seenDuringBatch).toEqual([]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(committedKeys()).toEqual(["a", "c"]);
    });

    it("answers only after the commit: a resolved transaction is visible to other connections", async () => {
      const pending = handle.transaction(async (tx) => void (await insertKey(tx, "x")));
      expect(committedKeys()).toEqual([]);
      await pending;
      expect(committedKeys()).toEqual(["x"]);
    });

    it("runs a transaction queued while a batch runs in the next batch, after that batch's commit", async () => {
      const first = handle.transaction(async (tx) => {
        await insertKey(tx, "1");
        await sleep(30);
      });
      await sleep(10); // the first batch is running now
      let seenBySecond: string[] = [];
      const second = handle.transaction(async (tx) => {
        seenBySecond = committedKeys();
        await insertKey(tx, "2");
      });
      await Promise.all([first, second]);
      expect(seenBySecond).toEqual(["1"]);
      expect(committedKeys()).toEqual(["1", "2"]);
    });
  });
});

describe("SQLite opening", () => {
  it("gives :memory: a private database that is gone after close", async () => {
    const [a, b] = (await Promise.all([openDatabase({ path: ":memory:" }), openDatabase({ path: ":memory:" })])) as SqliteHandle[];
    try {
      await a!.transaction((tx) => tx.insert(a!.tables.categories).values({ key: "grill", title: "Grill", position: 0 }));
      expect(await a!.db.$count(a!.tables.categories)).toBe(1);
      expect(await b!.db.$count(b!.tables.categories)).toBe(0);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
    expect(existsSync(dirname(a!.path))).toBe(false);
  });

  it("seeds after migrating, and reports a failing seed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "limitless-db-"));
    try {
      const path = join(dir, "seeded.db");
      const handle = await openDatabase(
        { path },
        {
          seed: ({ tables: t, transaction }) =>
            transaction((tx) => tx.insert(t.branches).values({ id: 1, name: "Thornhill", address: "x" })).then(() => undefined),
        },
      );
      expect(await handle.db.select({ name: handle.tables.branches.name }).from(handle.tables.branches)).toEqual([{ name: "Thornhill" }]);
      await handle.close();

      const failure = new Error("seed failed");
      await expect(openDatabase({ path }, { seed: () => Promise.reject(failure) })).rejects.toBe(failure);
      const check = new Database(path, { readonly: true });
      try {
        expect(check.prepare("SELECT count(*) AS n FROM branches").get()).toEqual({ n: 1 });
      } finally {
        check.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
