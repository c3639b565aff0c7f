/**
 * `npm run bench`: how close the server stays to the simplest servers that do the same job, as ratios
 * measured side by side in one run (issue 34's targets).
 *
 * Every server runs in its own child process (so the load generator does not steal their event loop), on
 * throwaway SQLite files under data/ (the disk an fsync must reach), and autocannon drives them from this
 * process on 127.0.0.1, 50 connections:
 *   - health and the cached menu, in a plain `npm start` configuration (`NODE_ENV` unset, metrics and
 *     request log on, request lines to a pipe a `cat` drains), against a bare Hono hello-world and
 *     bare Hono sending the menu's exact gzip bytes (scripts/bench/bare-hono.mjs);
 *   - for comparison, health on the production build (`NODE_ENV=production`, request log off) and with
 *     metrics and request log off;
 *   - health with 10,000 diner streams open, and how long a sold-out toggle takes to reach them all;
 *   - `POST /api/orders` against a naive order server (scripts/bench/naive-orders.mjs: Hono +
 *     better-sqlite3, one transaction per order) at the same durability, `synchronous=FULL` and `NORMAL`.
 * Calls that are compared are measured in interleaved rounds, so load from other processes on the
 * machine falls on both sides of a ratio. Prints PASS/MISS per target and writes
 * docs/performance/api-benchmarks.md (its hand-written "Where time goes" section is kept).
 *
 * Settings: BENCH_SECONDS (per measurement, default 10), BENCH_STREAMS (idle diner streams, default
 * 10000), BENCH_PROFILE=<dir> (our servers run with --cpu-prof, their profiles land in <dir>; numbers
 * are then slower, so nothing is written to docs/), BENCH_NO_DOCS=1 (print only), BENCH_ONLY=health,
 * menu, streams or orders (that part only; prints only).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 5;
const WARMUP_SECONDS = 2;
const CONNECTIONS = 50;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const STATIONS = 40; // one branch's tables on a busy night (PRODUCT.md)
/** The sold-out toggle must reach every open stream within this; the bench waits longer to see stragglers. */
const DELIVERY_TARGET_MS = 250;
const DELIVERY_WAIT_MS = 10_000;
const STREAM_OPEN_BUDGET_MS = 120_000;
/** Every phase is bounded; this only stops a run that hangs for a reason nobody foresaw. */
const WATCHDOG_MS = 12 * 60_000;
const PROFILE_DIR = process.env.BENCH_PROFILE;
const PHASES = ["health", "menu", "streams", "orders"] as const;
type Phase = (typeof PHASES)[number];
const ONLY = process.env.BENCH_ONLY as Phase | undefined;
if (ONLY && !PHASES.includes(ONLY)) throw new Error(`BENCH_ONLY must be one of ${PHASES.join(", ")}`);
const runs = (phase: Phase) => !ONLY || ONLY === phase;
const WRITE_DOCS = !PROFILE_DIR && !ONLY && process.env.BENCH_NO_DOCS !== "1";
const DOC = "docs/performance/api-benchmarks.md";
const COMMAND = [
  ...["BENCH_SECONDS", "BENCH_STREAMS"].filter((name) => process.env[name]).map((name) => `${name}=${process.env[name]}`),
  "npm run bench",
].join(" ");
const STAFF = { email: "bench@limitless.example", password: "bench password, not secret" };
const METRICS_TOKEN = "bench-metrics-token-not-a-secret-0123";
const SCRAPES = 20;

const children: ChildProcess[] = [];
// On the repository's disk, not a RAM-backed /tmp: a FULL commit's fsync must reach a real device to cost what it costs.
mkdirSync(resolve("data"), { recursive: true });
const workDir = mkdtempSync(join(resolve("data"), "bench-"));

// ---------- processes ----------

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Every server runs as plain JavaScript (ours: the built bundle `npm run serve` and `npm start` run, no
 * TypeScript loader). `stdout: "pipe"` hands its output to a pipe, as a
 * process manager or a terminal would take it (read by a `cat` of its own); otherwise it goes to /dev/null.
 */
