/**
 * Backups that restore (API.md "Running the restaurant", Backups), on the test database's dialect:
 * `npm run backup` taken while orders stream in through the HTTP API, `npm run restore` into a new
 * database, a server started on it, and every order acknowledged before the backup began found there
 * with its lines and its events, and the dish photos byte for byte. Then what restore refuses, pruning to BACKUP_KEEP, and the schedule
 * (one instance at a time on PostgreSQL).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, Photo } from "../../contract/schemas";
import { backupFileName, listBackups, pruneBackups, scheduleBackups, type BackupSource } from "../../api/backup/backup-service";
import { createLogger } from "../../api/lib/logger";
import { REPO_ROOT } from "../../scripts/reliability/server-process";
import { call, orderableAnyDay, readMenu, readOrders, readStations } from "../support/api-helpers";
import { smallPng, srcsetHashes, uploadPhoto } from "../support/photos";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../support/postgres";
import { TestClock } from "../support/test-clock";
import { startTestServer, staffToken, TEST_DIALECT, type TestServer } from "../support/test-server";

const dir = mkdtempSync(join(tmpdir(), "limitless-backup-"));
const backupDir = join(dir, "backups");

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup` / `npm run restore` as an operator runs them: node with tsx, only these settings. */
function cli(script: "backup" | "restore", args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", `api/cli/${script}.ts`, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", BACKUP_DIR: backupDir, ...env },
    });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), 25_000);
    child.stdout.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A database to restore into, of the test dialect: a new SQLite file, or a new throwaway PostgreSQL database. */
interface Target {
  /** The settings that name it, as the CLI reads them. */
  env: Record<string, string>;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Starts a server on it (the restored data's own staff account signs in). */
  serve(): Promise<TestServer>;
  /** Closes this helper's own connections (a restore refuses a database in use). */
  release(): Promise<void>;
  drop(): Promise<void>;
}

let targets = 0;
async function newTarget(): Promise<Target> {
  if (TEST_DIALECT === "sqlite") {
    const path = join(dir, `restored-${++targets}.db`);
    let connection: Database.Database | null = null;
    return {
      env: { DATABASE_PATH: path },
      async query<Row>(text: string, params: unknown[] = []) {
        connection ??= new Database(path, { readonly: true, fileMustExist: true });
        return connection.prepare(text).all(...params) as Row[];
      },
      serve: () => startTestServer({ databasePath: path, config: { tableOrderLimit: 0 } }),
      async release() {
        connection?.close();
        connection = null;
      },
      drop: async () => void connection?.close(),
    };
  }
  const database: ThrowawayDatabase = await createThrowawayDatabase();
  let pool: pg.Pool | null = null;
  return {
    env: { DATABASE_URL: database.url },
    async query<Row>(text: string, params: unknown[] = []) {
      pool ??= new pg.Pool({ connectionString: database.url, max: 1 }).on("error", () => undefined);
      let n = 0;
      return (
        await pool.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as Row[];
    },
    // The restored database is this one: the helper's own throwaway database is not wanted, so the
    // server is told its URL directly (its `query()` is not used; this target's is).
    serve: () => startTestServer({ dialect: "sqlite", config: { databaseUrl: database.url, tableOrderLimit: 0 } }),
    async release() {
      await pool?.end();
      pool = null;
    },
    async drop() {
      await pool?.end();
      await database.drop();
    },
  };
}

const sourceEnv = (server: TestServer): Record<string, string> =>
  server.dialect === "postgres" ? { DATABASE_URL: server.databaseUrl! } : { DATABASE_PATH: server.databasePath };

const numbers = <Row extends Record<string, unknown>>(rows: Row[]) =>
  rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "bigint" || /^\d+$/.test(String(v)) ? Number(v) : v])),
  );

/** Every order of branch 1, table by table (the list answers at most 500 at a time). */
async function allOrders(server: TestServer, staff: string): Promise<Order[]> {
  const stations = await readStations(server, staff, 1);
  const lists = await Promise.all(stations.map((station) => readOrders(server, staff, 1, `&station_id=${station.id}`)));
  for (const list of lists) expect(list.length).toBeLessThan(500);
  return lists.flat();
}

