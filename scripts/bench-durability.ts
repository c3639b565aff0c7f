/**
 * `npm run bench:durability`: what it costs in orders per second
 * for an acknowledged order to survive a power cut on SQLite: `SQLITE_SYNCHRONOUS=FULL` (every commit's
 * WAL frames fsynced before the 201) against `NORMAL` (fsynced at checkpoints), both with the group
 * commit, side by side in one run against the bench's bare-Hono baseline (docs/decisions/0019).
 *
 * Three child processes: bare Hono (scripts/bench/bare-hono.mjs) and the built server twice, on two
 * fresh SQLite files on the same disk. Orders are measured in interleaved rounds (bare, NORMAL, FULL,
 * again and again), so load from other processes falls on all three alike: figures are medians over the
 * rounds, ratios the median of each round's ratio. At 50 connections (a rush: the group commit shares
 * one fsync among the orders queued meanwhile) and at 1 (a quiet moment: each order waits for its own).
 *
 * Settings: BENCH_SECONDS (per kind of measurement, default 10), BENCH_NO_DOCS=1 (print only).
 * Writes docs/performance/durability.md.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";

const DOC = "docs/performance/durability.md";
const ROUNDS = 5;
const STATIONS = 40;
const STAFF = { email: "bench@limitless.example", password: "bench password, not secret" };
const SETTINGS = ["NORMAL", "FULL"] as const;
type Setting = (typeof SETTINGS)[number];

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non201: number;
}

interface Child {
  url: string;
  process: ChildProcess;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function startChild(script: string, env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", ...env, PORT: String(port), HOST: "127.0.0.1" };
  delete childEnv.DATABASE_URL; // always the throwaway SQLite files, never an operator's database
  const child = spawn(process.execPath, [script], { env: childEnv, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${stderr}`);
    try {
      await fetch(url);
      return { url, process: child };
    } catch {
      // not listening yet
    }
  }
  throw new Error(`${script} did not answer on ${url} within 60 s:\n${stderr}`);
}

async function api<T>(url: string, init: { method?: string; token?: string; json?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url, {
    method: init.method ?? "GET",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Tables and a product to order, set up through the API as on the bench's server. */
async function prepare(base: string): Promise<{ stations: string[]; productId: number }> {
  const { access_token: token } = await api<{ access_token: string }>(`${base}/api/login`, { method: "POST", json: STAFF });
  let stations = await api<{ id: string }[]>(`${base}/api/stations?branch_id=1`, { token });
  for (let n = stations.length; n < STATIONS; n++) {
    await api(`${base}/api/stations?branch_id=1`, { method: "POST", token, json: { codename: `Bench ${n + 1}`, capacity: 4 } });
  }
  stations = await api<{ id: string }[]>(`${base}/api/stations?branch_id=1`, { token });
  type Product = { id: number; available: boolean; stock?: number | null; customizations: Record<string, { required: boolean }> };
  const menu = await api<Record<string, Product[]>>(`${base}/api/products_by_category?branch_id=1`);
  const product = Object.entries(menu)
    .filter(([category]) => category !== "special")
    .flatMap(([, products]) => products)
    .find((p) => p.available && (p.stock ?? null) === null && Object.values(p.customizations).every((g) => !g.required));
  if (!product) throw new Error("the seeded menu has no product without required choices");
  return { stations: stations.map((s) => s.id), productId: product.id };
}

let sequence = 0;
function orders(base: string, target: { stations: string[]; productId: number }): autocannon.Options {
  return {
    url: `${base}/api/orders`,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (request) => {
          const n = ++sequence;
          return {
            ...request,
            headers: { ...request.headers, "idempotency-key": `durability-${process.pid}-${n}` },
            body: JSON.stringify({
              products: [{ id: target.productId, quantity: 1, selectedCustomizations: [] }],
              station_id: target.stations[n % target.stations.length]!,
              branch_id: 1,
            }),
          };
        },
      },
    ],
  };
}

