/**
 * `npx tsx scripts/measure-idle-streams.ts [streams] [--health]`: how much open diner streams cost.
 *
 * Starts the server as its own process (so its CPU time is its own) on a temp SQLite file, adds 80
 * tables, opens `streams` (default 3000) table streams spread over them from this process, then:
 * - the server's CPU use while they sit idle (over a window that includes a heartbeat), and its memory;
 * - how long a sold-out switch takes to reach every stream of that branch (and that the other
 *   branch's streams don't get it);
 * - with --health, GET /api/health throughput and p99 with and without the streams (autocannon, 5 s).
 * Informal: client and server share the machine's cores. MEASURE_IDLE_SECONDS sets the idle window
 * (default 60); MEASURE_THREADS=1 shows which server threads were busy (V8's garbage collection runs
 * on its own threads); MEASURE_PROFILE=<dir> writes a CPU profile of the server.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

const STREAMS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3000);
const WITH_HEALTH = process.argv.includes("--health");
/** Two heartbeat intervals (30 s each), so the window holds every stream's heartbeats twice. */
const IDLE_WINDOW_MS = Number(process.env.MEASURE_IDLE_SECONDS ?? 60) * 1000;
const STAFF = { email: "measure@limitless.example", password: "measure-idle-streams-password" };

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address() as { port: number };
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), "limitless-streams-"));
const child = spawn(
  process.execPath,
  [
    ...(process.env.MEASURE_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.MEASURE_PROFILE}`] : []),
    "--import",
    "tsx",
    "api/main.ts",
  ],
  {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: join(dir, "measure.db"),
      STATIC_DIR: "",
      LOG_REQUESTS: "0",
      STAFF_EMAIL: STAFF.email,
      STAFF_PASSWORD: STAFF.password,
    },
    stdio: ["ignore", "ignore", "inherit"],
  },
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server process's CPU seconds (user + system) and resident memory, from /proc. */
function serverUsage(): { cpuSeconds: number; rssMb: number } {
  const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0);
  return { cpuSeconds: ticks / 100, rssMb: Math.round(rssKb / 1024) };
}

/** CPU ticks per thread of the server process (name → ticks). */
function threadTicks(): Map<string, number> {
  const result = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${child.pid}/task`)) {
    const stat = readFileSync(`/proc/${child.pid}/task/${tid}/stat`, "utf8");
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    result.set(`${name}#${tid}`, Number(fields[11]) + Number(fields[12]));
  }
  return result;
}

async function idleCpu(label: string): Promise<void> {
  const before = serverUsage();
  const threadsBefore = threadTicks();
  const started = Date.now();
  await sleep(IDLE_WINDOW_MS);
  const after = serverUsage();
  if (process.env.MEASURE_THREADS) {
    const busy = [...threadTicks()]
      .map(([name, ticks]) => [name, ticks - (threadsBefore.get(name) ?? 0)] as const)
      .filter(([, d]) => d > 0);
    console.log(`  busy threads (ticks of 10 ms): ${busy.map(([name, d]) => `${name} ${d}`).join(", ")}`);
  }
  const percent = ((after.cpuSeconds - before.cpuSeconds) / ((Date.now() - started) / 1000)) * 100;
  console.log(`${label}: server CPU ${percent.toFixed(2)} % of one core over ${IDLE_WINDOW_MS / 1000} s idle, RSS ${after.rssMb} MB`);
}

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function health(label: string): Promise<void> {
  const result = await autocannon({ url: `${base}/api/health`, connections: 20, duration: 5 });
  console.log(
    `${label}: GET /api/health ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
  );
}

interface OpenStream {
  branchId: number;
  /** When the watched event arrived (ms since the epoch), once it has. */
  received: number | null;
  request: http.ClientRequest;
}

function openStream(stationId: string, branchId: number, onConnected: () => void): OpenStream {
  const stream: OpenStream = { branchId, received: null, request: null as unknown as http.ClientRequest };
  stream.request = http.get(
    `${base}/api/stations/${stationId}/events`,
    { agent: false, headers: { Accept: "text/event-stream" } },
    (response) => {
      if (response.statusCode !== 200) throw new Error(`stream refused: ${response.statusCode}`);
      response.setEncoding("utf8");
      let connected = false;
      response.on("data", (chunk: string) => {
        if (!connected && chunk.includes(": connected")) {
          connected = true;
          onConnected();
        }
        if (stream.received === null && chunk.includes("event: product.updated")) stream.received = Date.now();
      });
    },
  );
  stream.request.on("error", () => undefined); // closed at the end
  return stream;
}

try {
  for (let i = 0; ; i++) {
    if (i > 100) throw new Error("the server did not start");
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(200);
  }
  const { access_token: token } = await api<{ access_token: string }>("POST", "/api/login", undefined, STAFF);
  const tables: { id: string; branch_id: number }[] = [];
  for (const branchId of [1, 2]) {
    for (let i = 0; i < 40; i++)
      tables.push(await api("POST", `/api/stations?branch_id=${branchId}`, token, { codename: `M${i}`, capacity: 4, branch_id: branchId }));
  }
  const menu = await api<Record<string, { id: number; available: boolean }[]>>("GET", "/api/products_by_category?branch_id=1");
  const product = Object.values(menu)
    .flat()
    .find((p) => p.available)!;

  await idleCpu("no streams");
  if (WITH_HEALTH) await health("no streams");

  let connected = 0;
  const streams: OpenStream[] = [];
  const opening = Date.now();
  for (let i = 0; i < STREAMS; i++) {
    const table = tables[i % tables.length]!;
    streams.push(openStream(table.id, table.branch_id, () => connected++));
    if (i % 200 === 199) await sleep(50); // don't overflow the listen backlog
  }
  while (connected < STREAMS) {
    if (Date.now() - opening > 60_000) throw new Error(`only ${connected} of ${STREAMS} streams connected`);
    await sleep(100);
  }
  console.log(`${STREAMS} table streams open in ${Date.now() - opening} ms`);
  await sleep(5_000); // let the burst of connections settle before measuring idle

  await idleCpu(`${STREAMS} idle streams`);
  if (WITH_HEALTH) await health(`${STREAMS} idle streams`);

  const switched = Date.now();
  await api("PATCH", `/api/products/${product.id}`, token, { available: false });
  const branchStreams = streams.filter((s) => s.branchId === 1);
  while (Date.now() - switched < 5_000 && branchStreams.some((s) => s.received === null)) await sleep(20);
  const delays = branchStreams.map((s) => (s.received === null ? Infinity : s.received - switched)).sort((a, b) => a - b);
  const within2s = delays.filter((d) => d <= 2_000).length;
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))];
  console.log(
    `sold-out switch: ${within2s} of ${branchStreams.length} branch-1 streams within 2 s (${((within2s / branchStreams.length) * 100).toFixed(1)} %), ` +
      `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, last ${delays.at(-1)} ms; branch-2 streams that got it: ${streams.filter((s) => s.branchId === 2 && s.received !== null).length}`,
  );
  await api("PATCH", `/api/products/${product.id}`, token, { available: true });
  for (const stream of streams) stream.request.destroy();
} finally {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  rmSync(dir, { recursive: true, force: true });
}
