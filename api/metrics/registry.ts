/**
 * What `GET /metrics` reports, one registry per server (tests run several servers in one process, and
 * a global registry would mix their counts), plus the process's own figures. Figures come from the edges, never from inside a
 * service: the request middleware (http.ts), the broadcaster's fan-out observer, and queries and
 * counters read at scrape time (collectors.ts). Names and labels are in docs/decisions/0020.
 */
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { SeriesHistogram } from "./series-histogram";

export const METRIC_PREFIX = "limitless_";

/** Seconds. Health answers in well under a millisecond; an order takes a few; a slow CSV import seconds. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds. A wake-up on this instance is a few milliseconds; a missed notification waits for the next 1 s tick. */
const FAN_OUT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  readonly registry: Registry;
  /** Observed once per answer: series made once per route, method and status (series-histogram.ts). */
  readonly httpDuration: SeriesHistogram<"method" | "route" | "status">;
  readonly ordersPlaced: Counter;
  readonly fanOutLag: Histogram;
}

let processRegistry: Registry | undefined;

const UNLINTED_DEFAULTS = ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"];

/**
 * prom-client's process figures (CPU, memory, event-loop lag, GC), collected once per process: they
 * describe the process, not a server, and each collection keeps its own event-loop monitor running.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX });
    // prom-client also sums each of these into a gauge named like a counter (`…_total`), which
    // Prometheus's linter refuses (`promtool check metrics`); the by-type gauges stay, and
    // sum(limitless_nodejs_active_handles) is the same figure.
    for (const gauge of UNLINTED_DEFAULTS) processRegistry.removeSingleMetric(`${METRIC_PREFIX}${gauge}`);
  }
  return processRegistry;
}

/** The exposition of a scrape: the process's figures and this server's, in the Prometheus text format. */
export function exposition(metrics: Metrics): Promise<string> {
  return Registry.merge([processMetrics(), metrics.registry]).metrics();
}

export const EXPOSITION_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

export function createMetrics(): Metrics {
  const registry = new Registry();
  processMetrics();
  return {
    registry,
    httpDuration: new SeriesHistogram(
      `${METRIC_PREFIX}http_request_duration_seconds`,
      "Time from a request reaching the app to its answer's head, by route pattern (never the raw path) and status.",
      ["method", "route", "status"],
      HTTP_BUCKETS,
      registry,
    ),
    ordersPlaced: new Counter({
      name: `${METRIC_PREFIX}orders_placed_total`,
      help: "Orders this instance accepted (201 to POST /api/orders or a table cart's submit; idempotent replays not counted). Sum over instances.",
      registers: [registry],
    }),
    fanOutLag: new Histogram({
      name: `${METRIC_PREFIX}event_fanout_lag_seconds`,
      help: "Time from an event being recorded (on any instance) to this instance handing it to its open live streams.",
      buckets: FAN_OUT_BUCKETS,
      registers: [registry],
    }),
  };
}