async function startChild(
  name: string,
  script: string,
  env: Record<string, string | undefined>,
  options: { nodeArgs?: string[]; stdout?: "pipe" | "ignore" } = {},
): Promise<string> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", ...env, PORT: String(port), HOST: "127.0.0.1" };
  // undefined in `env` means unset, as in a shell that never exported it.
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  delete childEnv.DATABASE_URL; // always the throwaway SQLite file, never an operator's database
  // The pipe's reader is a process of its own (as journald or a terminal is), not the load generator.
  const reader = options.stdout === "pipe" ? spawn("cat", [], { stdio: ["pipe", "ignore", "ignore"] }) : undefined;
  if (reader) children.push(reader);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script], {
    env: childEnv,
    stdio: ["ignore", reader ? reader.stdin! : "ignore", "pipe"],
  });
  children.push(child);
  if (child.pid !== undefined) pidByOrigin.set(`http://127.0.0.1:${port}`, child.pid);
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
  /** The server process's CPU time (all its threads) per answered request, in µs; undefined where /proc cannot tell. */
  cpuUs?: number;
}

/** Each server's process id by its origin, to read its CPU time from /proc. */
const pidByOrigin = new Map<string, number>();

/** utime + stime of a process in clock ticks (1/100 s on Linux), from /proc/<pid>/stat. */
function cpuTicks(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name's closing parenthesis: state is the first, utime the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

async function load(options: autocannon.Options & { seconds?: number }): Promise<Load> {
  const pid = pidByOrigin.get(new URL(String(options.url)).origin);
  const cpuBefore = cpuTicks(pid);
  const result = await autocannon({ connections: CONNECTIONS, duration: options.seconds ?? SECONDS, ...options });
  const cpuAfter = cpuTicks(pid);
  const codes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) codes[code] = stat.count ?? 0;
  const total = result.requests.total;
  return {
    rps: Math.round(total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total,
    errors: result.errors + result.timeouts,
    codes,
    cpuUs: cpuBefore !== undefined && cpuAfter !== undefined && total > 0 ? ((cpuAfter - cpuBefore) * 10_000) / total : undefined,
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
      cpuUs: all.every((r) => r.cpuUs !== undefined) ? median(all.map((r) => r.cpuUs!)) : undefined,
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
  name: string;
  price: string;
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
  cpuUs?: number;
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
    "| measurement | req/s | p50 ms | p99 ms | server CPU µs/req | ratio | notes |",
    "|---|---:|---:|---:|---:|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${cell(r.rps)} | ${cell(r.p50)} | ${cell(r.p99)} | ${cell(r.cpuUs === undefined ? undefined : Math.round(r.cpuUs))} | ${cell(r.ratio)} | ${cell(r.note)} |`,
    ),
  ].join("\n");
}

const rows: Row[] = [];
const targets: Target[] = [];
let loadAtStart = 0;
const target = (name: string, ok: boolean, measured: string) => targets.push({ name, ok, measured });

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
const fmt = (value: number) => value.toFixed(2);

// ---------- our servers ----------

interface OurServer {
  url: string;
  token: string;
  stations: { id: string; codename: string }[];
  menu: Record<string, MenuProduct[]>;
  /** A product a diner can order on any day with no choices to make, and another to sell out. */
  product: MenuProduct;
  soldOut: MenuProduct;
}

/** Our built server with the bench's staff account; `env` adds to or overrides the production settings. */
async function startOurs(name: string, env: Record<string, string | undefined>, stdout: "pipe" | "ignore" = "ignore"): Promise<OurServer> {
  const url = await startChild(
    name,
    "dist-server/main.js",
    {
      DATABASE_PATH: join(workDir, `${name.replace(/\W+/g, "-")}.db`),
      STATIC_DIR: "",
      STAFF_EMAIL: STAFF.email,
      STAFF_PASSWORD: STAFF.password,
      METRICS_TOKEN,
      BACKUP_EVERY_MINUTES: "0",
      ...env,
    },
    { nodeArgs: PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [], stdout },
  );
  return { url, ...(await setUp(url)) };
}