let source: TestServer;
let token: string;
let placeOrder: () => Promise<{ status: number; body: Order }>;
/** A dish photo on the source: stored in the database, so it is in the backup. */
let photo: { productId: number; photo: Photo };
let cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  mkdirSync(backupDir, { recursive: true });
  // No per-table limit: the stream places many orders on a few tables within seconds.
  source = await startTestServer({ config: { tableOrderLimit: 0 } });
  token = await staffToken(source);
  const products = orderableAnyDay(await readMenu(source, 1));
  const stations = await readStations(source, token, 1);
  const uploaded = await uploadPhoto(source, token, products[0]!.id, await smallPng("#336699", 640, 480));
  expect(uploaded.status, uploaded.text).toBe(200);
  photo = { productId: products[0]!.id, photo: uploaded.body.photo! };
  let n = 0;
  placeOrder = async () => {
    n++;
    const response = await call<Order>(source, "POST", "/api/orders", {
      headers: { "Idempotency-Key": `backup-stream-${n}-${Date.now()}` },
      json: {
        station_id: stations[n % stations.length]!.id,
        branch_id: 1,
        products: [
          { id: products[n % products.length]!.id, quantity: 1 + (n % 3), selectedCustomizations: [] },
          { id: products[(n + 1) % products.length]!.id, quantity: 1, selectedCustomizations: [] },
        ],
      },
    });
    return { status: response.status, body: response.body };
  };
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
  await source?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe(`a backup taken under a stream of orders (${TEST_DIALECT})`, () => {
  let backupPath: string;
  let acknowledgedBefore: Order[];
  let target: Target;
  let restored: TestServer | null = null;

  it("restores into a new database with every order acknowledged before it began, its lines and its events", async () => {
    // Orders keep arriving through the HTTP API, four at a time, before, during and after the backup.
    const acknowledged: Order[] = [];
    const refused: number[] = [];
    let streaming = true;
    const worker = async () => {
      while (streaming) {
        const { status, body } = await placeOrder();
        if (status === 201) acknowledged.push(body);
        else refused.push(status);
        // A steady stream rather than a flood: the two cores also run the backup and the other test file.
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));

    acknowledgedBefore = [...acknowledged];
    const backup = await cli("backup", [], sourceEnv(source));
    const duringBackup = acknowledged.length - acknowledgedBefore.length;
    streaming = false;
    await Promise.all(workers);

    expect(refused).toEqual([]);
    expect(backup.stderr).not.toMatch(/failed/);
    expect(backup.code).toBe(0);
    backupPath = backup.stdout.trim();
    expect(backupPath.startsWith(backupDir)).toBe(true);
    expect(statSync(backupPath).size).toBeGreaterThan(0);
    // The stream went on while the backup was being taken: it is a backup of a database being written.
    expect(duringBackup).toBeGreaterThan(0);

    target = await newTarget();
    cleanups.push(() => target.drop());
    const restore = await cli("restore", [backupPath], target.env);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Restored .* \d+ orders\.\n$/);

    restored = await target.serve();
    cleanups.push(() => restored?.dispose() ?? Promise.resolve());
    const restoredToken = await staffToken(restored);
    const orders = await allOrders(restored, restoredToken);
    const byId = new Map(orders.map((order) => [order.id, order]));
    for (const order of acknowledgedBefore) {
      const found = byId.get(order.id);
      expect(found, `order ${order.number} (acknowledged before the backup) is in the restored database`).toBeDefined();
      expect(found!.lines).toEqual(order.lines);
      expect({ number: found!.number, total: found!.total, station_id: found!.station_id }).toEqual({
        number: order.number,
        total: order.total,
        station_id: order.station_id,
      });
    }
    // Nothing appears that the source never had.
    expect(orders.length).toBeLessThanOrEqual(acknowledged.length);

    // The dish photo: on the restored menu, its images the source's byte for byte.
    const restoredMenu = Object.values(await readMenu(restored, 1)).flat();
    expect(restoredMenu.find((product) => product.id === photo.productId)?.photo).toEqual(photo.photo);
    for (const hash of srcsetHashes(photo.photo.srcset)) {
      const [original, copy] = await Promise.all([source, restored].map((on) => fetch(`${on.url}/api/photos/${hash}`)));
      expect(copy!.status).toBe(200);
      expect(Buffer.from(await copy!.arrayBuffer()).equals(Buffer.from(await original!.arrayBuffer()))).toBe(true);
    }

    // The event log: the restored events of those orders are the source's, id for id.
    const ids = acknowledgedBefore.map((order) => order.id);
    const marks = ids.map(() => "?").join(", ");
    const eventsQuery = `SELECT id, type, order_id, payload FROM events WHERE order_id IN (${marks}) ORDER BY id`;
    const sourceEvents = numbers(await source.query<Record<string, unknown>>(eventsQuery, ids));
    const restoredEvents = numbers(await target.query<Record<string, unknown>>(eventsQuery, ids));
    expect(new Set(sourceEvents.map((event) => event.order_id)).size).toBe(ids.length);
    expect(restoredEvents).toEqual(sourceEvents);
    await target.release();
  }, 60_000);

  it("refuses to restore over a database that holds orders unless --force, and leaves it as it was", async () => {
    expect(restored).not.toBeNull();
    // An order the backup does not have: it is there after the refusal, gone after --force.
    const restoredToken = await staffToken(restored!);
    const stations = await readStations(restored!, restoredToken, 1);
    const products = orderableAnyDay(await readMenu(restored!, 1));
    const extra = await call<Order>(restored!, "POST", "/api/orders", {
      headers: { "Idempotency-Key": `after-restore-${Date.now()}` },
      json: { station_id: stations[0]!.id, branch_id: 1, products: [{ id: products[0]!.id, quantity: 1, selectedCustomizations: [] }] },
    });
    expect(extra.status).toBe(201);
    await restored!.stop();

    const refused = await cli("restore", [backupPath], target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already holds \d+ orders/);
    expect(refused.stderr).toMatch(/--force/);
    expect(await target.query("SELECT id FROM orders WHERE id = ?", [extra.body.id])).toHaveLength(1);
    await target.release();

    const forced = await cli("restore", [backupPath, "--force"], target.env);
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    expect(await target.query("SELECT id FROM orders WHERE id = ?", [extra.body.id])).toHaveLength(0);
    const restoredIds = new Set((await target.query<{ id: string }>("SELECT id FROM orders")).map((row) => row.id));
    for (const order of acknowledgedBefore) expect(restoredIds.has(order.id)).toBe(true);
    await target.release();

    // The server starts on the replaced database and serves it.
    await restored!.start();
    const after = await allOrders(restored!, await staffToken(restored!));
    expect(after.some((order) => order.id === extra.body.id)).toBe(false);
    expect(after.length).toBeGreaterThanOrEqual(acknowledgedBefore.length);
  }, 60_000);

  it("refuses to restore into a database in use by a running server", async () => {
    expect(restored).not.toBeNull();
    const refused = await cli("restore", [backupPath, "--force"], target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/in use/);
    await restored!.stop();
  });

  it("answers a file that is not a backup with a clear message and a non-zero exit, leaving the database alone", async () => {
    const before = (await target.query<{ n: number | string }>("SELECT count(*) AS n FROM orders"))[0]!.n;
    await target.release();
    const notABackup = join(dir, "notes.txt");
    writeFileSync(notABackup, "this is not a backup\n");
    const truncated = join(dir, `truncated-${backupFileName(TEST_DIALECT, new Date(0))}`);
    const whole = readFileSync(backupPath);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));

    const cases: Array<[string[], RegExp]> = [
      [[join(dir, "missing.sqlite")], /no such file/],
      [[notABackup], /is not a backup: neither a SQLite database nor a pg_dump/],
      [[truncated, "--force"], TEST_DIALECT === "sqlite" ? /damaged|cannot be opened/ : /pg_restore failed|cannot be read/],
      [[], /Usage: npm run restore -- <backup file>/],
    ];
    for (const [args, message] of cases) {
      const result = await cli("restore", args, target.env);
      expect(result.code, `restore ${args.join(" ")}`).not.toBe(0);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    }
    if (TEST_DIALECT === "postgres") {
      // Damaged inside a table's data, past the archive's table of contents: found only while loading,
      // after the old tables were dropped, and the transaction puts them back.
      const damaged = join(dir, "damaged.pgdump");
      const found = [0.95, 0.9, 0.85, 0.8, 0.75].some((at) => {
        const bytes = Buffer.from(whole);
        const start = Math.floor(bytes.length * at);
        for (let i = start; i < start + 64; i++) bytes[i]! ^= 0x5a;
        writeFileSync(damaged, bytes);
        const tool = (args: string[]) => spawnSync("pg_restore", args, { stdio: "ignore" }).status;
        return tool(["--list", damaged]) === 0 && tool(["--file=/dev/null", damaged]) !== 0;
      });
      expect(found, "a damaged copy that pg_restore can list but not load").toBe(true);
      const result = await cli("restore", [damaged, "--force"], target.env);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/could not be restored, and postgres:\/\/\S+ is as it was: pg_restore failed/);
    }

    // A backup of the other database cannot be restored here, and says why.
    const otherKind = await cli(
      "restore",
      [backupPath],
      TEST_DIALECT === "sqlite" ? { DATABASE_URL: "postgres://127.0.0.1:1/none" } : { DATABASE_PATH: join(dir, "x.db") },
    );
    expect(otherKind.code).toBe(1);
    expect(otherKind.stderr).toMatch(
      TEST_DIALECT === "sqlite" ? /is a SQLite backup, but DATABASE_URL selects PostgreSQL/ : /is a PostgreSQL backup/,
    );

    expect((await target.query<{ n: number | string }>("SELECT count(*) AS n FROM orders"))[0]!.n).toBe(before);
    await target.release();
  }, 60_000);
});

