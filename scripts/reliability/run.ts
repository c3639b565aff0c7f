/**
 * `npm run test:reliability`: the long versions of the reliability suites (docs/reliability.md).
 *
 *   npm run test:reliability                      property tests, fuzz run and crash suite, long (RELIABILITY_LONG=1),
 *                                                 on SQLite and on PostgreSQL
 *   npm run test:reliability -- --only=crash      one or more of: property, fuzz, crash
 *   npm run test:reliability -- --postgres        only the crash suite on PostgreSQL: two instances on one throwaway
 *                                                 database (TEST_POSTGRES_URL or 127.0.0.1:5432), instance A killed
 *                                                 repeatedly
 *   --orders=N --kills=N --clients=N              crash suite size (default 4000 orders, 10 kills, 24 clients)
 *
 * Long runs print a fresh fast-check seed on failure; FC_SEED=<seed> replays it.
 */
import { spawnSync } from "node:child_process";
import { runPostgresCrashSuite, summarize } from "./crash-suite";
import { REPO_ROOT } from "./server-process";

const SUITES = {
  property: [
    "api/orders/pricing.property.test.ts",
    "tests/unit/cart-pricing.property.test.ts",
    "src/ordering/cart/cart-logic.property.test.ts",
    "api/menu/menu-csv.property.test.ts",
    "tests/api/menu-csv-roundtrip.property.test.ts",
  ],
  fuzz: ["tests/api/fuzz.test.ts"],
  crash: ["tests/api/crash-exactly-once.test.ts"],
} as const;
type Suite = keyof typeof SUITES;

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const count = (name: string, fallback: number) => {
  const raw = option(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got "${raw}"`);
  return value;
};
for (const arg of args) {
  if (!/^--(postgres|only=[a-z,]+|orders=\d+|kills=\d+|clients=\d+)$/.test(arg)) {
    console.error(`Unknown argument ${arg}. See the comment at the top of scripts/reliability/run.ts.`);
    process.exit(2);
  }
}

// The crash suite runs the built server: bring it up to date with the sources first.
const build = spawnSync(process.execPath, ["scripts/build-server.mjs", "--if-stale"], { cwd: REPO_ROOT, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

if (args.includes("--postgres")) {
  const report = await runPostgresCrashSuite({
    orders: count("orders", 4_000),
    kills: count("kills", 10),
    clients: count("clients", 24),
    timeLimitMs: 1_800_000,
    log: (line) => console.log(line),
  });
  console.log(summarize(report));
  for (const problem of report.problems) console.log(`  ✗ ${problem}`);
  process.exit(report.problems.length === 0 && report.acknowledged === report.orders ? 0 : 1);
}

const only = (option("only")?.split(",") ?? Object.keys(SUITES)) as Suite[];
const unknown = only.filter((s) => !(s in SUITES));
if (unknown.length > 0) {
  console.error(`--only takes ${Object.keys(SUITES).join(", ")}; got ${unknown.join(", ")}`);
  process.exit(2);
}
const files = only.flatMap((s) => SUITES[s]);
console.log(`› Long reliability runs: ${only.join(", ")} (RELIABILITY_LONG=1, one file at a time)`);
// One file at a time: the crash suite's server children and the fuzz server then have the cores to themselves.
const vitest = spawnSync(
  "npx",
  ["vitest", "run", "--project", "unit", "--project", "api", "--project", "api-postgres", "--no-file-parallelism", ...files],
  {
    cwd: REPO_ROOT,
    stdio: "inherit",
    env: {
      ...process.env,
      RELIABILITY_LONG: "1",
      ...(option("orders") ? { CRASH_ORDERS: option("orders") } : {}),
      ...(option("kills") ? { CRASH_KILLS: option("kills") } : {}),
      ...(option("clients") ? { CRASH_CLIENTS: option("clients") } : {}),
    },
  },
);
process.exit(vitest.status ?? 1);