/** Set-up through the API, as a client would: signed in, STATIONS tables, the menu read. */
async function setUp(base: string): Promise<Omit<OurServer, "url">> {
  const login = await api<{ access_token: string }>(`${base}/api/login`, { method: "POST", json: STAFF });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.access_token;
  let stations = (await api<{ id: string; codename: string }[]>(`${base}/api/stations?branch_id=1`, { token })).body;
  for (let n = stations.length; n < STATIONS; n++) {
    const created = await api(`${base}/api/stations?branch_id=1`, {
      method: "POST",
      token,
      json: { codename: `Bench ${n + 1}`, capacity: 4 },
    });
    if (created.status !== 201) throw new Error(`creating a station failed: ${created.status} ${JSON.stringify(created.body)}`);
  }
  stations = (await api<{ id: string; codename: string }[]>(`${base}/api/stations?branch_id=1`, { token })).body;
  const menu = (await api<Record<string, MenuProduct[]>>(`${base}/api/products_by_category?branch_id=1`)).body;
  const [product, soldOut] = Object.entries(menu)
    .filter(([category]) => category !== "special")
    .flatMap(([, products]) => products)
    .filter((p) => p.available && (p.stock ?? null) === null && Object.values(p.customizations).every((g) => !g.required));
  if (!product || !soldOut) throw new Error("the seeded menu has too few products without required choices");
  return { token, stations, menu, product, soldOut };
}

// ---------- the run ----------

async function main() {
  const started = Date.now();
  loadAtStart = loadavg()[0]!;
  const openFiles = ulimitOpenFiles();
  const fdNeeded = STREAMS + CONNECTIONS + 200;
  const fdWarning =
    runs("streams") && openFiles < fdNeeded
      ? `ulimit -n is ${openFiles}: too low for ${STREAMS} streams (each side needs about ${fdNeeded}); raise it (ulimit -n ${fdNeeded * 2}) or streams will fail to open.`
      : "";
  if (fdWarning) console.warn(`WARNING: ${fdWarning}`);
  console.log(
    `Open-file limit (ulimit -n): ${openFiles}; ${cpus().length} cores; Node ${process.version}; load average ${loadAtStart.toFixed(1)}.`,
  );

  execFileSync(process.execPath, ["scripts/build-server.mjs", "--if-stale"], { stdio: "inherit" });
  // Plain `npm start`: no NODE_ENV, metrics and request lines on (JSON, since stdout is a pipe here).
  const asStarted = await startOurs(
    "our server as npm start runs it",
    { NODE_ENV: undefined, LOG_REQUESTS: undefined, METRICS: undefined, METRICS_TOKEN: undefined },
    "pipe",
  );
  // Bare Hono also serves the gzip menu's exact bytes: what the framework itself pays to send that body.
  const menuUrl = `${asStarted.url}/api/products_by_category?branch_id=1`;
  const gzipBytes = await rawBody(menuUrl, { "accept-encoding": "gzip" });
  const sameBytesFile = join(workDir, "menu.json.gz");
  writeFileSync(sameBytesFile, gzipBytes);
  const bare = await startChild("bare Hono", "scripts/bench/bare-hono.mjs", { SAME_BYTES_FILE: sameBytesFile });
  // The production build (`npm run serve` with NODE_ENV=production), request lines off: streams and orders.
  const production = { LOG_REQUESTS: "0", TABLE_ORDER_LIMIT: "0", MAX_EVENT_STREAMS: String(Math.ceil((STREAMS + 100) / 0.95) + 1) };
  const ours = await startOurs("our server", production);

  if (runs("health") || runs("menu")) {
    await healthAndMenuPhase(bare, asStarted, ours, menuUrl, gzipBytes.byteLength);
    rows.push(await scrapeRow(ours.url));
  }
  if (runs("streams")) await streamsPhase(ours, production);
  if (runs("orders")) await ordersPhase(ours, production);
  await report(started, openFiles, fdWarning);
}