describe("BACKUP_KEEP", () => {
  it("keeps the newest backups and deletes the oldest, leaving other files alone", async () => {
    const keepDir = join(dir, "keep");
    mkdirSync(keepDir);
    const clock = new TestClock();
    clock.set("2026-11-26T10:00:00Z");
    const sourceOf: BackupSource =
      source.dialect === "postgres" ? { dialect: "postgres", url: source.databaseUrl! } : { dialect: "sqlite", path: source.databasePath };
    writeFileSync(join(keepDir, "README.txt"), "not a backup");
    writeFileSync(join(keepDir, "limitless-20261126T090000000Z.sqlite.partial"), "a backup cut off half-way");
    const schedule = scheduleBackups(sourceOf, { dir: keepDir, keep: 3 }, createLogger({ level: "silent" }), clock, 0);
    const written: string[] = [];
    for (let hour = 0; hour < 5; hour++) {
      written.push((await schedule.runOnce())!);
      clock.advance(3_600_000);
    }
    await schedule.stop();
    expect(written.every((path) => path !== null)).toBe(true);
    const names = written.map((path) => path.slice(keepDir.length + 1));
    expect(listBackups(keepDir)).toEqual(names.slice(2));
    expect(readdirSync(keepDir).sort()).toEqual([...names.slice(2), "README.txt", "limitless-20261126T090000000Z.sqlite.partial"].sort());
    // Two backups in one millisecond keep both names, and pruning orders them.
    writeFileSync(join(keepDir, backupFileName("sqlite", new Date("2030-01-01T00:00:00Z"))), "");
    writeFileSync(join(keepDir, backupFileName("sqlite", new Date("2030-01-01T00:00:00Z"), "-2")), "");
    expect(pruneBackups(keepDir, 1)).toEqual([...names.slice(2), backupFileName("sqlite", new Date("2030-01-01T00:00:00Z"))]);
    expect(listBackups(keepDir)).toEqual([backupFileName("sqlite", new Date("2030-01-01T00:00:00Z"), "-2")]);
  });

  it("the schedule takes a backup every interval and keeps BACKUP_KEEP of them", async () => {
    const timedDir = join(dir, "timed");
    const sourceOf: BackupSource =
      source.dialect === "postgres" ? { dialect: "postgres", url: source.databaseUrl! } : { dialect: "sqlite", path: source.databasePath };
    const schedule = scheduleBackups(sourceOf, { dir: timedDir, keep: 2 }, createLogger({ level: "silent" }), new TestClock(), 100);
    const seen = new Set<string>();
    try {
      const deadline = Date.now() + 20_000;
      while (seen.size < 4 && Date.now() < deadline) {
        for (const name of listBackups(timedDir)) seen.add(name);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await schedule.stop();
    }
    expect(seen.size).toBeGreaterThanOrEqual(4);
    expect(listBackups(timedDir).length).toBeLessThanOrEqual(2);
    expect(existsSync(timedDir) && readdirSync(timedDir).every((name) => !name.endsWith(".partial"))).toBe(true);
  });
});

if (TEST_DIALECT === "postgres")
  describe("scheduled backups with several instances on PostgreSQL", () => {
    it("only the instance holding the advisory lock takes them; another takes over when it stops", async () => {
      const lockDir = join(dir, "instances");
      const sourceOf: BackupSource = { dialect: "postgres", url: source.databaseUrl! };
      const logger = createLogger({ level: "silent" });
      const clock = new TestClock();
      const first = scheduleBackups(sourceOf, { dir: lockDir, keep: 10 }, logger, clock, 0);
      const second = scheduleBackups(sourceOf, { dir: lockDir, keep: 10 }, logger, clock, 0);
      try {
        expect(await first.runOnce()).toMatch(/\.pgdump$/);
        expect(await second.runOnce()).toBeNull();
        expect(await first.runOnce()).toMatch(/\.pgdump$/);
        expect(await second.runOnce()).toBeNull();
        await first.stop();
        expect(await second.runOnce()).toMatch(/\.pgdump$/);
        expect(listBackups(lockDir)).toHaveLength(3);
      } finally {
        await first.stop();
        await second.stop();
      }
    });
  });
