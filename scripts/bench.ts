/**
 * `npm run bench`: how close the server stays to its framework, as ratios measured in one run.
 *
 * Starts, each in its own child process (so the load generator does not steal their event loop):
 *   - a bare Hono hello-world on @hono/node-server (scripts/bench/bare-hono.mjs, the installed versions),
 *   - our server (the built dist-server/main.js, NODE_ENV=production) on a throwaway, freshly seeded SQLite file, LOG_REQUESTS=0,
 *     TABLE_ORDER_LIMIT=0 (metrics on, as by default),
 *   - the same build as plain `npm start` runs it (NODE_ENV unset, metrics and request logging on, JSON lines to /dev/null), for health,
 *   - the same build with both off (METRICS=0, LOG_REQUESTS=0), for health: what metrics and logging cost,
 * then drives them with autocannon from this process, on 127.0.0.1 only, and prints PASS/MISS per target.
 * Writes docs/performance/api-benchmarks.md (the hand-written "Where time goes" section there is kept).
 *
 * Settings: BENCH_SECONDS (each measurement, default 10), BENCH_STREAMS (idle live streams, default 3000),
 * BENCH_PROFILE=<dir> (our server runs with --cpu-prof, its profile lands in <dir>; numbers are then
 * slower, so nothing is written to docs/), BENCH_NO_DOCS=1 (print only), BENCH_ONLY=health (bare Hono and
 * both healths only, about 20 s; prints only).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { measureDurability } from "./bench-durability";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 5;
const WARMUP_SECONDS = 2;
const CONNECTIONS = 50;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 3000);
const STATIONS = 40; // one branch's tables on a busy night (PRODUCT.md)
const DELIVERY_WINDOW_MS = 2000;
const STREAM_OPEN_BUDGET_MS = 45_000;
/** Every phase is bounded; this only stops a run that hangs for a reason nobody foresaw. */
const WATCHDOG_MS = 6 * 60_000;
const PROFILE_DIR = process.env.BENCH_PROFILE;
const HEALTH_ONLY = process.env.BENCH_ONLY === "health";
const WRITE_DOCS = !PROFILE_DIR && !HEALTH_ONLY && process.env.BENCH_NO_DOCS !== "1";
const DOC = "docs/performance/api-benchmarks.md";
const COMMAND = [
  ...["BENCH_SECONDS", "BENCH_STREAMS"].filter((name) => process.env[name]).map((name) => `${name}=${process.env[name]}`),
  "npm run bench",
].join(" ");
const STAFF = { email: "bench@limitless.example", password: "bench password, not secret" };
const METRICS_TOKEN = "bench-metrics-token-not-a-secret-0123";
const SCRAPES = 20;

const children: ChildProcess[] = [];
const workDir = mkdtempSync(join(tmpdir(), "limitless-bench-"));
const databasePath = join(workDir, "bench.db");

