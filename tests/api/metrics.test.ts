/**
 * `GET /metrics` (API.md "Metrics", docs/decisions/0020) and the request id on log lines: who may read
 * the metrics, that the exposition parses, that each figure moves with what it counts, and that
 * requests are labelled by route pattern, never by raw path.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import parsePrometheusTextFormat, { type PrometheusFamily, type PrometheusSample } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Menu, Order, DiningTable } from "../../contract/schemas";
import { createLogger, REQUEST_LINES_FLUSH_MS } from "../../api/lib/logger";
import { freePort } from "../../scripts/reliability/server-process";
import { call, expectApiError, productNamed, readMenu, readStations } from "../support/api-helpers";
import { promlint } from "../support/promlint";
import { SseStream } from "../support/sse-stream";
import { TestClock } from "../support/test-clock";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

const METRICS_TOKEN = "prometheus-scrape-token-0123456789abcdef";
const ALERT_SECONDS = 60;

let server: TestServer;
let token: string;
let menu: Menu;
let table: DiningTable;
let siteDir: string;
const clock = new TestClock();
const logged: string[] = [];

beforeAll(async () => {
  // A web app of one page: /metrics must not fall into its history fallback.
  siteDir = mkdtempSync(join(tmpdir(), "limitless-metrics-site-"));
  writeFileSync(join(siteDir, "index.html"), "<!doctype html><title>Limitless</title>");
  server = await startTestServer({
    staticDir: siteDir,
    config: { metricsToken: METRICS_TOKEN, unseenAlertSeconds: ALERT_SECONDS, tableOrderLimit: 0, logRequests: true },
    server: { clock },
    logger: createLogger({ pretty: false, destination: { write: (chunk: string) => void logged.push(chunk) } }),
  });
  token = await staffToken(server);
  menu = await readMenu(server, 1);
  table = (await readStations(server, token, 1))[0]!;
});
afterAll(async () => {
  await server.dispose();
  rmSync(siteDir, { recursive: true, force: true });
});

/**
 * The exposition, parsed twice: as it is (the parser refuses a malformed line, and gives each family's
 * type), and with histograms read as plain series, because the parser drops a labelled histogram's
 * labels (yunyu/parse-prometheus-text-format#13): their `_count`, `_sum` and `_bucket` lines then come
 * out as families of their own, labels intact.
 */
interface Exposition {
  families: PrometheusFamily[];
  series: PrometheusFamily[];
}

