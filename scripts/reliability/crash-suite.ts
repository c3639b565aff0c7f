/**
 * Exactly-once through crashes (issue 11, item 5). Concurrent clients place orders, each retrying its
 * own Idempotency-Key and body until acknowledged, while the server is killed with SIGKILL and
 * restarted on the same database; afterwards every acknowledged order must be stored exactly once,
 * with its lines and right totals, and replaying any key must answer its original order byte for byte.
 *
 * - runSqliteCrashSuite: one server on a temporary SQLite file, killed and restarted on the same port.
 * - runPostgresCrashSuite: two instances on one PostgreSQL database, clients going round-robin over
 *   both, instance A killed again and again. Ready for when DATABASE_URL support lands; run it with
 *   `npm run test:reliability -- --postgres`.
 *
 * Both judge through the API and through a read-only look at the database (db-probe.ts), so the same
 * checks hold on either database. docs/reliability.md says what is run and what it proves.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createThrowawayDatabase } from "../../tests/support/postgres";
import { hstCents, postgresProbe, sqliteProbe, storageProblems, storedAnswers, type DbProbe } from "./db-probe";
import { orderableItems, planOrders, runClients, type Ack, type ClientRun, type PlannedOrder } from "./order-clients";
import { ServerProcess, freePort } from "./server-process";

export interface CrashSuiteOptions {
  /** Orders placed in all. */
  orders: number;
  /** Clients placing them at once. */
  clients: number;
  /** SIGKILLs while orders are being placed (one more follows the last acknowledgement). */
  kills: number;
  /** The whole run stops here (start-ups included); unacknowledged orders are then reported. */
  timeLimitMs: number;
  /** Share of attempts that give up after a few ms and retry with the first still in flight. */
  impatientShare?: number;
  /** Plans the same orders for the same seed. */
  seed?: number;
  /** Progress lines (the long run prints them). */
  log?: (line: string) => void;
}

export interface CrashReport {
  database: "sqlite" | "postgres";
  orders: number;
  acknowledged: number;
  /** Orders whose first acknowledgement was a replay: placed by an attempt whose answer was lost. */
  acknowledgedByReplay: number;
  kills: number;
  starts: number;
  attempts: number;
  unanswered: number;
  abandoned: number;
  durationMs: number;
  /** Every broken promise found; empty = exactly once held. */
  problems: string[];
}

const STAFF = { email: "reliability@limitless.example", password: "crash suite staff password 1" };

/** Settings every server child gets: no per-table limit (the clients share a few tables), no request log. */
function serverEnv(database: Record<string, string>): Record<string, string> {
  return { ...database, STATIC_DIR: "", LOG_REQUESTS: "0", TABLE_ORDER_LIMIT: "0", MAX_ORDER_TOTAL: "100000.00" };
}