// ---------- processes ----------

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Both servers run as plain JavaScript in production mode: what `npm run serve` runs, and no TypeScript loader in either. */
async function startChild(name: string, script: string, env: Record<string, string | undefined>, nodeArgs: string[] = []): Promise<string> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", ...env, PORT: String(port), HOST: "127.0.0.1" };
  // undefined in `env` means unset, as in a shell that never exported it.
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  delete childEnv.DATABASE_URL; // always the throwaway SQLite file, never an operator's database
  const child = spawn(process.execPath, [...nodeArgs, script], { env: childEnv, stdio: ["ignore", "ignore", "pipe"] });
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${stderr}`);
    try {
      await fetch(url);
      return url;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`${name} did not answer on ${url} within 60 s:\n${stderr}`);
}

async function stopChildren(): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
          child.once("exit", () => {
            clearTimeout(killer);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
}

/** Requests still in flight when autocannon stops are finished by the server: wait until the count holds still. */
async function settledCount(read: () => number): Promise<number> {
  let last = read();
  for (let tries = 0; tries < 50; tries++) {
    await sleep(300);
    const now = read();
    if (now === last) return now;
    last = now;
  }
  return last;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------- load ----------

interface Load {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
  codes: Record<string, number>;
}

async function load(options: autocannon.Options & { seconds?: number }): Promise<Load> {
  const result = await autocannon({ connections: CONNECTIONS, duration: options.seconds ?? SECONDS, ...options });
  const codes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) codes[code] = stat.count ?? 0;
  return {
    rps: Math.round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    codes,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Several short runs of each call, taken in turn, so that load from other processes on the machine
 * falls on all of them alike; each figure is the median over the rounds, and each ratio the median
 * of the ratios within a round.
 */
async function interleaved<K extends string>(calls: Record<K, autocannon.Options>, rounds: number, seconds: number) {
  const runs = {} as Record<K, Load[]>;
  for (const name of Object.keys(calls) as K[]) runs[name] = [];
  for (let round = 0; round < rounds; round++) {
    for (const name of Object.keys(calls) as K[]) runs[name].push(await load({ ...calls[name], seconds }));
  }
  const summary = (name: K): Load => {
    const all = runs[name];
    const codes: Record<string, number> = {};
    for (const run of all) for (const [code, n] of Object.entries(run.codes)) codes[code] = (codes[code] ?? 0) + n;
    return {
      rps: Math.round(median(all.map((r) => r.rps))),
      p50: median(all.map((r) => r.p50)),
      p99: median(all.map((r) => r.p99)),
      total: all.reduce((sum, r) => sum + r.total, 0),
      errors: all.reduce((sum, r) => sum + r.errors, 0),
      codes,
    };
  };
  const ratioOf = (a: K, b: K) => median(runs[a].map((run, i) => ratio(run.rps, runs[b][i]!.rps)));
  return { summary, ratioOf };
}

const only = (load: Load, status: number) => load.errors === 0 && Object.keys(load.codes).every((code) => code === String(status));

// ---------- API calls for the set-up ----------

async function api<T>(url: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  const response = await fetch(url, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A body as it came over the wire (fetch would undo its gzip). */
function rawBody(url: string, headers: http.OutgoingHttpHeaders): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks)));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

interface MenuProduct {
  id: number;
  available: boolean;
  stock?: number | null;
  customizations: Record<string, { required: boolean }>;
}

// ---------- live streams ----------

interface OpenStream {
  request: http.ClientRequest;
  productUpdatedAt?: number;
}

/** Opens one SSE stream with a raw request; resolves once the server has sent its first bytes. */
function openStream(url: string, agent: http.Agent): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const stream: OpenStream = { request: http.get(url, { agent, headers: { Accept: "text/event-stream" } }) };
    stream.request.setTimeout(10_000, () => stream.request.destroy(new Error("no answer within 10 s")));
    stream.request.on("error", reject);
    stream.request.on("response", (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new Error(`status ${response.statusCode}`));
      }
      stream.request.setTimeout(0);
      let tail = "";
      response.setEncoding("utf8");
      response.once("data", () => resolve(stream));
      response.on("data", (chunk: string) => {
        // Only the event name matters; keep a short tail so a line split across chunks is still seen.
        tail = (tail + chunk).slice(-2048);
        if (stream.productUpdatedAt === undefined && tail.includes("event: product.updated")) stream.productUpdatedAt = Date.now();
      });
      response.on("error", () => {});
    });
  });
}

async function openStreams(urls: string[], agent: http.Agent): Promise<{ open: OpenStream[]; failures: Map<string, number> }> {
  const open: OpenStream[] = [];
  const failures = new Map<string, number>();
  const BATCH = 100; // stays under the server's listen backlog
  const deadline = Date.now() + STREAM_OPEN_BUDGET_MS;
  for (let start = 0; start < urls.length; start += BATCH) {
    if (Date.now() > deadline) {
      failures.set(`not opened within ${STREAM_OPEN_BUDGET_MS / 1000} s`, urls.length - start);
      break;
    }
    const settled = await Promise.allSettled(urls.slice(start, start + BATCH).map((url) => openStream(url, agent)));
    for (const outcome of settled) {
      if (outcome.status === "fulfilled") open.push(outcome.value);
      else failures.set(String(outcome.reason?.message ?? outcome.reason), (failures.get(String(outcome.reason?.message)) ?? 0) + 1);
    }
  }
  return { open, failures };
}

/** Whether the server has the diner tab's single stream; else the public product stream stands in. */
async function stationStreamExists(base: string, stationId: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(`${base}/api/stations/${stationId}/events`, (response) => {
      resolve(response.statusCode === 200 && /text\/event-stream/.test(String(response.headers["content-type"])));
      request.destroy();
    });
    request.on("error", () => resolve(false));
  });
}

// ---------- report ----------

interface Row {
  name: string;
  rps?: number;
  p50?: number;
  p99?: number;
  ratio?: string;
  note?: string;
}

interface Target {
  name: string;
  ok: boolean;
  measured: string;
}

function ulimitOpenFiles(): number {
  try {
    const raw = execFileSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).trim();
    return raw === "unlimited" ? Infinity : Number(raw);
  } catch {
    return NaN;
  }
}

function markdownTable(rows: Row[]): string {
  const cell = (value: number | string | undefined) => (value === undefined ? "" : String(value));
  return [
    "| measurement | req/s | p50 ms | p99 ms | ratio | notes |",
    "|---|---:|---:|---:|---|---|",
    ...rows.map((r) => `| ${r.name} | ${cell(r.rps)} | ${cell(r.p50)} | ${cell(r.p99)} | ${cell(r.ratio)} | ${cell(r.note)} |`),
  ].join("\n");
}

const rows: Row[] = [];
const targets: Target[] = [];
let loadAtStart = 0;
const target = (name: string, ok: boolean, measured: string) => targets.push({ name, ok, measured });

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
const fmt = (value: number) => value.toFixed(2);

// ---------- the run ----------

async function main() {
  const started = Date.now();
  loadAtStart = loadavg()[0]!;
  const openFiles = ulimitOpenFiles();
  const fdNeeded = STREAMS + CONNECTIONS + 200;
  const fdWarning =
    openFiles < fdNeeded
      ? `ulimit -n is ${openFiles}: too low for ${STREAMS} streams (each side needs about ${fdNeeded}); raise it (ulimit -n 8192) or streams will fail to open.`
      : "";
  if (fdWarning) console.warn(`WARNING: ${fdWarning}`);
  console.log(`Open-file limit (ulimit -n): ${openFiles}; ${cpus().length} cores; Node ${process.version}.`);

  execFileSync(process.execPath, ["scripts/build-server.mjs", "--if-stale"], { stdio: "inherit" });
  const ours = await startChild(
    "our server",
    "dist-server/main.js",
    {
      DATABASE_PATH: databasePath,
      LOG_REQUESTS: "0",
      TABLE_ORDER_LIMIT: "0",
      MAX_EVENT_STREAMS: String(Math.max(10_000, STREAMS + 100)),
      STATIC_DIR: "",
      STAFF_EMAIL: STAFF.email,
      STAFF_PASSWORD: STAFF.password,
      METRICS_TOKEN,
    },
    PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [],
  );
  // Bare Hono also serves our gzip menu's exact bytes: what the framework itself pays to send that body.
  const menuUrl = `${ours}/api/products_by_category?branch_id=1`;
  const gzipBytes = await rawBody(menuUrl, { "accept-encoding": "gzip" });
  const sameBytesFile = join(workDir, "menu.json.gz");
  writeFileSync(sameBytesFile, gzipBytes);
  const bare = await startChild("bare Hono", "scripts/bench/bare-hono.mjs", { SAME_BYTES_FILE: sameBytesFile });
  // Plain `npm start`: no NODE_ENV, request lines on (JSON, since stdout is not a terminal here).
  const asStarted = await startChild("our server as npm start runs it", "dist-server/main.js", {
    NODE_ENV: undefined,
    LOG_REQUESTS: undefined,
    DATABASE_PATH: join(workDir, "start.db"),
    STATIC_DIR: "",
  });
  // Metrics and request lines both off: the yardstick for what they cost together.
  const unobserved = await startChild("our server with metrics and request log off", "dist-server/main.js", {
    METRICS: "0",
    LOG_REQUESTS: "0",
    DATABASE_PATH: join(workDir, "unobserved.db"),
    STATIC_DIR: "",
  });
  console.log(`bare Hono at ${bare}, our server at ${ours} (database ${databasePath})`);

  // Set-up through the API, as a client would.
  const login = await api<{ access_token: string }>(`${ours}/api/login`, { method: "POST", json: STAFF });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.access_token;
  let stations = (await api<{ id: string }[]>(`${ours}/api/stations?branch_id=1`, { token })).body;
  for (let n = stations.length; n < STATIONS; n++) {
    const created = await api(`${ours}/api/stations?branch_id=1`, {
      method: "POST",
      token,
      json: { codename: `Bench ${n + 1}`, capacity: 4 },
    });
    if (created.status !== 201) throw new Error(`creating a station failed: ${created.status} ${JSON.stringify(created.body)}`);
  }
  stations = (await api<{ id: string }[]>(`${ours}/api/stations?branch_id=1`, { token })).body;
  const menu = (await api<Record<string, MenuProduct[]>>(menuUrl)).body;
  // Products a diner can order on any day with no choices to make: one to order, another to sell out.
  const [product, soldOut] = Object.entries(menu)
    .filter(([category]) => category !== "special")
    .flatMap(([, products]) => products)
    .filter((p) => p.available && (p.stock ?? null) === null && Object.values(p.customizations).every((g) => !g.required));
  if (!product || !soldOut) throw new Error("the seeded menu has too few products without required choices");
  const etag = (await fetch(menuUrl)).headers.get("etag");
  if (!etag) throw new Error("the menu has no ETag");

  // Warm both servers' JIT before anything counts.
  const gzipMenu = { url: menuUrl, headers: { "accept-encoding": "gzip" } };
  const calls = {
    bare: { url: `${bare}/` },
    bareSameBytes: { url: `${bare}/same-bytes` },
    health: { url: `${ours}/api/health` },
    healthStart: { url: `${asStarted}/api/health` },
    healthUnobserved: { url: `${unobserved}/api/health` },
    menu: gzipMenu,
    notModified: { url: menuUrl, headers: { "accept-encoding": "gzip", "if-none-match": etag } },
  };
  await interleaved(calls, 1, WARMUP_SECONDS);

  console.log(`measuring bare Hono, health, menu (${ROUNDS} rounds of ${fmt(SECONDS / ROUNDS)} s each)…`);
  const measured = await interleaved(calls, ROUNDS, SECONDS / ROUNDS);
  const bareLoad = measured.summary("bare");
  rows.push({
    name: "bare Hono `GET /` (hello world)",
    rps: bareLoad.rps,
    p50: bareLoad.p50,
    p99: bareLoad.p99,
    note: only(bareLoad, 200) ? "" : "not all 200",
  });

  const health = measured.summary("health");
  const healthRatio = measured.ratioOf("health", "bare");
  rows.push({
    name: "our `GET /api/health` (metrics on, request log off)",
    rps: health.rps,
    p50: health.p50,
    p99: health.p99,
    ratio: `${fmt(healthRatio)}× bare`,
    note: only(health, 200) ? "" : "not all 200",
  });
  target("health ≥ 0.5× bare Hono", healthRatio >= 0.5, `${fmt(healthRatio)}×`);

  const healthStart = measured.summary("healthStart");
  const healthStartRatio = measured.ratioOf("healthStart", "bare");
  rows.push({
    name: "our `GET /api/health` as plain `npm start` runs it (`NODE_ENV` unset, metrics and request log on)",
    rps: healthStart.rps,
    p50: healthStart.p50,
    p99: healthStart.p99,
    ratio: `${fmt(healthStartRatio)}× bare`,
    note: `${fmt(measured.ratioOf("healthStart", "health"))}× the production health${only(healthStart, 200) ? "" : "; not all 200"}`,
  });
  target(
    "health under plain npm start (metrics and request log on) ≥ 0.5× bare Hono",
    healthStartRatio >= 0.5,
    `${fmt(healthStartRatio)}×`,
  );

  const unobservedHealth = measured.summary("healthUnobserved");
  rows.push({
    name: "our `GET /api/health` with metrics and request log off (`METRICS=0`, `LOG_REQUESTS=0`)",
    rps: unobservedHealth.rps,
    p50: unobservedHealth.p50,
    p99: unobservedHealth.p99,
    ratio: `${fmt(measured.ratioOf("healthUnobserved", "bare"))}× bare`,
    note:
      `metrics on: ${fmt(measured.ratioOf("health", "healthUnobserved"))}× this; metrics and request log on: ` +
      `${fmt(measured.ratioOf("healthStart", "healthUnobserved"))}× this${only(unobservedHealth, 200) ? "" : "; not all 200"}`,
  });
  rows.push(await scrapeRow(ours));
  if (HEALTH_ONLY) return report(started, "", openFiles, fdWarning);

  const menuGzip = measured.summary("menu");
  const menuRatio = measured.ratioOf("menu", "health");
  rows.push({
    name: "cached menu, gzip (`GET /api/products_by_category?branch_id=1`)",
    rps: menuGzip.rps,
    p50: menuGzip.p50,
    p99: menuGzip.p99,
    ratio: `${fmt(menuRatio)}× health`,
    note: only(menuGzip, 200) ? "" : "not all 200",
  });
  target("cached menu ≥ 0.9× health", menuRatio >= 0.9, `${fmt(menuRatio)}×`);

  // No server sends those bytes as fast as a hello-world; how far bare Hono itself falls is the yardstick.
  const sameBytes = measured.summary("bareSameBytes");
  const sameBytesRatio = measured.ratioOf("bareSameBytes", "bare");
  rows.push({
    name: `bare Hono sending the same ${gzipBytes.byteLength} bytes (the gzip menu's body)`,
    rps: sameBytes.rps,
    p50: sameBytes.p50,
    p99: sameBytes.p99,
    ratio: `${fmt(sameBytesRatio)}× bare`,
    note: `our menu ÷ health is ${fmt(menuRatio)}×; bare Hono's same bytes ÷ hello-world ${fmt(sameBytesRatio)}×`,
  });

  const menu304 = measured.summary("notModified");
  rows.push({
    name: "cached menu, 304 (If-None-Match)",
    rps: menu304.rps,
    p50: menu304.p50,
    p99: menu304.p99,
    ratio: `${fmt(measured.ratioOf("notModified", "health"))}× health`,
    note: only(menu304, 304) ? "" : "not all 304",
  });

  const streamPath = await streamsPhase(ours, stations, token, soldOut.id, health);

  // Orders: a unique key per request, spread over the tables; every answer must be 201 and stored.
  console.log("measuring POST /api/orders…");
  let sequence = 0;
  const orderRequest = (prefix: string, createdIds?: string[]): autocannon.Options => ({
    url: `${ours}/api/orders`,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (request) => {
          const n = ++sequence;
          return {
            ...request,
            headers: { ...request.headers, "idempotency-key": `${prefix}-${n}` },
            body: JSON.stringify({
              products: [{ id: product.id, quantity: 1, selectedCustomizations: [] }],
              station_id: stations[n % stations.length]!.id,
              branch_id: 1,
            }),
          };
        },
        onResponse: (status, body) => {
          if (status !== 201 || !createdIds) return;
          try {
            createdIds.push(String((JSON.parse(body) as { id: unknown }).id));
          } catch {
            createdIds.push("(not JSON)");
          }
        },
      },
    ],
  });
  await load({ ...orderRequest("warmup"), seconds: 1 });
  const database = new Database(databasePath, { readonly: true, fileMustExist: true });
  const countOrders = () => (database.prepare("SELECT count(*) AS n FROM orders").get() as { n: number }).n;
  const ordersBefore = await settledCount(countOrders);
  const createdIds: string[] = [];
  const sentBefore = sequence;
  const orders = await load(orderRequest(`bench-${Date.now()}`, createdIds));
  const sent = sequence - sentBefore;
  const stored = (await settledCount(countOrders)) - ordersBefore;
  const storedIds = new Set((database.prepare("SELECT id FROM orders").all() as { id: string }[]).map((r) => r.id));
  database.close();
  const created = orders.codes["201"] ?? 0;
  const all201 = only(orders, 201) && created > 0;
  const every201Stored = createdIds.length === created && createdIds.every((id) => storedIds.has(id));
  // A request cut off when the run stopped may be stored without its 201 having been counted.
  const inFlight = Math.max(0, sent - orders.total - orders.errors);
  const storedMatches = every201Stored && stored >= created && stored - created <= inFlight;
  const ordersRatio = ratio(orders.rps, bareLoad.rps);
  const otherCodes = Object.entries(orders.codes)
    .filter(([code]) => code !== "201")
    .map(([code, n]) => `${n}× ${code}`);
  rows.push({
    name: `\`POST /api/orders\` (${CONNECTIONS} connections, new Idempotency-Key each, ${stations.length} tables)`,
    rps: orders.rps,
    p50: orders.p50,
    p99: orders.p99,
    ratio: `${fmt(ordersRatio)}× bare`,
    note: `${created} × 201${otherCodes.length ? `, ${otherCodes.join(", ")}` : ""}${orders.errors ? `, ${orders.errors} errors` : ""}; ${stored} stored${inFlight ? ` (${inFlight} in flight at the stop)` : ""}`,
  });
  target("orders ≥ 0.12× bare Hono", ordersRatio >= 0.12, `${fmt(ordersRatio)}×`);
  target("orders p99 ≤ 50 ms", orders.p99 <= 50, `${orders.p99} ms`);
  target(
    "every order answer is 201",
    all201,
    otherCodes.length || orders.errors ? `${otherCodes.join(", ")} ${orders.errors} errors`.trim() : `${created} × 201`,
  );
  target(
    "stored orders = 201 answers",
    storedMatches,
    `${stored} stored, ${created} × 201${every201Stored ? "" : ", some 201 ids missing"}`,
  );

  await report(started, streamPath, openFiles, fdWarning);
  // The cost of SQLITE_SYNCHRONOUS=FULL, on servers of its own (→ docs/performance/durability.md).
  if (!PROFILE_DIR) await measureDurability({ writeDoc: WRITE_DOCS });
}

