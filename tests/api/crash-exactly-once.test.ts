/**
 * Exactly-once through crashes, the short run of `npm test` (scripts/reliability/crash-suite.ts;
 * `npm run test:reliability` runs the long one): the real server as a child process on a SQLite
 * file, SIGKILLed and restarted while 20 clients place orders and retry each one with its own key
 * until acknowledged; then two instances on one PostgreSQL database, one of them killed repeatedly. Afterwards every acknowledged order is stored once, whole, with right totals,
 * and replaying any key answers its original order byte for byte.
 */
import { expect, it } from "vitest";
import { runPostgresCrashSuite, runSqliteCrashSuite, summarize, type CrashReport } from "../../scripts/reliability/crash-suite";
import { RELIABILITY_LONG } from "../support/fast-check-settings";

const defaults = RELIABILITY_LONG
  ? { orders: 4_000, clients: 24, kills: 10, timeLimitMs: 900_000 }
  : { orders: 300, clients: 20, kills: 3, timeLimitMs: 100_000 };
/** `npm run test:reliability -- --orders=N --kills=N --clients=N` arrive as these. */
const fromEnv = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const settings = {
  orders: fromEnv("CRASH_ORDERS", defaults.orders),
  clients: fromEnv("CRASH_CLIENTS", defaults.clients),
  kills: fromEnv("CRASH_KILLS", defaults.kills),
  timeLimitMs: defaults.timeLimitMs,
};

const log = RELIABILITY_LONG ? (line: string) => console.log(line) : undefined;

/** `minKills`: with two instances the other keeps taking orders while the killed one restarts, so the traffic may end before the last planned kill. */
function expectExactlyOnce(report: CrashReport, minKills = settings.kills + 1) {
  console.log(summarize(report));
  expect(report.problems).toEqual([]);
  expect(report.acknowledged).toBe(settings.orders);
  expect(report.kills).toBeGreaterThanOrEqual(minKills);
  // The run really crashed mid-traffic: attempts went unanswered while the server was down.
  expect(report.unanswered).toBeGreaterThan(0);
}

it(
  `keeps every acknowledged order exactly once through ${settings.kills + 1} SIGKILLs of the server on SQLite (${settings.orders} orders, ${settings.clients} clients)`,
  async () => {
    expectExactlyOnce(await runSqliteCrashSuite({ ...settings, log }));
  },
  settings.timeLimitMs + 60_000,
);

// While instance A restarts (a second or two of start-up),
// instance B takes every order, so a short run can end before A's later planned kills: at least one
// kill lands mid-traffic and one after the last acknowledgement (the long run, test:reliability, at least three).
it(
  `keeps every acknowledged order exactly once on PostgreSQL through SIGKILLs of one of two instances, mid-traffic and after (${settings.orders} orders, ${settings.clients} clients)`,
  async () => {
    expectExactlyOnce(await runPostgresCrashSuite({ ...settings, log }), RELIABILITY_LONG ? 3 : 2);
  },
  settings.timeLimitMs + 60_000,
);
