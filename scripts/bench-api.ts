/**
 * `npm run bench:api`: measures the calls diners feel — the menu (served from memory, full and 304)
 * and placing an order — against a real server on a temp SQLite file, on loopback only, for a bounded
 * time. Writes the numbers to docs/performance/api-benchmarks.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { loadConfig } from "../api/config";
import { createLogger } from "../api/lib/logger";
import { startServer } from "../api/server";
import { listStations } from "../api/stations/station-repository";
import { loadMenu } from "../api/menu/menu-repository";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

const dir = mkdtempSync(join(tmpdir(), "limitless-bench-"));
const server = await startServer(
  // One table takes every benchmark order, far beyond what the per-table limit lets a real table send.
  { ...loadConfig({ TABLE_ORDER_LIMIT: "0" }), host: "127.0.0.1", port: 0, databasePath: join(dir, "bench.db"), staticDir: null, logRequests: false },
  { logger: createLogger(false) },
);

const menuUrl = `${server.url}/api/products_by_category?branch_id=1`;
const etag = (await fetch(menuUrl)).headers.get("etag")!;
const station = listStations(server.context.db, 1)[0]!;
const burger = loadMenu(server.context.db, 1).burger[0]!;
const side = burger.customizations.Side!.options[2]!;
let orderCounter = 0;

async function measure(title: string, options: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  // 304 is a success for the conditional request; count only failures.
  const errors = result.errors + result["4xx"] + result["5xx"];
  console.log(`${title}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${errors}`);
  return { title, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors, total: result.requests.total };
}

const rows = [
  await measure("GET menu (200, from memory, gzip)", { url: menuUrl, headers: { "accept-encoding": "gzip" } }),
  await measure("GET menu (304, If-None-Match)", { url: menuUrl, headers: { "if-none-match": etag } }),
  await measure("POST order (new Idempotency-Key each)", {
    url: `${server.url}/api/orders`,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, "idempotency-key": `bench-${process.pid}-${++orderCounter}` },
          body: JSON.stringify({
            products: [{ id: burger.id, quantity: 2, selectedCustomizations: [side.id], customizedPrice: "15.99" }],
            station_id: station.id,
            branch_id: 1,
          }),
        }),
      },
    ],
  }),
];

await server.close();
rmSync(dir, { recursive: true, force: true });

const table = rows.map((r) => `| ${r.title} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.total} | ${r.errors} |`).join("\n");
writeFileSync(
  "docs/performance/api-benchmarks.md",
  `# API benchmarks

Measured by \`npm run bench:api\` (scripts/bench-api.ts): autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per call,
against one server process on a temp SQLite file (WAL), loopback only, on this project's ${cpus().length}-core machine
(${cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}. Client and server share the two cores, so these are floors.
Last run: ${new Date().toISOString()}.

| call | req/s | p50 ms | p99 ms | requests | errors |
|---|---|---|---|---|---|
${table}

The menu is serialized once per branch and kept in memory with its ETag (api/menu/menu-cache.ts); a
phone that already has it gets a 304. Each order is one SQLite transaction (idempotency check,
pricing from the database, order + lines + event + stored answer).
`,
);
console.log("wrote docs/performance/api-benchmarks.md");