/** What one Prometheus scrape costs the server: GET /metrics, one at a time, after the load above filled the histogram. */
async function scrapeRow(ours: string): Promise<Row> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < SCRAPES; i++) {
    const began = performance.now();
    const response = await fetch(`${ours}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await response.text();
    times.push(performance.now() - began);
    if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}: ${text.slice(0, 200)}`);
    bytes = Buffer.byteLength(text);
  }
  return {
    name: `one Prometheus scrape (\`GET /metrics\`, ${SCRAPES} in a row)`,
    p50: Math.round(median(times) * 10) / 10,
    p99: Math.round(Math.max(...times) * 10) / 10,
    note: `${bytes} bytes; p99 column is the slowest of the ${SCRAPES}`,
  };
}

async function report(started: number, streamPath: string, openFiles: number, fdWarning: string): Promise<void> {
  await stopChildren();
  const elapsed = Math.round((Date.now() - started) / 1000);

  console.log(`\n${markdownTable(rows)}\n`);
  for (const t of targets) console.log(`${t.ok ? "PASS" : "MISS"}  ${t.name}: ${t.measured}`);
  console.log(`\n${targets.filter((t) => t.ok).length} of ${targets.length} targets met in ${elapsed} s.`);
  if (PROFILE_DIR) console.log(`CPU profile of our server written to ${PROFILE_DIR}`);
  if (WRITE_DOCS) {
    writeDoc(rows, targets, openFiles, fdWarning, streamPath);
    console.log(`wrote ${DOC}`);
  }
}