/** Bare Hono, health in three configurations and the cached menu, in interleaved rounds. */
async function healthAndMenuPhase(bare: string, asStarted: OurServer, ours: OurServer, menuUrl: string, menuBytes: number): Promise<void> {
  // Metrics and request lines both off: the yardstick for what they cost together.
  const unobserved = runs("health")
    ? await startChild("our server with metrics and request log off", "dist-server/main.js", {
        METRICS: "0",
        LOG_REQUESTS: "0",
        DATABASE_PATH: join(workDir, "unobserved.db"),
        STATIC_DIR: "",
        BACKUP_EVERY_MINUTES: "0",
      })
    : undefined;
  const etag = (await fetch(menuUrl)).headers.get("etag");
  if (!etag) throw new Error("the menu has no ETag");
  const gzip = { "accept-encoding": "gzip" };
  const all = {
    bare: { url: `${bare}/` },
    bareSameBytes: { url: `${bare}/same-bytes` },
    healthStart: { url: `${asStarted.url}/api/health` },
    health: { url: `${ours.url}/api/health` },
    healthUnobserved: { url: `${unobserved}/api/health` },
    menu: { url: menuUrl, headers: gzip },
    notModified: { url: menuUrl, headers: { ...gzip, "if-none-match": etag } },
  };
  type Call = keyof typeof all;
  const wanted: Call[] = ["bare", "health"];
  if (runs("health")) wanted.push("healthStart", "healthUnobserved");
  if (runs("menu")) wanted.push("bareSameBytes", "menu", "notModified");
  const calls = Object.fromEntries(wanted.map((name) => [name, all[name]])) as Record<Call, autocannon.Options>;
  // Warm every server's JIT before anything counts.
  await interleaved(calls, 1, WARMUP_SECONDS);
  console.log(`measuring ${wanted.join(", ")} (${ROUNDS} rounds of ${fmt(SECONDS / ROUNDS)} s each)…`);
  const measured = await interleaved(calls, ROUNDS, SECONDS / ROUNDS);

  const bareLoad = measured.summary("bare");
  rows.push({ name: "bare Hono `GET /` (hello world)", ...figures(bareLoad), note: only(bareLoad, 200) ? "" : "not all 200" });

  if (runs("health")) {
    const healthStart = measured.summary("healthStart");
    const healthStartRatio = measured.ratioOf("healthStart", "bare");
    rows.push({
      name: "our `GET /api/health` as plain `npm start` runs it (`NODE_ENV` unset, metrics and request log on, lines to a pipe)",
      ...figures(healthStart),
      ratio: `${fmt(healthStartRatio)}× bare`,
      note: `server CPU per request ${cpuRatio(healthStart, bareLoad)} bare's${only(healthStart, 200) ? "" : "; not all 200"}`,
    });
    target("health (plain npm start) ≥ 0.7× a bare hello-world", healthStartRatio >= 0.7, `${fmt(healthStartRatio)}×`);
  }

  const health = measured.summary("health");
  const healthRatio = measured.ratioOf("health", "bare");
  rows.push({
    name: "our `GET /api/health`, production build (`NODE_ENV=production`, metrics on, request log off)",
    ...figures(health),
    ratio: `${fmt(healthRatio)}× bare`,
    note: only(health, 200) ? "" : "not all 200",
  });

  if (runs("health")) {
    const unobservedHealth = measured.summary("healthUnobserved");
    rows.push({
      name: "our `GET /api/health` with metrics and request log off (`METRICS=0`, `LOG_REQUESTS=0`)",
      ...figures(unobservedHealth),
      ratio: `${fmt(measured.ratioOf("healthUnobserved", "bare"))}× bare`,
      note:
        `plain npm start: ${fmt(measured.ratioOf("healthStart", "healthUnobserved"))}× this; production (metrics on): ` +
        `${fmt(measured.ratioOf("health", "healthUnobserved"))}× this${only(unobservedHealth, 200) ? "" : "; not all 200"}`,
    });
  }

  if (runs("menu")) {
    // No server sends those bytes as fast as a hello-world; bare Hono sending them is the yardstick.
    const sameBytes = measured.summary("bareSameBytes");
    rows.push({
      name: `bare Hono sending the same ${menuBytes} bytes (the gzip menu's body)`,
      ...figures(sameBytes),
      ratio: `${fmt(measured.ratioOf("bareSameBytes", "bare"))}× bare`,
    });
    const menuGzip = measured.summary("menu");
    const menuRatio = measured.ratioOf("menu", "bareSameBytes");
    rows.push({
      name: "cached menu, gzip (`GET /api/products_by_category?branch_id=1`), plain `npm start`",
      ...figures(menuGzip),
      ratio: `${fmt(menuRatio)}× bare same bytes`,
      note: `server CPU per request ${cpuRatio(menuGzip, sameBytes)} bare's for the same bytes${only(menuGzip, 200) ? "" : "; not all 200"}`,
    });
    target("cached menu (plain npm start) ≥ 0.9× bare Hono sending the same bytes", menuRatio >= 0.9, `${fmt(menuRatio)}×`);
    const menu304 = measured.summary("notModified");
    rows.push({
      name: "cached menu, 304 (If-None-Match), plain `npm start`",
      ...figures(menu304),
      ratio: `${fmt(measured.ratioOf("notModified", "bare"))}× bare`,
      note: only(menu304, 304) ? "" : "not all 304",
    });
  }
}

