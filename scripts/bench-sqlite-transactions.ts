/**
 * What the async SQLite transaction (queue + BEGIN IMMEDIATE … COMMIT around an awaited callback)
 * costs next to better-sqlite3's own synchronous transaction: 10,000 one-statement transactions
 * (the sign-in throttle's upsert) each way, on a WAL file with the app's pragmas.
 * Run: npx tsx scripts/bench-sqlite-transactions.ts [transactions]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { openDatabase, SQLITE_MIGRATIONS } from "../api/db/database";

const COUNT = Number(process.argv[2] ?? 10_000);
const ROUNDS = 3;
const dir = mkdtempSync(join(tmpdir(), "limitless-bench-"));

async function time(run: () => Promise<void> | void): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

// The throttle's table typed for better-sqlite3's synchronous builders (the app's tables are typed for both databases).
const loginAttempts = sqliteTable("login_attempts", {
  key: text("key").primaryKey(),
  attempts: integer("attempts").notNull(),
  windowEndsAt: integer("window_ends_at").notNull(),
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  // Synchronous: Drizzle's transaction on better-sqlite3, as the repositories use it today, and
  // better-sqlite3's own (which, like the handle, prepares BEGIN and COMMIT once).
  const connection = new Database(join(dir, "sync.db"));
  for (const pragma of ["journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON", "busy_timeout = 5000"])
    connection.pragma(pragma);
  const syncDb = drizzle(connection);
  migrate(syncDb, { migrationsFolder: SQLITE_MIGRATIONS });
  const syncUpsert = (i: number) =>
    syncDb.transaction(
      (tx) => {
        tx.insert(loginAttempts)
          .values({ key: `k${i % 100}`, attempts: 1, windowEndsAt: 0 })
          .onConflictDoUpdate({ target: loginAttempts.key, set: { attempts: sql`${loginAttempts.attempts} + 1` } })
          .run();
      },
      { behavior: "immediate" },
    );
  const nativeUpsert = connection.transaction((i: number) => {
    syncDb
      .insert(loginAttempts)
      .values({ key: `k${i % 100}`, attempts: 1, windowEndsAt: 0 })
      .onConflictDoUpdate({ target: loginAttempts.key, set: { attempts: sql`${loginAttempts.attempts} + 1` } })
      .run();
  }).immediate;

  // Asynchronous: the handle's transaction with an awaited callback.
  const handle = await openDatabase({ path: join(dir, "async.db") });
  const t = handle.tables;
  const asyncUpsert = (i: number) =>
    handle.transaction(async (tx) => {
      await tx
        .insert(t.loginAttempts)
        .values({ key: `k${i % 100}`, attempts: 1, windowEndsAt: 0 })
        .onConflictDoUpdate({ target: t.loginAttempts.key, set: { attempts: sql`${t.loginAttempts.attempts} + 1` } });
    });

  const results = {
    sync: [] as number[],
    native: [] as number[],
    asyncSequential: [] as number[],
    asyncConcurrent: [] as number[],
    asyncEmpty: [] as number[],
  };
  for (let round = 0; round <= ROUNDS; round++) {
    const sync = await time(() => {
      for (let i = 0; i < COUNT; i++) syncUpsert(i);
    });
    const native = await time(() => {
      for (let i = 0; i < COUNT; i++) nativeUpsert(i);
    });
    const asyncSequential = await time(async () => {
      for (let i = 0; i < COUNT; i++) await asyncUpsert(i);
    });
    const asyncConcurrent = await time(async () => {
      await Promise.all(Array.from({ length: COUNT }, (_, i) => asyncUpsert(i)));
    });
    // The queue, the async context and BEGIN IMMEDIATE / COMMIT alone, with no statement inside.
    const asyncEmpty = await time(async () => {
      for (let i = 0; i < COUNT; i++) await handle.transaction(async () => undefined);
    });
    if (round === 0) continue; // warm-up
    results.sync.push(sync);
    results.native.push(native);
    results.asyncEmpty.push(asyncEmpty);
    results.asyncSequential.push(asyncSequential);
    results.asyncConcurrent.push(asyncConcurrent);
  }
  connection.close();
  await handle.close();

  const line = (label: string, ms: number) =>
    `${label.padEnd(48)} ${ms.toFixed(0).padStart(6)} ms  ${((ms * 1000) / COUNT).toFixed(1).padStart(6)} µs/tx  ${Math.round(
      COUNT / (ms / 1000),
    )
      .toLocaleString("en-US")
      .padStart(8)} tx/s`;
  console.log(`${COUNT.toLocaleString("en-US")} one-upsert transactions, median of ${ROUNDS} rounds (Node ${process.version})`);
  console.log(line("Drizzle sync transaction (today)", median(results.sync)));
  console.log(line("better-sqlite3 sync transaction", median(results.native)));
  console.log(line("handle.transaction(async), one after another", median(results.asyncSequential)));
  console.log(line("handle.transaction(async), all at once (queued)", median(results.asyncConcurrent)));
  console.log(line("handle.transaction(async), empty callback", median(results.asyncEmpty)));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
