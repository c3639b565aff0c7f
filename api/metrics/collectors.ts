/**
 * The gauges, read when Prometheus scrapes (prom-client's `collect`), so nothing runs between scrapes:
 * open live streams (the broadcaster's counts), unseen orders (the kitchen's own query), printer
 * queues (the printers module's own count), and the database's connection pool or write queue. And the fan-out lag,
 * observed as the broadcaster hands rows to streams.
 */
import { Gauge } from "prom-client";
import { BRANCHES } from "../../contract/menu";
import type { AppContext } from "../app-context";
import { unseenOrderIds } from "../orders/kitchen-order-queries";
import { METRIC_PREFIX, type Metrics } from "./registry";
import { allPrinters } from "../printers/printer-service";

type Sources = Pick<AppContext, "database" | "liveEvents" | "clock" | "config" | "logger">;

/** Registers the gauges on `metrics.registry` and starts observing the fan-out; returns what stops observing. */
export function registerCollectors(metrics: Metrics, ctx: Sources): () => void {
  const { registry } = metrics;
  const { database, liveEvents, logger } = ctx;

  new Gauge({
    name: `${METRIC_PREFIX}event_streams_open`,
    help: "Live event streams open on this instance: staff (kitchen boards, staff screens) and diner (tables, orders, the public menu).",
    labelNames: ["audience"] as const,
    registers: [registry],
    collect() {
      this.set({ audience: "staff" }, liveEvents.size - liveEvents.anonymousSize);
      this.set({ audience: "diner" }, liveEvents.anonymousSize);
    },
  });

  new Gauge({
    name: `${METRIC_PREFIX}orders_unseen`,
    help: "Orders awaiting the kitchen that no board has shown for UNSEEN_ALERT_SECONDS or longer (what sets off the staff alarm), by branch.",
    labelNames: ["branch"] as const,
    registers: [registry],
    async collect() {
      const before = new Date(ctx.clock.now().getTime() - ctx.config.unseenAlertSeconds * 1000).toISOString();
      try {
        const counts = await Promise.all(BRANCHES.map(async (branch) => (await unseenOrderIds(database.db, branch.id, before)).length));
        BRANCHES.forEach((branch, i) => this.set({ branch: String(branch.id) }, counts[i]!));
      } catch (error) {
        // No figure rather than a wrong one, and the rest of the scrape still answers.
        this.reset();
        logger.error("metrics: counting unseen orders failed", { error: String(error) });
      }
    },
  });

  new Gauge({
    name: `${METRIC_PREFIX}printer_queue_length`,
    help: "Tickets waiting to print, by branch and printer.",
    labelNames: ["branch", "printer"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const printer of await allPrinters(database.db)) {
          this.set({ branch: String(printer.branch_id), printer: printer.name }, printer.queued);
        }
      } catch (error) {
        logger.error("metrics: reading the printer queues failed", { error: String(error) });
      }
    },
  });

  if (database.dialect === "postgres") {
    const { pool } = database;
    new Gauge({
      name: `${METRIC_PREFIX}db_pool_connections`,
      help: "PostgreSQL connections in this instance's pool: open (total) and idle; in use = total - idle.",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}db_pool_waiting`,
      help: "Queries waiting for a free PostgreSQL connection (above 0 for long: DATABASE_POOL_SIZE is too small).",
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}db_pool_max`,
      help: "The pool's size (DATABASE_POOL_SIZE).",
      registers: [registry],
      collect() {
        this.set(ctx.config.databasePoolSize);
      },
    });
  } else {
    const sqlite = database;
    new Gauge({
      name: `${METRIC_PREFIX}db_transactions_queued`,
      help: "SQLite write transactions waiting for the next group commit (the writer is one connection).",
      registers: [registry],
      collect() {
        this.set(sqlite.queuedTransactions);
      },
    });
  }

  // On the server's one clock, as created_at is written (recordEvent).
  return liveEvents.observe((_type, createdAt) => {
    const recorded = Date.parse(createdAt);
    if (Number.isFinite(recorded)) metrics.fanOutLag.observe(Math.max(0, ctx.clock.now().getTime() - recorded) / 1000);
  });
}