/** How many times b's server CPU per request a's is (a higher figure is a costlier request). */
const cpuRatio = (a: Load, b: Load) => (a.cpuUs && b.cpuUs ? `${fmt(a.cpuUs / b.cpuUs)}×` : "(unknown)");

const figures = (load: Load) => ({ rps: load.rps, p50: load.p50, p99: load.p99, cpuUs: load.cpuUs });

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

let streamPath = "";

/**
 * Idle diner streams: health with them open against health on a twin server (same build and settings)
 * with none, in interleaved rounds; then a sold-out toggle that must reach them all.
 */
async function streamsPhase(ours: OurServer, production: Record<string, string>): Promise<void> {
  const twin = await startChild("our server without streams", "dist-server/main.js", {
    ...production,
    DATABASE_PATH: join(workDir, "twin.db"),
    STATIC_DIR: "",
    BACKUP_EVERY_MINUTES: "0",
  });
  const { stations } = ours;
  const perStation = await stationStreamExists(ours.url, stations[0]!.id);
  const streamUrls = Array.from({ length: STREAMS }, (_, i) =>
    perStation ? `${ours.url}/api/stations/${stations[i % stations.length]!.id}/events` : `${ours.url}/api/products/events?branch_id=1`,
  );
  streamPath = perStation ? "GET /api/stations/{id}/events" : "GET /api/products/events?branch_id=1";
  console.log(`opening ${STREAMS} streams (${streamPath})…`);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity, maxTotalSockets: Infinity });
  const { open, failures } = await openStreams(streamUrls, agent);
  const failureText = [...failures].map(([reason, n]) => `${n}× ${reason}`).join(", ");
  if (failureText) console.warn(`streams that did not open: ${failureText}`);

  const calls = { without: { url: `${twin}/api/health` }, health: { url: `${ours.url}/api/health` } };
  await interleaved(calls, 1, WARMUP_SECONDS);
  const measured = await interleaved(calls, ROUNDS, SECONDS / ROUNDS);
  const streamsRatio = measured.ratioOf("health", "without");
  const [twinLoad, withStreams] = [measured.summary("without"), measured.summary("health")];
  rows.push({ name: "our `GET /api/health` (production), on a twin server with no stream open", ...figures(twinLoad) });
  rows.push({
    name: `our \`GET /api/health\` (production) with ${open.length} idle streams open (\`${streamPath}\`)`,
    ...figures(withStreams),
    ratio: `${fmt(streamsRatio)}× the twin`,
    note: `${open.length} of ${STREAMS} streams opened${failureText ? ` (${failureText})` : ""}${twinLoad.cpuUs && withStreams.cpuUs ? `; server CPU per request ${fmt(withStreams.cpuUs / twinLoad.cpuUs)}× the twin's` : ""}`,
  });
  target(
    `health with ${STREAMS} streams open ≥ 0.9× without`,
    streamsRatio >= 0.9 && open.length === STREAMS,
    `${fmt(streamsRatio)}×, ${open.length} open`,
  );

  // CPU time spent on the fan-out, by the server and by this process reading the streams: on a machine
  // whose cores other work shares, the wall-clock delays stretch with it; the CPU times do much less.
  const serverCpuBefore = cpuTicks(pidByOrigin.get(ours.url));
  const clientCpuBefore = process.cpuUsage();
  const toggledAt = Date.now();
  const toggle = await api(`${ours.url}/api/products/${ours.soldOut.id}`, {
    method: "PATCH",
    token: ours.token,
    json: { available: false },
  });
  const answeredAfter = Date.now() - toggledAt;
  if (toggle.status !== 200) throw new Error(`the sold-out toggle failed: ${toggle.status} ${JSON.stringify(toggle.body)}`);
  for (const until = toggledAt + DELIVERY_WAIT_MS; Date.now() < until && open.some((s) => s.productUpdatedAt === undefined);)
    await sleep(50);
  const serverCpuMs = ((cpuTicks(pidByOrigin.get(ours.url)) ?? NaN) - (serverCpuBefore ?? NaN)) * 10;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const clientCpuMs = Math.round((clientCpu.user + clientCpu.system) / 1000);
  const delays = open.flatMap((s) => (s.productUpdatedAt === undefined ? [] : [s.productUpdatedAt - toggledAt])).sort((a, b) => a - b);
  const last = delays.length === STREAMS ? delays[delays.length - 1]! : Infinity;
  const inTime = delays.filter((ms) => ms <= DELIVERY_TARGET_MS).length;
  rows.push({
    name: `sold-out toggle (\`PATCH /api/products/{id}\`) → \`product.updated\` on every open stream`,
    p50: delays.length ? delays[delays.length >> 1] : undefined,
    p99: delays.length ? delays[Math.min(delays.length - 1, Math.floor(delays.length * 0.99))] : undefined,
    note: `${delays.length} of ${STREAMS} reached within ${DELIVERY_WAIT_MS / 1000} s, ${inTime} within ${DELIVERY_TARGET_MS} ms; the last after ${delays.length ? delays[delays.length - 1] : "–"} ms (from the PATCH being sent; its answer came after ${answeredAfter} ms); CPU meanwhile: our server ${serverCpuMs} ms, the bench's client reading the streams ${clientCpuMs} ms`,
  });
  target(
    `sold-out toggle reaches all ${STREAMS} streams in ≤ ${DELIVERY_TARGET_MS} ms`,
    last <= DELIVERY_TARGET_MS,
    delays.length === STREAMS ? `the last after ${last} ms` : `${delays.length} of ${STREAMS} reached`,
  );
  for (const stream of open) stream.request.destroy();
  agent.destroy();
  await api(`${ours.url}/api/products/${ours.soldOut.id}`, { method: "PATCH", token: ours.token, json: { available: true } });
  await sleep(1000); // let the server finish closing the streams before the next measurement
}