async function load(options: autocannon.Options, connections: number, seconds: number): Promise<Load> {
  const result = await autocannon({ ...options, connections, duration: seconds });
  let non201 = result.errors + result.timeouts;
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) if (code !== "201" && code !== "200") non201 += stat.count ?? 0;
  return { rps: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99, non201 };
}

interface Measured {
  connections: number;
  bare: Load;
  modes: Record<Setting, Load & { ratioToBare: number }>;
  /** FULL's orders per second ÷ NORMAL's, the median over the rounds. */
  fullVsNormal: number;
}

export interface DurabilityResult {
  rows: Measured[];
  markdown: string;
}

/** Runs the measurement; writes the doc unless told not to. */
export async function measureDurability(options: { seconds?: number; writeDoc?: boolean } = {}): Promise<DurabilityResult> {
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  // On the same disk as the repository (not a RAM-backed /tmp): an fsync must reach a real device to cost what it costs.
  mkdirSync(resolve("data"), { recursive: true });
  const workDir = mkdtempSync(join(resolve("data"), "bench-durability-"));
  const children: Child[] = [];
  // Should the process exit before the finally below, no server is left behind.
  const killAll = () => children.forEach((child) => child.process.kill("SIGKILL"));
  process.once("exit", killAll);
  const loadAtStart = loadavg()[0]!;
  try {
    execFileSync(process.execPath, ["scripts/build-server.mjs", "--if-stale"], { stdio: "inherit" });
    const bare = await startChild("scripts/bench/bare-hono.mjs", {});
    children.push(bare);
    const servers = {} as Record<Setting, Child & { target: Awaited<ReturnType<typeof prepare>> }>;
    for (const setting of SETTINGS) {
      const child = await startChild("dist-server/main.js", {
        DATABASE_PATH: join(workDir, `${setting.toLowerCase()}.db`),
        SQLITE_SYNCHRONOUS: setting,
        LOG_REQUESTS: "0",
        TABLE_ORDER_LIMIT: "0",
        BACKUP_EVERY_MINUTES: "0",
        STATIC_DIR: "",
        STAFF_EMAIL: STAFF.email,
        STAFF_PASSWORD: STAFF.password,
      });
      children.push(child);
      servers[setting] = { ...child, target: await prepare(child.url) };
    }

    const rows: Measured[] = [];
    for (const connections of [50, 1]) {
      console.log(`durability: orders at ${connections} connection(s), ${ROUNDS} rounds…`);
      for (const setting of SETTINGS) await load(orders(servers[setting].url, servers[setting].target), connections, 1); // warm-up
      const runs = { bare: [] as Load[], NORMAL: [] as Load[], FULL: [] as Load[] };
      for (let round = 0; round < ROUNDS; round++) {
        runs.bare.push(await load({ url: `${bare.url}/` }, connections, seconds / ROUNDS));
        for (const setting of SETTINGS)
          runs[setting].push(await load(orders(servers[setting].url, servers[setting].target), connections, seconds / ROUNDS));
      }
      const summary = (all: Load[]): Load => ({
        rps: Math.round(median(all.map((r) => r.rps))),
        p50: median(all.map((r) => r.p50)),
        p99: median(all.map((r) => r.p99)),
        non201: all.reduce((sum, r) => sum + r.non201, 0),
      });
      const ratio = (a: Load[], b: Load[]) => median(a.map((run, i) => (b[i]!.rps > 0 ? run.rps / b[i]!.rps : 0)));
      rows.push({
        connections,
        bare: summary(runs.bare),
        modes: {
          NORMAL: { ...summary(runs.NORMAL), ratioToBare: ratio(runs.NORMAL, runs.bare) },
          FULL: { ...summary(runs.FULL), ratioToBare: ratio(runs.FULL, runs.bare) },
        },
        fullVsNormal: ratio(runs.FULL, runs.NORMAL),
      });
    }
    const markdown = render(rows, seconds, loadAtStart);
    console.log(`\n${markdown}`);
    if (options.writeDoc ?? process.env.BENCH_NO_DOCS !== "1") {
      // The hand-written notes (runs on record, what was decided) are kept.
      const previous = existsSync(DOC) ? readFileSync(DOC, "utf8") : "";
      const notes = previous.match(/^## Notes[\s\S]*$/m)?.[0];
      writeFileSync(DOC, notes ? `${markdown}\n${notes.trimEnd()}\n` : markdown);
      console.log(`wrote ${DOC}`);
    }
    return { rows, markdown };
  } finally {
    await Promise.all(children.map((child) => stop(child.process)));
    process.off("exit", killAll);
    rmSync(workDir, { recursive: true, force: true });
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(killer);
      done();
    });
    child.kill("SIGTERM");
  });
}