/** Idle live streams: health with them open, then a sold-out toggle that must reach them all. */
async function streamsPhase(ours: string, stations: { id: string }[], token: string, productId: number, health: Load): Promise<string> {
  const station0 = stations[0]!.id;
  const perStation = await stationStreamExists(ours, station0);
  const streamUrls = Array.from({ length: STREAMS }, (_, i) =>
    perStation ? `${ours}/api/stations/${stations[i % stations.length]!.id}/events` : `${ours}/api/products/events?branch_id=1`,
  );
  const streamPath = perStation ? "GET /api/stations/{id}/events" : "GET /api/products/events?branch_id=1";
  console.log(`opening ${STREAMS} streams (${streamPath})…`);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity, maxTotalSockets: Infinity });
  const { open, failures } = await openStreams(streamUrls, agent);
  const failureText = [...failures].map(([reason, n]) => `${n}× ${reason}`).join(", ");
  if (failureText) console.warn(`streams that did not open: ${failureText}`);

  const withStreams = await load({ url: `${ours}/api/health` });
  const streamsRatio = ratio(withStreams.rps, health.rps);
  rows.push({
    name: `our \`GET /api/health\` with ${open.length} idle streams open (\`${streamPath}\`)`,
    rps: withStreams.rps,
    p50: withStreams.p50,
    p99: withStreams.p99,
    ratio: `${fmt(streamsRatio)}× health without`,
    note: `${open.length} of ${STREAMS} streams opened${failureText ? ` (${failureText})` : ""}`,
  });
  target(
    `health with ${STREAMS} streams ≥ 0.7× without`,
    streamsRatio >= 0.7 && open.length === STREAMS,
    `${fmt(streamsRatio)}×, ${open.length} open`,
  );
  target(`health with ${STREAMS} streams p99 ≤ 50 ms`, withStreams.p99 <= 50, `${withStreams.p99} ms`);

  const toggledAt = Date.now();
  const toggle = await api(`${ours}/api/products/${productId}`, { method: "PATCH", token, json: { available: false } });
  if (toggle.status !== 200) throw new Error(`the sold-out toggle failed: ${toggle.status} ${JSON.stringify(toggle.body)}`);
  await sleep(DELIVERY_WINDOW_MS + 200);
  const reached = open.filter((s) => s.productUpdatedAt !== undefined && s.productUpdatedAt - toggledAt <= DELIVERY_WINDOW_MS).length;
  const reach = ratio(reached, STREAMS);
  rows.push({
    name: `sold-out toggle → \`product.updated\` on the open streams within ${DELIVERY_WINDOW_MS / 1000} s`,
    ratio: `${(reach * 100).toFixed(1)} %`,
    note: `${reached} of ${STREAMS}`,
  });
  target(`sold-out toggle reaches ≥ 99 % of ${STREAMS} streams in 2 s`, reach >= 0.99, `${(reach * 100).toFixed(1)} %`);
  for (const stream of open) stream.request.destroy();
  agent.destroy();
  await api(`${ours}/api/products/${productId}`, { method: "PATCH", token, json: { available: true } });
  await sleep(1000); // let the server finish closing the streams before the next measurement
  return streamPath;
}