// ---------- orders ----------

interface OrderTarget {
  url: string;
  stations: { id: string }[];
  productId: number;
}

interface OrderCalls {
  options: autocannon.Options;
  sent: number;
  createdIds: string[];
}

/** A unique Idempotency-Key per request, spread over the tables; the 201s' order ids are kept. */
function orderCalls(prefix: string, to: OrderTarget): OrderCalls {
  const calls: OrderCalls = {
    sent: 0,
    createdIds: [],
    options: {
      url: `${to.url}/api/orders`,
      method: "POST",
      headers: { "content-type": "application/json" },
      requests: [
        {
          setupRequest: (request) => {
            const n = ++calls.sent;
            return {
              ...request,
              headers: { ...request.headers, "idempotency-key": `${prefix}-${n}` },
              body: JSON.stringify({
                products: [{ id: to.productId, quantity: 1, selectedCustomizations: [] }],
                station_id: to.stations[n % to.stations.length]!.id,
                branch_id: 1,
              }),
            };
          },
          onResponse: (status, body) => {
            if (status !== 201) return;
            try {
              calls.createdIds.push(String((JSON.parse(body) as { id: unknown }).id));
            } catch {
              calls.createdIds.push("(not JSON)");
            }
          },
        },
      ],
    },
  };
  return calls;
}

/** The naive server's copy of our tables and products, so one request body fits both. */
function naiveSeed(ours: OurServer): string {
  const file = join(workDir, `naive-seed-${ours.url.split(":").pop()}.json`);
  const products = Object.values(ours.menu)
    .flat()
    .map((p) => ({ id: p.id, name: p.name, priceCents: Math.round(Number(p.price) * 100) }));
  writeFileSync(file, JSON.stringify({ branchId: 1, tables: ours.stations, products }));
  return file;
}

/**
 * Orders against the naive order server at the same durability, FULL and NORMAL, in interleaved
 * rounds. Every answer of ours at FULL must be 201 and every 201 stored.
 */