function parseExposition(text: string): Exposition {
  const series = new Map<string, PrometheusFamily>();
  // A histogram's lines go label set by label set (_bucket…, _sum, _count, then the next set's): one family per name.
  for (const part of parsePrometheusTextFormat(text.replace(/^# TYPE (\S+) histogram$/gm, "# TYPE $1 untyped"))) {
    const known = series.get(part.name);
    if (known) known.metrics.push(...part.metrics);
    else series.set(part.name, part);
  }
  return { families: parsePrometheusTextFormat(text), series: [...series.values()] };
}

async function scrape(): Promise<Exposition> {
  const answer = await call(server, "GET", "/metrics", { token: METRICS_TOKEN });
  expect(answer.status).toBe(200);
  return parseExposition(answer.text);
}

function family(families: PrometheusFamily[], name: string): PrometheusFamily {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no metric ${name} in the exposition`);
  return found;
}

const matches = (sample: PrometheusSample, labels: Record<string, string>) =>
  Object.entries(labels).every(([name, value]) => sample.labels?.[name] === value);

/** The sum of a metric's series with these labels (0 when there is none yet); a histogram's `name_count` is its observations. */
function value(exposition: Exposition, name: string, labels: Record<string, string> = {}): number {
  return family(exposition.series, name)
    .metrics.filter((s) => matches(s, labels))
    .reduce((sum, s) => sum + Number(s.value), 0);
}

/** How many observations a histogram has with these labels. */
const count = (exposition: Exposition, name: string, labels: Record<string, string> = {}) => value(exposition, `${name}_count`, labels);

async function placeOrder(idempotencyKey = randomUUID()) {
  const body = { station_id: table.id, branch_id: 1, products: [{ id: productNamed(menu, "Lumpia Shanghai").id, quantity: 1 }] };
  return call<Order>(server, "POST", "/api/orders", { json: body, headers: { "Idempotency-Key": idempotencyKey } });
}

/** Waits for a scrape to satisfy `check` (streams close on the server a moment after the client goes). */
async function eventually(check: (exposition: Exposition) => boolean): Promise<Exposition> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const families = await scrape();
    if (check(families) || Date.now() > deadline) return families;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the exposition, as Prometheus's linter reads it", () => {
  it("passes promtool check metrics' rules (and promtool itself where it is installed)", async () => {
    // Something of everything first: an order, a stream's fan-out, every route's histogram.
    expect((await placeOrder()).status).toBe(201);
    const answer = await call(server, "GET", "/metrics", { token: METRICS_TOKEN });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("limitless_orders_placed_total");
    expect(promlint(answer.text)).toEqual([]);
    const promtool = spawnSync("promtool", ["check", "metrics"], { input: answer.text, encoding: "utf8" });
    if (promtool.error) {
      // Not installed: the rules above are promtool's (Debian: `apt-get install prometheus` brings it).
      expect((promtool.error as NodeJS.ErrnoException).code).toBe("ENOENT");
    } else {
      expect({ status: promtool.status, output: promtool.stdout + promtool.stderr }).toEqual({ status: 0, output: "" });
    }
  });
});

describe("who may read GET /metrics", () => {
  it("refuses an anonymous caller with 401 in the contract's error shape, not the web app's page", async () => {
    expectApiError(await call(server, "GET", "/metrics"), 401, "unauthenticated");
  });

  it("refuses a wrong token, and one that only starts like the right one", async () => {
    expectApiError(await call(server, "GET", "/metrics", { token: "not-the-metrics-token-at-all-0000" }), 401, "unauthenticated");
    expectApiError(await call(server, "GET", "/metrics", { token: METRICS_TOKEN.slice(0, -1) }), 401, "unauthenticated");
    expectApiError(await call(server, "GET", "/metrics", { token: `${METRICS_TOKEN}x` }), 401, "unauthenticated");
  });

  it("answers the metrics token and a staff session, in the Prometheus text format, never cached", async () => {
    for (const bearer of [METRICS_TOKEN, token]) {
      const answer = await call(server, "GET", "/metrics", { token: bearer });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(family(parseExposition(answer.text).families, "limitless_http_request_duration_seconds").type).toBe("HISTOGRAM");
    }
  });
});

describe("the figures", () => {
  it("has the process defaults under the limitless_ prefix", async () => {
    const families = await scrape();
    expect(value(families, "limitless_process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(family(families.families, "limitless_nodejs_eventloop_lag_seconds").type).toBe("GAUGE");
  });

  it("labels requests by route pattern and status, never by the raw path", async () => {
    const orderId = randomUUID();
    expect((await call(server, "GET", `/api/orders/${orderId}`)).status).toBe(404);
    expect((await call(server, "GET", `/api/no/such/${orderId}`)).status).toBe(404);
    expect((await call(server, "GET", `/kitchen`)).status).toBe(200);
    expect((await call(server, "POST", `/api/orders/${orderId}/seen`, { json: {} })).status).toBe(401);

    const families = await scrape();
    const duration = "limitless_http_request_duration_seconds";
    expect(count(families, duration, { method: "GET", route: "/api/orders/:id", status: "404" })).toBe(1);
    expect(count(families, duration, { method: "GET", route: "unmatched", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(count(families, duration, { method: "GET", route: "static", status: "200" })).toBeGreaterThanOrEqual(1);
    // Refused by the sign-in check in front of the route: still that route's pattern.
    expect(count(families, duration, { method: "POST", route: "/api/orders/:id/seen", status: "401" })).toBe(1);
    const routes = new Set(family(families.series, `${duration}_count`).metrics.map((s) => s.labels?.route));
    expect(routes.size).toBeGreaterThan(3);
    expect([...routes].filter((route) => route?.includes(orderId) || route?.includes("/no/such"))).toEqual([]);
  });

  it("counts each accepted order once: not its idempotent replay, nor a refusal", async () => {
    const before = value(await scrape(), "limitless_orders_placed_total");
    const key = randomUUID();
    expect((await placeOrder(key)).status).toBe(201);
    const replay = await placeOrder(key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const refused = await call(server, "POST", "/api/orders", { json: { branch_id: 1 }, headers: { "Idempotency-Key": randomUUID() } });
    expect(refused.status).toBe(400);
    expect(value(await scrape(), "limitless_orders_placed_total")).toBe(before + 1);
  });

  it("counts open live streams, staff and diner apart, and the fan-out lag of what they were sent", async () => {
    const before = await scrape();
    const lagBefore = count(before, "limitless_event_fanout_lag_seconds");
    const board = await SseStream.open(`${server.url}/api/events?branch_id=1`, { Authorization: `Bearer ${token}` });
    const phone = await SseStream.open(`${server.url}/api/stations/${table.id}/events`);
    try {
      const open = await scrape();
      expect(value(open, "limitless_event_streams_open", { audience: "staff" })).toBe(
        value(before, "limitless_event_streams_open", { audience: "staff" }) + 1,
      );
      expect(value(open, "limitless_event_streams_open", { audience: "diner" })).toBe(
        value(before, "limitless_event_streams_open", { audience: "diner" }) + 1,
      );

      const placed = await placeOrder();
      expect(placed.status).toBe(201);
      for (;;) {
        const event = await board.next(5_000);
        if (event.event === "order.created" && (JSON.parse(event.data) as Order).id === placed.body.id) break;
      }
      expect(count(await scrape(), "limitless_event_fanout_lag_seconds")).toBeGreaterThan(lagBefore);
    } finally {
      board.close();
      phone.close();
    }
    const closed = await eventually(
      (families) =>
        value(families, "limitless_event_streams_open", { audience: "staff" }) ===
          value(before, "limitless_event_streams_open", { audience: "staff" }) &&
        value(families, "limitless_event_streams_open", { audience: "diner" }) ===
          value(before, "limitless_event_streams_open", { audience: "diner" }),
    );
    expect(value(closed, "limitless_event_streams_open", { audience: "staff" })).toBe(
      value(before, "limitless_event_streams_open", { audience: "staff" }),
    );
  });

  it("counts the orders no kitchen board has shown past the alert time, by branch, at scrape time", async () => {
    const before = value(await scrape(), "limitless_orders_unseen", { branch: "1" });
    const placed = await placeOrder();
    expect(placed.status).toBe(201);
    // Not overdue yet: the gauge is about orders past UNSEEN_ALERT_SECONDS.
    expect(value(await scrape(), "limitless_orders_unseen", { branch: "1" })).toBe(before);
    clock.advance((ALERT_SECONDS + 1) * 1000);
    const overdue = await scrape();
    expect(value(overdue, "limitless_orders_unseen", { branch: "1" })).toBeGreaterThanOrEqual(before + 1);
    expect(value(overdue, "limitless_orders_unseen", { branch: "2" })).toBe(0);
    // Shown on a board: no longer counted.
    const all = value(overdue, "limitless_orders_unseen", { branch: "1" });
    expect((await call(server, "POST", `/api/orders/${placed.body.id}/seen`, { json: {}, token })).status).toBe(200);
    expect(value(await scrape(), "limitless_orders_unseen", { branch: "1" })).toBe(all - 1);
  });

  it("reports the database's connections (PostgreSQL) or its group-commit queue (SQLite)", async () => {
    const families = await scrape();
    if (server.dialect === "postgres") {
      expect(value(families, "limitless_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
      expect(family(families.series, "limitless_db_pool_connections").metrics.some((s) => s.labels?.state === "idle")).toBe(true);
      expect(value(families, "limitless_db_pool_waiting")).toBe(0);
      expect(value(families, "limitless_db_pool_max")).toBeGreaterThanOrEqual(1);
    } else {
      expect(family(families.series, "limitless_db_transactions_queued").metrics).toEqual([{ value: "0" }]);
    }
  });

  it("reports each printer's queue: the tickets waiting for a printer that does not answer", async () => {
    expect(family((await scrape()).series, "limitless_printer_queue_length").metrics).toEqual([]);
    const nobodyListens = await freePort();
    const added = await call<{ id: number }>(server, "POST", "/api/printers", {
      token,
      json: { name: "Kitchen", branch_id: 1, host: "127.0.0.1", port: nobodyListens, prep_station: "kitchen" },
    });
    expect(added.status, added.text).toBe(201);
    try {
      expect((await placeOrder()).status).toBe(201); // Lumpia Shanghai: a kitchen dish, one ticket
      const queued = await eventually((exposition) =>
        family(exposition.series, "limitless_printer_queue_length").metrics.some((s) => s.value === "1"),
      );
      expect(value(queued, "limitless_printer_queue_length", { branch: "1", printer: "Kitchen" })).toBe(1);
    } finally {
      await call(server, "DELETE", `/api/printers/${added.body.id}`, { token });
    }
    expect(family((await scrape()).series, "limitless_printer_queue_length").metrics).toEqual([]);
  });
});

describe("log lines", () => {
  const lines = () =>
    logged
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it("carry the request's id as req_id on every line written while handling it, the request line included", async () => {
    const placed = await placeOrder();
    expect(placed.status).toBe(201);
    const requestId = placed.headers.get("x-request-id");
    expect(requestId).toMatch(/^\S+$/);
    // Request lines are written in batches, at most REQUEST_LINES_FLUSH_MS after their answer.
    await new Promise((resolve) => setTimeout(resolve, REQUEST_LINES_FLUSH_MS + 20));
    const ofRequest = lines().filter((line) => line.req_id === requestId);
    expect(ofRequest.map((line) => line.msg).sort()).toEqual(["order placed", "request"]);
    expect(ofRequest.find((line) => line.msg === "order placed")).toMatchObject({ orderId: placed.body.id });
    // Lines outside any request carry none.
    expect(lines().find((line) => line.msg === "request" && line.req_id === undefined)).toBeUndefined();
  });

  it("use a client's own X-Request-Id only when it came through a trusted proxy", async () => {
    const answer = await call(server, "GET", "/api/health", { headers: { "X-Request-Id": "client-chosen-id" } });
    expect(answer.headers.get("x-request-id")).not.toBe("client-chosen-id");
  });
});