/** The staff account, set on each server's first start; restarts find it in the database. */
const FIRST_START = { STAFF_EMAIL: STAFF.email, STAFF_PASSWORD: STAFF.password };

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The menu and the tables to order from, as a phone and a manager would learn them. */
async function orderPlan(baseUrl: string, count: number, seed: number): Promise<PlannedOrder[]> {
  const { access_token: token } = await json<{ access_token: string }>(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(STAFF),
  });
  const items = [];
  const stations = [];
  for (const branchId of [1, 2]) {
    items.push(...orderableItems(await json(`${baseUrl}/api/products_by_category?branch_id=${branchId}`), branchId));
    const listed = await json<{ id: string }[]>(`${baseUrl}/api/stations?branch_id=${branchId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    stations.push(...listed.map((s) => ({ id: s.id, branchId })));
  }
  if (items.length === 0 || stations.length === 0) throw new Error("the seeded menu or stations are missing: nothing to order");
  return planOrders(count, items, stations, seed);
}

/**
 * Runs the clients while `killer` SIGKILLs and restarts `victim` after every `orders / (kills + 1)`
 * acknowledgements, then once more after the last one.
 */
async function placeThroughCrashes(
  victim: ServerProcess,
  targets: string[],
  orders: PlannedOrder[],
  options: CrashSuiteOptions,
  deadline: number,
): Promise<ClientRun> {
  const log = options.log ?? (() => {});
  const every = Math.max(1, Math.floor(orders.length / (options.kills + 1)));
  let killsLeft = options.kills;
  let acknowledged = 0;
  let wake: (() => void) | null = null;

  let failed = false;
  const clients = runClients(orders, {
    targets,
    concurrency: options.clients,
    deadline,
    impatientShare: options.impatientShare ?? 0.05,
    stopped: () => failed,
    onAck: (_ack, count) => {
      acknowledged = count;
      wake?.();
    },
  });
  let clientsDone = false;
  void clients.finally(() => {
    clientsDone = true;
    wake?.();
  });

  try {
    let nextKillAt = every;
    while (killsLeft > 0 && !clientsDone) {
      if (acknowledged < nextKillAt) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        continue;
      }
      // A little later than the threshold, so kills land at different points of a transaction.
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 25)));
      await victim.kill();
      log(`  kill ${options.kills - killsLeft + 1}/${options.kills} after ${acknowledged} acknowledgements; restarting…`);
      await victim.start();
      killsLeft--;
      // Fixed points, not "every more acknowledgements": with two instances the other one keeps taking
      // orders while this one restarts, and the planned kills must still land before the traffic ends.
      nextKillAt += every;
    }
  } catch (error) {
    // A server that does not come back ends the run: stop the clients rather than let them retry until the deadline.
    failed = true;
    await clients;
    throw error;
  }
  const run = await clients;
  // Every acknowledged order must survive a crash that comes right after its acknowledgement.
  await victim.kill();
  await victim.start();
  log(`  final kill and restart after ${run.acks.size} acknowledgements`);
  return run;
}

async function pool<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;

interface AnsweredOrder {
  id: string;
  number: number;
  branch_id: number;
  station_id: string;
  subtotal: string;
  tax: string;
  total: string;
  lines: { product_id: number; quantity: number; unit_price: string; line_total: string; options: { id: number }[] }[];
}

/** What the acknowledgement says against what the client asked for and what the menu charges. */
function ackProblems(order: PlannedOrder, ack: Ack): string[] {
  let answered: AnsweredOrder;
  try {
    answered = JSON.parse(ack.text) as AnsweredOrder;
  } catch {
    return [`${order.key}: the acknowledgement is not JSON: ${ack.text.slice(0, 200)}`];
  }
  const problems: string[] = [];
  const asked = order.lines.map((l) => ({
    product_id: l.productId,
    quantity: l.quantity,
    options: [...l.optionIds].sort((a, b) => a - b),
    unit_price: money(l.unitPriceCents),
    line_total: money(l.unitPriceCents * l.quantity),
  }));
  const got = (answered.lines ?? []).map((l) => ({
    product_id: l.product_id,
    quantity: l.quantity,
    options: l.options.map((o) => o.id).sort((a, b) => a - b),
    unit_price: l.unit_price,
    line_total: l.line_total,
  }));
  if (JSON.stringify(asked) !== JSON.stringify(got))
    problems.push(`${order.key}: lines ${JSON.stringify(got)} are not the ordered ${JSON.stringify(asked)}`);
  const subtotal = order.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const totals = { subtotal: money(subtotal), tax: money(hstCents(subtotal)), total: money(subtotal + hstCents(subtotal)) };
  if (answered.subtotal !== totals.subtotal || answered.tax !== totals.tax || answered.total !== totals.total) {
    problems.push(
      `${order.key}: totals ${answered.subtotal}/${answered.tax}/${answered.total}, expected ${totals.subtotal}/${totals.tax}/${totals.total}`,
    );
  }
  if (answered.station_id !== order.stationId || answered.branch_id !== order.branchId)
    problems.push(`${order.key}: placed for ${answered.station_id} of branch ${answered.branch_id}`);
  if (!/^[0-9a-f-]{36}$/.test(answered.id ?? "") || !Number.isInteger(answered.number))
    problems.push(`${order.key}: no order id or number in ${ack.text.slice(0, 200)}`);
  return problems;
}

/**
 * Exactly once, judged after the run: through the API (replays, reads) and in the database
 * (counts, the key ↔ order map, one order.created event each, sound storage).
 */
export async function verifyExactlyOnce(
  orders: readonly PlannedOrder[],
  run: ClientRun,
  targets: readonly string[],
  probe: DbProbe,
): Promise<string[]> {
  const problems = [...run.anomalies.map((a) => `anomalous answer: ${a}`)];
  const unacknowledged = orders.filter((o) => !run.acks.has(o.key));
  if (unacknowledged.length > 0)
    problems.push(`${unacknowledged.length} orders were never acknowledged (first: ${unacknowledged[0]!.key})`);

  const acked = orders.filter((o) => run.acks.has(o.key));
  const answered = new Map<string, AnsweredOrder>();
  for (const order of acked) {
    const ack = run.acks.get(order.key)!;
    const found = ackProblems(order, ack);
    problems.push(...found);
    if (found.length === 0) answered.set(order.key, JSON.parse(ack.text) as AnsweredOrder);
  }
  const idByKey = new Map([...answered].map(([key, order]) => [key, order.id]));
  const ids = new Set(idByKey.values());
  if (ids.size !== idByKey.size) problems.push(`${idByKey.size - ids.size} acknowledgements name an order another key already has`);
  const numbers = new Set([...answered.values()].map((o) => `${o.branch_id}/${o.number}`));
  if (numbers.size !== answered.size) problems.push(`${answered.size - numbers.size} order numbers are used twice in a branch`);

  // Replaying every key answers its original order byte for byte; reading every order finds it whole.
  await pool(
    acked.filter((o) => answered.has(o.key)),
    8,
    async (order, index) => {
      const target = targets[index % targets.length]!;
      const ack = run.acks.get(order.key)!;
      try {
        const replay = await fetch(`${target}/api/orders`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": order.key },
          body: order.body,
          signal: AbortSignal.timeout(15_000),
        });
        const text = await replay.text();
        if (replay.status !== 201 || text !== ack.text)
          problems.push(
            `${order.key}: replay answered ${replay.status} ${text === ack.text ? "(same body)" : `a different body: ${text.slice(0, 200)}`}`,
          );
        else if (replay.headers.get("idempotent-replayed") !== "true")
          problems.push(`${order.key}: the replay was not marked Idempotent-Replayed`);
        const first = answered.get(order.key)!;
        const stored = await fetch(`${target}/api/orders/${first.id}`, { signal: AbortSignal.timeout(15_000) });
        const read = (await stored.json()) as AnsweredOrder;
        const essence = (o: AnsweredOrder) => JSON.stringify([o.id, o.number, o.lines, o.subtotal, o.tax, o.total]);
        if (stored.status !== 200 || essence(read) !== essence(first))
          problems.push(`${order.key}: GET /api/orders/${first.id} answered ${stored.status}, not the acknowledged order`);
      } catch (error) {
        problems.push(`${order.key}: replay or read failed: ${(error as Error).message}`);
      }
    },
  );

  // The database: exactly the acknowledged orders, each once, with all its lines and one creation event.
  const count = async (sql: string) => Number((await probe.query<{ n: number }>(sql))[0]?.n);
  const storedOrders = await count("SELECT count(*) AS n FROM orders");
  if (storedOrders !== acked.length) problems.push(`${storedOrders} orders are stored for ${acked.length} acknowledged keys`);
  const storedLines = await count("SELECT count(*) AS n FROM order_lines");
  const plannedLines = acked.reduce((sum, o) => sum + o.lines.length, 0);
  if (storedLines !== plannedLines) problems.push(`${storedLines} order lines are stored for ${plannedLines} ordered`);

  const answers = await storedAnswers(probe);
  const storedByKey = new Map(answers.map((a) => [a.key, a.order_id]));
  if (answers.length !== acked.length)
    problems.push(`${answers.length} idempotency keys hold an order for ${acked.length} acknowledged keys`);
  for (const [key, id] of idByKey)
    if (storedByKey.get(key) !== id) problems.push(`${key}: the key stores order ${storedByKey.get(key)}, acknowledged as ${id}`);
  const keyedOrders = new Set(answers.map((a) => a.order_id));
  if (keyedOrders.size !== answers.length) problems.push(`${answers.length - keyedOrders.size} orders are held by more than one key`);

  const created = await probe.query<{ order_id: string; n: number }>(
    "SELECT order_id, count(*) AS n FROM events WHERE type = 'order.created' GROUP BY order_id",
  );
  const createdById = new Map(created.map((row) => [row.order_id, Number(row.n)]));
  for (const id of ids)
    if (createdById.get(id) !== 1)
      problems.push(`order ${id} has ${createdById.get(id) ?? 0} order.created events (the kitchen must hear of it exactly once)`);
  for (const [id] of createdById) if (!ids.has(id)) problems.push(`an order.created event names order ${id}, which no key acknowledges`);

  problems.push(...(await storageProblems(probe)));
  return digest(problems);
}

/** Problems about the whole run first, then the first per-order ones: one broken rule can fail every order. */
function digest(problems: string[], keep = 40): string[] {
  const perOrder = (p: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(p);
  const sorted = [...problems.filter((p) => !perOrder(p)), ...problems.filter(perOrder)];
  return sorted.length <= keep ? sorted : [...sorted.slice(0, keep), `… and ${sorted.length - keep} more`];
}

function report(
  database: CrashReport["database"],
  orders: readonly PlannedOrder[],
  run: ClientRun,
  servers: ServerProcess[],
  started: number,
  problems: string[],
): CrashReport {
  return {
    database,
    orders: orders.length,
    acknowledged: run.acks.size,
    acknowledgedByReplay: [...run.acks.values()].filter((a) => a.replayed).length,
    kills: servers.reduce((sum, s) => sum + s.kills, 0),
    starts: servers.reduce((sum, s) => sum + s.starts, 0),
    attempts: run.attempts,
    unanswered: run.unanswered,
    abandoned: run.abandoned,
    durationMs: Date.now() - started,
    problems,
  };
}

/** One server on a temporary SQLite file, killed with SIGKILL `kills` + 1 times while clients place orders. */
export async function runSqliteCrashSuite(options: CrashSuiteOptions): Promise<CrashReport> {
  const started = Date.now();
  const deadline = started + options.timeLimitMs;
  const dir = mkdtempSync(join(tmpdir(), "limitless-crash-"));
  const server = new ServerProcess({
    name: "the server",
    port: await freePort(),
    env: serverEnv({ DATABASE_PATH: join(dir, "crash.db") }),
    firstStartEnv: FIRST_START,
  });
  let probe: DbProbe | undefined;
  try {
    await server.start();
    const orders = await orderPlan(server.url, options.orders, options.seed ?? 1);
    options.log?.(`SQLite: ${orders.length} orders, ${options.clients} clients, ${options.kills} kills`);
    const run = await placeThroughCrashes(server, [server.url], orders, options, deadline);
    probe = sqliteProbe(join(dir, "crash.db"));
    const problems = await verifyExactlyOnce(orders, run, [server.url], probe);
    if (problems.length > 0) problems.push(`server log tail:\n${server.logTail(15)}`);
    return report("sqlite", orders, run, [server], started, problems);
  } finally {
    await probe?.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Two instances on one PostgreSQL database (a throwaway one, created and dropped here, unless
 * `databaseUrl` is given), clients going round-robin over both, instance A killed `kills` + 1 times.
 * Needs the server's DATABASE_URL support: it refuses to judge a server that did not use PostgreSQL.
 */
export async function runPostgresCrashSuite(options: CrashSuiteOptions & { databaseUrl?: string }): Promise<CrashReport> {
  const started = Date.now();
  const deadline = started + options.timeLimitMs;
  const throwaway = options.databaseUrl ? undefined : await createThrowawayDatabase();
  const url = options.databaseUrl ?? throwaway!.url;
  // A server that ignored DATABASE_URL would fall back to SQLite: keep that file out of the project's data/.
  const dir = mkdtempSync(join(tmpdir(), "limitless-crash-pg-"));
  const env = serverEnv({ DATABASE_URL: url, DATABASE_PATH: join(dir, "must-not-be-used.db") });
  const a = new ServerProcess({ name: "instance A", port: await freePort(), env, firstStartEnv: FIRST_START });
  const b = new ServerProcess({ name: "instance B", port: await freePort(), env, firstStartEnv: FIRST_START });
  let probe: DbProbe | undefined;
  try {
    // Both at the same moment on the empty database: migrations and the seed must run once.
    await Promise.all([a.start(), b.start()]);
    probe = await postgresProbe(url);
    const branches = Number((await probe.query<{ n: number }>("SELECT count(*) AS n FROM branches"))[0]?.n);
    if (!(branches >= 2)) throw new Error("the instances did not seed PostgreSQL: does the server support DATABASE_URL yet?");
    const orders = await orderPlan(a.url, options.orders, options.seed ?? 1);
    options.log?.(
      `PostgreSQL: ${orders.length} orders, ${options.clients} clients over two instances, ${options.kills} kills of instance A`,
    );
    const run = await placeThroughCrashes(a, [a.url, b.url], orders, options, deadline);
    const problems = await verifyExactlyOnce(orders, run, [a.url, b.url], probe);
    if (problems.length > 0) problems.push(`instance A log tail:\n${a.logTail(15)}`, `instance B log tail:\n${b.logTail(15)}`);
    return report("postgres", orders, run, [a, b], started, problems);
  } finally {
    await probe?.close();
    await Promise.all([a.stop(), b.stop()]);
    await throwaway?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line for a log: what was run and what happened. */
export function summarize(r: CrashReport): string {
  return (
    `${r.database}: ${r.acknowledged}/${r.orders} orders acknowledged (${r.acknowledgedByReplay} by replay after a lost answer), ` +
    `${r.kills} SIGKILLs, ${r.starts} starts, ${r.attempts} attempts (${r.unanswered} unanswered, ${r.abandoned} abandoned), ` +
    `${(r.durationMs / 1000).toFixed(1)} s, ${r.problems.length} problems`
  );
}