function filesystemOf(path: string): string {
  try {
    return execFileSync("df", ["-T", path], { encoding: "utf8" }).trim().split("\n").pop()!.split(/\s+/).slice(0, 2).join(" ");
  } catch {
    return "unknown";
  }
}

function render(rows: Measured[], seconds: number, loadAtStart: number): string {
  const cpu = cpus();
  const pct = (value: number) => `${((value - 1) * 100).toFixed(1)} %`;
  const lines = rows.flatMap((row) => [
    `| ${row.connections} | bare Hono \`GET /\` | ${row.bare.rps} | ${row.bare.p50} | ${row.bare.p99} | | |`,
    ...SETTINGS.map((setting) => {
      const m = row.modes[setting];
      return `| ${row.connections} | \`POST /api/orders\`, \`SQLITE_SYNCHRONOUS=${setting}\` | ${m.rps} | ${m.p50} | ${m.p99} | ${m.ratioToBare.toFixed(3)}× bare | ${m.non201 ? `${m.non201} not 201` : "all 201"} |`;
    }),
    `| ${row.connections} | **FULL ÷ NORMAL** | | | | **${row.fullVsNormal.toFixed(2)}×** (${pct(row.fullVsNormal)}) | |`,
  ]);
  return `# Durability: the cost of \`synchronous = FULL\` on SQLite

Command: \`npm run bench:durability\` (scripts/bench-durability.ts; \`npm run bench\` compares both settings with a naive order server). Last run: ${new Date().toISOString()}.
Machine: ${cpu.length} cores, ${cpu[0]?.model.trim() ?? "unknown CPU"}, Node ${process.version}; database files on ${filesystemOf(resolve("data"))};
load average ${loadAtStart.toFixed(1)} when the run started (other work sharing the cores).

Bare Hono and the built server twice (\`NODE_ENV=production\`, \`LOG_REQUESTS=0\`, \`TABLE_ORDER_LIMIT=0\`, ${STATIONS} tables, one
fresh SQLite file each, the group commit on both), one process each; autocannon drives them from a fourth. Each order is a new
\`Idempotency-Key\`. ${ROUNDS} interleaved rounds per connection count (${seconds} s in all per server, after a 1 s warm-up): figures
are medians over the rounds, ratios the median of each round's ratio.

| connections | measurement | req/s | p50 ms | p99 ms | ratio | answers |
|---:|---|---:|---:|---:|---|---|
${lines.join("\n")}

What the two settings mean (WAL mode, docs/decisions/0019-backups-and-durability.md): with \`NORMAL\` a commit is written to
the WAL but fsynced only when a checkpoint runs (every 100 ms, api/db/checkpointer.ts), so a power cut or an operating-system
crash can lose the orders acknowledged in the last moments before it; the database itself stays intact. A crash of the
server process alone loses nothing either way (the writes are in the operating system's cache). With \`FULL\` the WAL is
fsynced after each batch's COMMIT and before any of its orders is answered, so every order answered 201 survives a power cut
(as far as the disk honours fsync). The fsync runs in libuv's thread pool, not on the event loop (api/db/wal-sync.ts,
docs/decisions/0032), and one fsync serves every order committed while the previous one ran, which is why a rush pays little for it.
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  measureDurability().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
