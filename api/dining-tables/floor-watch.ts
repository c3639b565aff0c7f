/**
 * The live side of the floor plan: `table.updated` whenever a table's state changes (API.md "The floor").
 *
 * Derived from the event log rather than written beside each change, so that the order path — whose
 * statements are a budget (docs/decisions/0026) — runs nothing more for it: every change of a table's
 * state (an order placed or moved on, a call, a cart change, a tab closed, a visit's end) already
 * appends an event naming the table. Each instance's broadcaster reads those rows for its own streams;
 * this watcher, told of them, reads the touched tables' floor states once per batch — only while a
 * stream that would get `table.updated` is open — and sends each table whose listing differs from the
 * one it sent last. So every instance's floor screens hear every change, each instance reading only
 * for its own screens, and an instance with no floor screen open reads nothing.
 *
 * The derived event has no SSE id: a screen that reconnects reloads the floor (it does on every
 * (re)connection). A table's own changes (renamed, moved) are stored `table.updated` events, which
 * this watcher takes as the last listing sent.
 */
import type { ServerEvents } from "../../contract/schemas";
import type { ServiceDeps } from "../service-deps";
import { floorTablesByIds } from "./floor-service";

/** The keys of an event row (as api/events/filter.ts reads them). */
interface EventKeysOf {
  type: keyof ServerEvents;
  branchId: number;
  tableId: string | null;
  orderId: string | null;
}

/** What the broadcaster (api/events/broadcaster.ts) offers the watcher. */
export interface FloorOutlet {
  watchRows(watcher: (rows: readonly (EventKeysOf & { id: number; payload: string })[]) => void): () => void;
  wants(keys: EventKeysOf): boolean;
  sendDerived(event: EventKeysOf & { after: number; payload: string }): void;
}

export class FloorWatch {
  /** Each table's listing as last sent (JSON), so an unchanged state is not sent again. */
  private readonly sent = new Map<string, string>();
  /** Tables to read, with the id of the newest row that touched each. */
  private pending = new Map<string, { branchId: number; after: number }>();
  private running: Promise<void> | null = null;
  private readonly stopWatching: () => void;

  constructor(
    private readonly deps: Pick<ServiceDeps, "database" | "clock" | "logger">,
    private readonly outlet: FloorOutlet,
  ) {
    this.stopWatching = outlet.watchRows((rows) => this.seen(rows));
  }

  stop(): void {
    this.stopWatching();
    this.pending.clear();
  }

  /** Settles once every table touched so far has been read and sent (tests). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private seen(rows: readonly (EventKeysOf & { id: number; payload: string })[]): void {
    for (const row of rows) {
      if (row.tableId === null) continue;
      if (row.type === "table.updated") {
        this.sent.set(row.tableId, row.payload);
        this.pending.delete(row.tableId);
        continue;
      }
      const keys = { type: "table.updated" as const, branchId: row.branchId, tableId: row.tableId, orderId: null };
      if (this.outlet.wants(keys)) this.pending.set(row.tableId, { branchId: row.branchId, after: row.id });
    }
    if (this.pending.size > 0 && !this.running) {
      this.running = this.drain().finally(() => {
        this.running = null;
      });
    }
  }

  /** Reads the pending tables, one batch at a time, until none are left. */
  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const batch = this.pending;
      this.pending = new Map();
      try {
        const tables = await floorTablesByIds(this.deps.database.db, [...batch.keys()], this.deps.clock.now());
        for (const table of tables) {
          const payload = JSON.stringify(table);
          if (this.sent.get(table.id) === payload) continue;
          this.sent.set(table.id, payload);
          const { after } = batch.get(table.id)!;
          this.outlet.sendDerived({ type: "table.updated", branchId: table.branch_id, tableId: table.id, orderId: null, after, payload });
        }
      } catch (error) {
        // The database is briefly unavailable: the screens reload the floor when they reconnect.
        this.deps.logger.error("reading the floor's tables failed", { error: String(error) });
      }
    }
  }
}