async function ordersPhase(oursFull: OurServer, production: Record<string, string>): Promise<void> {
  const oursNormal = await startOurs("our server, synchronous NORMAL", { ...production, SQLITE_SYNCHRONOUS: "NORMAL" });
  const naive = (setting: string, seedFrom: OurServer) =>
    startChild(`naive order server, synchronous ${setting}`, "scripts/bench/naive-orders.mjs", {
      DATABASE_PATH: join(workDir, `naive-${setting.toLowerCase()}.db`),
      SQLITE_SYNCHRONOUS: setting,
      NAIVE_SEED_FILE: naiveSeed(seedFrom),
    });
  const [naiveFull, naiveNormal] = [await naive("FULL", oursFull), await naive("NORMAL", oursNormal)];
  const target_ = (url: string, from: OurServer): OrderTarget => ({ url, stations: from.stations, productId: from.product.id });
  const run = Date.now();
  const full = orderCalls(`bench-full-${run}`, target_(oursFull.url, oursFull));
  const calls = {
    naiveFull: orderCalls(`naive-full-${run}`, target_(naiveFull, oursFull)).options,
    oursFull: full.options,
    naiveNormal: orderCalls(`naive-normal-${run}`, target_(naiveNormal, oursNormal)).options,
    oursNormal: orderCalls(`bench-normal-${run}`, target_(oursNormal.url, oursNormal)).options,
  };
  console.log("warming up POST /api/orders…");
  await interleaved(calls, 1, 1);

  const database = new Database(join(workDir, "our-server.db"), { readonly: true, fileMustExist: true });
  const countOrders = () => (database.prepare("SELECT count(*) AS n FROM orders").get() as { n: number }).n;
  const ordersBefore = await settledCount(countOrders);
  const sentBefore = full.sent;
  full.createdIds.length = 0;
  console.log(`measuring POST /api/orders, ours and naive, FULL and NORMAL (${ROUNDS} rounds of ${fmt(SECONDS / ROUNDS)} s each)…`);
  const measured = await interleaved(calls, ROUNDS, SECONDS / ROUNDS);
  const stored = (await settledCount(countOrders)) - ordersBefore;
  const storedIds = new Set((database.prepare("SELECT id FROM orders").all() as { id: string }[]).map((r) => r.id));
  database.close();

  const describe = (load: Load) => {
    const other = Object.entries(load.codes)
      .filter(([code]) => code !== "201")
      .map(([code, n]) => `${n}× ${code}`);
    return `${load.codes["201"] ?? 0} × 201${other.length ? `, ${other.join(", ")}` : ""}${load.errors ? `, ${load.errors} errors` : ""}`;
  };
  for (const setting of ["FULL", "NORMAL"] as const) {
    const naiveName = setting === "FULL" ? "naiveFull" : "naiveNormal";
    const oursName = setting === "FULL" ? "oursFull" : "oursNormal";
    const naiveLoad = measured.summary(naiveName);
    const oursLoad = measured.summary(oursName);
    const toNaive = measured.ratioOf(oursName, naiveName);
    rows.push({
      name: `naive order server \`POST /api/orders\`, \`synchronous=${setting}\``,
      ...figures(naiveLoad),
      note: describe(naiveLoad),
    });
    rows.push({
      name: `our \`POST /api/orders\`, \`SQLITE_SYNCHRONOUS=${setting}\` (${CONNECTIONS} connections, new Idempotency-Key each, ${STATIONS} tables)`,
      ...figures(oursLoad),
      ratio: `${fmt(toNaive)}× naive`,
      note: `${describe(oursLoad)}; server CPU per order ${cpuRatio(oursLoad, naiveLoad)} naive's`,
    });
    if (setting === "FULL") {
      target("orders at synchronous=FULL ≥ 2× the naive server", toNaive >= 2, `${fmt(toNaive)}×`);
      target(`orders at synchronous=FULL p99 ≤ 25 ms (${CONNECTIONS} connections)`, oursLoad.p99 <= 25, `${oursLoad.p99} ms`);
      const created = oursLoad.codes["201"] ?? 0;
      const every201Stored = full.createdIds.length === created && full.createdIds.every((id) => storedIds.has(id));
      // A request cut off when a round stopped may be stored without its 201 having been counted.
      const inFlight = Math.max(0, full.sent - sentBefore - oursLoad.total - oursLoad.errors);
      target(
        "every order answer is 201, and every 201 stored (FULL)",
        only(oursLoad, 201) && created > 0 && every201Stored && stored >= created && stored - created <= inFlight,
        `${describe(oursLoad)}; ${stored} stored${inFlight ? ` (${inFlight} in flight at the rounds' stops)` : ""}${every201Stored ? "" : ", some 201 ids missing"}`,
      );
    } else {
      target("orders at synchronous=NORMAL ≥ 1× the naive server", toNaive >= 1, `${fmt(toNaive)}×`);
    }
  }
}

// ---------- report ----------

async function report(started: number, openFiles: number, fdWarning: string): Promise<void> {
  await stopChildren();
  const elapsed = Math.round((Date.now() - started) / 1000);
  const loadAtEnd = loadavg()[0]!;
  console.log(`\n${markdownTable(rows)}\n`);
  for (const t of targets) console.log(`${t.ok ? "PASS" : "MISS"}  ${t.name}: ${t.measured}`);
  console.log(
    `\n${targets.filter((t) => t.ok).length} of ${targets.length} targets met in ${elapsed} s; load average ${loadAtStart.toFixed(1)} → ${loadAtEnd.toFixed(1)}.`,
  );
  if (PROFILE_DIR) console.log(`CPU profiles of our servers written to ${PROFILE_DIR}`);
  if (WRITE_DOCS) {
    writeDoc(openFiles, fdWarning, loadAtEnd);
    console.log(`wrote ${DOC}`);
  }
}

function writeDoc(openFiles: number, fdWarning: string, loadAtEnd: number) {
  // The profile narrative is written by hand (it comes from reading a profile, not from this run).
  const previous = existsSync(DOC) ? readFileSync(DOC, "utf8") : "";
  const whereTimeGoes = previous.match(/^## Where time goes[\s\S]*$/m)?.[0] ?? "## Where time goes\n\n(not written yet)\n";
  const cpu = cpus();
  writeFileSync(
    DOC,
    `# API benchmarks

Command: \`${COMMAND}\` (scripts/bench.ts). Last run: ${new Date().toISOString()}.
Machine: ${cpu.length} cores (\`nproc\`), ${cpu[0]?.model.trim() ?? "unknown CPU"}, Node ${process.version}, open-file limit ${openFiles};
load average ${loadAtStart.toFixed(1)} when the run started and ${loadAtEnd.toFixed(1)} when it ended (anything above 0 is other
work sharing the two cores: absolute figures are floors, the ratios are what the targets are about).

Each server is a process of its own, on a throwaway SQLite file under \`data/\` (the repository's disk, so a FULL commit's fsync
reaches a real device); autocannon drives them from another, ${CONNECTIONS} connections, on 127.0.0.1:

- **Health and the cached menu** run on the built server as plain \`npm start\` runs it (\`NODE_ENV\` unset, metrics and
  request log on: one JSON line per request to a pipe a separate \`cat\` reads), against bare Hono (scripts/bench/bare-hono.mjs, the
  installed hono + @hono/node-server) answering a hello-world and the gzip menu's exact bytes. For comparison, the production
  build (\`NODE_ENV=production\`, request log off, metrics on) and the build with both off (\`METRICS=0 LOG_REQUESTS=0\`).
- **Streams**: ${STREAMS} raw HTTP requests to \`${streamPath || "GET /api/stations/{id}/events"}\` spread over ${STATIONS} tables on the
  production build; health with them open against health on a twin server (same build and settings) with none, interleaved;
  then one sold-out toggle, timed from the PATCH being sent to each stream's \`product.updated\` as the bench's client reads it.
- **Orders**: the production build (\`TABLE_ORDER_LIMIT=0\`, request lines off; the \`order placed\` line stays) against
  scripts/bench/naive-orders.mjs — Hono + better-sqlite3 + zod, one synchronous transaction per order (validate, replay a
  known key, read the table and prices, next number, insert the order, its lines and its key, answer 201; no event log,
  visits, happy hour, printers or logging) — at \`synchronous=FULL\` and at \`NORMAL\`, ${STATIONS} tables, a new
  \`Idempotency-Key\` per order.

Calls compared with each other are measured in ${ROUNDS} interleaved rounds (${SECONDS} s per call in all, after a warm-up):
figures are medians over the rounds, ratios the median of each round's ratio, so load from other processes falls on both sides.
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