function writeDoc(rows: Row[], targets: Target[], openFiles: number, fdWarning: string, streamPath: string) {
  // The profile narrative is written by hand (it comes from reading a profile, not from this run).
  const previous = existsSync(DOC) ? readFileSync(DOC, "utf8") : "";
  const whereTimeGoes = previous.match(/^## Where time goes[\s\S]*$/m)?.[0] ?? "## Where time goes\n\n(not written yet)\n";
  const cpu = cpus();
  writeFileSync(
    DOC,
    `# API benchmarks

Command: \`${COMMAND}\` (scripts/bench.ts). Last run: ${new Date().toISOString()}.
Machine: ${cpu.length} cores (\`nproc\`), ${cpu[0]?.model.trim() ?? "unknown CPU"}, Node ${process.version}, open-file limit ${openFiles};
load average ${loadAtStart.toFixed(1)} when the run started (anything above 0 is other work sharing the cores).

Bare Hono (scripts/bench/bare-hono.mjs, the installed hono + @hono/node-server) and our server (the built \`dist-server/main.js\`, \`NODE_ENV=production\`, on
a throwaway seeded SQLite file, \`LOG_REQUESTS=0\`, \`TABLE_ORDER_LIMIT=0\`, metrics on) each run in their own process, and so do
the same build as plain \`npm start\` runs it (\`NODE_ENV\` unset, metrics and request log on: JSON lines, here to /dev/null) and the
same build with both off (\`METRICS=0 LOG_REQUESTS=0\`), for health; autocannon drives them from another, ${CONNECTIONS} connections, on 127.0.0.1. All three share the machine's cores, so absolute
numbers are floors; the ratios are what the targets are about. Bare Hono, health and the menu are measured in
${ROUNDS} interleaved rounds (${SECONDS} s each in all, after a ${WARMUP_SECONDS} s warm-up): figures are medians over
the rounds, ratios the median of each round's ratio, so load from other processes falls on both sides of a ratio.
Idle streams: ${STREAMS} raw HTTP requests to \`${streamPath}\`${streamPath.includes("stations") ? ` spread over ${STATIONS} tables` : ""}, health measured
for ${SECONDS} s with them open. Orders: one ${SECONDS} s run.
${fdWarning ? `\n**Warning:** ${fdWarning}\n` : ""}
${markdownTable(rows)}

| target | measured | result |
|---|---|---|
${targets.map((t) => `| ${t.name} | ${t.measured} | ${t.ok ? "PASS" : "MISS"} |`).join("\n")}

${whereTimeGoes.trimEnd()}
`,
  );
}

const cleanup = async () => {
  await stopChildren();
  rmSync(workDir, { recursive: true, force: true });
};
process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));
setTimeout(() => {
  console.error(`the bench ran over ${WATCHDOG_MS / 60_000} minutes; stopping`);
  void cleanup().then(() => process.exit(1));
}, WATCHDOG_MS).unref();

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
