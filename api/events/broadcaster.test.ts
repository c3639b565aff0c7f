import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StreamLimits } from "../config";
import { openDatabase, type Db, type SqliteHandle } from "../db/database";
import { createLogger } from "../lib/logger";
import { Broadcaster, type StreamTiming } from "./broadcaster";
import { Announcements } from "../db/announcements";
import type { EventType } from "./event-log-service";
import type { EventFilter } from "./filter";
import { ApiHttpError, sendError } from "../lib/errors";
import { ApiServerResponse } from "../lib/response-head";
import { BUSY_RETRY_AFTER_SECONDS, eventStreamResponse, parseLastEventId } from "./stream";

const STATION_A = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const STATION_B = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const ORDER_X = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";

/**
 * A migrated database, and the broadcaster's own connection to it, which records every statement it
 * runs. Events are written straight into the table, as any instance's commit would leave them.
 */
async function database() {
  const dir = mkdtempSync(join(tmpdir(), "limitless-broadcaster-"));
  const handle = (await openDatabase({ path: join(dir, "test.db") })) as SqliteHandle;
  const statements: string[] = [];
  const sqlite = new Database(handle.path, { verbose: (sql) => statements.push(String(sql)) });
  const db = drizzle(sqlite) as unknown as Db;
  return { db, sqlite, statements, handle, dir };
}

/** What afterEach closes. */
const opened: { broadcaster: Broadcaster; server: ServerType; sqlite: Database.Database; handle: SqliteHandle; dir: string }[] = [];

/** The app on a real Node server with the server's response class: streams are written to Node's response. */
async function listen(app: Hono): Promise<{ server: ServerType; url: string }> {
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1", serverOptions: { ServerResponse: ApiServerResponse } }, () =>
      resolve(s),
    );
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

async function setup(options: { timing?: Partial<StreamTiming>; limits?: StreamLimits } = {}) {
  const { db, sqlite, statements, handle, dir } = await database();
  const announcements = new Announcements();
  const broadcaster = new Broadcaster(db, announcements, createLogger({ level: "error" }), { retryMs: 1_500, ...options.timing });
  const app = new Hono();
  // As the server's app does: a refusal thrown (503 busy) is answered from its error type.
  app.onError((error, c) => {
    if (error instanceof ApiHttpError) return sendError(c, error);
    throw error;
  });
  let nextFilter: EventFilter = [{ branchId: 1 }];
  let stillAllowed: (() => Promise<boolean>) | undefined;
  let staff = false;
  app.get("/", (c) => {
    const lastEventId = parseLastEventId(c.req.header("last-event-id"), undefined) ?? null;
    return eventStreamResponse(c, broadcaster, options.limits ?? { all: 100, anonymous: 95 }, {
      filter: nextFilter,
      lastEventId,
      stillAllowed,
      staff,
    });
  });

  const { server, url } = await listen(app);

  const insertEvent = sqlite.prepare(
    "INSERT INTO events (branch_id, type, station_id, order_id, payload, created_at) VALUES (?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ'))",
  );
  const write = (
    type: EventType,
    keys: { branchId?: number; tableId?: string; orderId?: string } = {},
    payload: unknown = { n: statements.length },
  ) => {
    insertEvent.run(keys.branchId ?? 1, type, keys.tableId ?? null, keys.orderId ?? null, JSON.stringify(payload));
    return (sqlite.prepare("SELECT max(id) AS id FROM events").get() as { id: number }).id;
  };

  /** A stream with a `stillAllowed` check, or `asStaff`, is a staff stream. */
  const open = async (filter: EventFilter, lastEventId?: number, allowed?: () => Promise<boolean>, asStaff = allowed !== undefined) => {
    nextFilter = filter;
    stillAllowed = allowed;
    staff = asStaff;
    const response = await fetch(url, { headers: lastEventId === undefined ? {} : { "Last-Event-ID": String(lastEventId) } });
    return new Client(response);
  };

  opened.push({ broadcaster, server, sqlite, handle, dir });
  return { db, statements, broadcaster, announcements, write, open };
}

afterEach(async () => {
  for (const { broadcaster, server, sqlite, handle, dir } of opened.splice(0)) {
    broadcaster.stop();
    if ("closeAllConnections" in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    sqlite.close();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Reads a stream's frames as the browser would see them. */
class Client {
  text = "";
  ended = false;
  failed = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array> | null;
  private readonly decoder = new TextDecoder();
  private pending: Promise<ReadableStreamReadResult<Uint8Array> | "failed"> | null = null;

  constructor(readonly response: Response) {
    this.reader = response.status === 200 ? response.body!.getReader() : null;
  }

  /** Reads what arrives within `ms` (or until the stream ends, or `enough` says so). */
  async drain(ms = 30, enough: (client: this) => boolean = () => false): Promise<this> {
    const deadline = Date.now() + ms;
    while (!this.ended && !this.failed && !enough(this)) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      // A read that outlives the deadline is kept for the next drain, so no chunk is lost.
      this.pending ??= this.reader!.read().catch(() => "failed" as const);
      const result = await Promise.race([this.pending, new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), left))]);
      if (result === "timeout") break;
      this.pending = null;
      if (result === "failed") this.failed = true;
      else if (result.done) this.ended = true;
      else this.text += this.decoder.decode(result.value, { stream: true });
    }
    return this;
  }

  /**
   * Reads until `count` events have come (on a busy machine that can take longer than any fixed
   * wait), then a little longer, so one more than expected would still be seen.
   */
  async received(count: number): Promise<this> {
    await this.drain(5_000, (client) => client.ids().length >= count);
    return this.drain();
  }

  /** The ids of the events received so far, in order. */
  ids(): number[] {
    return [...this.text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
  }

  heartbeats(): number {
    return this.text.match(/^: heartbeat$/gm)?.length ?? 0;
  }

  async close(): Promise<void> {
    await this.reader?.cancel();
  }
}

describe("Broadcaster fan-out", () => {
  it("reads the table once per wake-up, however many streams are open, and hands each stream only what its filter matches", async () => {
    const { broadcaster, statements, write, open } = await setup();
    const staff = await open([{ branchId: 1 }]);
    const tableA = await open([
      { tableId: STATION_A, types: ["order.created", "order.updated"] },
      { branchId: 1, types: ["product.updated"] },
    ]);
    const order = await open([{ orderId: ORDER_X, types: ["order.updated"] }]);
    const idle = await Promise.all(Array.from({ length: 50 }, () => open([{ branchId: 2 }])));
    expect(broadcaster.size).toBe(53);

    const created = write("order.created", { tableId: STATION_A, orderId: ORDER_X });
    const otherTable = write("order.updated", { tableId: STATION_B });
    const updated = write("order.updated", { tableId: STATION_A, orderId: ORDER_X });
    const product = write("product.updated");
    write("product.updated", { branchId: 3 });

    statements.length = 0;
    await broadcaster.pump();
    // One read of the new rows, plus the empty read that proves there are no more.
    expect(statements.filter((s) => /from "events"/i.test(s))).toHaveLength(1);

    await Promise.all([staff.received(4), tableA.received(3), order.received(1)]);
    expect(staff.ids()).toEqual([created, otherTable, updated, product]);
    expect(tableA.ids()).toEqual([created, updated, product]);
    expect(order.ids()).toEqual([updated]);
    for (const client of idle) expect((await client.drain(5)).ids()).toEqual([]);
  });

  it("sends each event as a complete server-sent event, after the retry hint", async () => {
    const { broadcaster, write, open } = await setup();
    const client = await open([{ branchId: 1 }]);
    const id = write("order.updated", { orderId: ORDER_X });
    await broadcaster.pump();
    await client.received(1);
    expect(client.response.headers.get("content-type")).toBe("text/event-stream");
    expect(client.response.headers.get("cache-control")).toBe("no-cache");
    expect(client.response.headers.get("x-accel-buffering")).toBe("no");
    expect(client.text.startsWith("retry: 1500\n: connected\n\n")).toBe(true);
    expect(client.text).toMatch(new RegExp(`event: order.updated\ndata: \\{"n":\\d+\\}\nid: ${id}\n\n$`));
  });

  it("is woken by a commit's announcement (what recordEvent announces on `events`) without waiting for its tick", async () => {
    const { broadcaster, announcements, write, open } = await setup({ timing: { pollMs: 60_000 } });
    await broadcaster.start();
    const client = await open([{ branchId: 1 }]);
    const id = write("product.updated");
    announcements.hear("events", String(id));
    expect((await client.received(1)).ids()).toEqual([id]);
  });

  it("with no stream open, moves past an announced event without reading the table, and a stream opened then starts after it", async () => {
    const { broadcaster, announcements, statements, write, open } = await setup({ timing: { pollMs: 60_000 } });
    await broadcaster.start();
    const before = write("product.updated");
    statements.length = 0;
    announcements.hear("events", String(before));
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toEqual([]);
    expect(broadcaster.lastId).toBe(before);
    const client = await open([{ branchId: 1 }]);
    const after = write("product.updated");
    announcements.hear("events", String(after));
    expect((await client.received(1)).ids()).toEqual([after]);
  });

  it("picks up rows written by another instance on its tick", async () => {
    const { broadcaster, write, open } = await setup({ timing: { pollMs: 20 } });
    await broadcaster.start();
    const client = await open([{ branchId: 1 }]);
    const id = write("product.updated"); // no announcement: only the tick can find it
    expect((await client.received(1)).ids()).toEqual([id]);
  });

  it("lets a closed stream go", async () => {
    const { broadcaster, open } = await setup();
    const client = await open([{ branchId: 1 }]);
    expect(broadcaster.size).toBe(1);
    await client.close();
    // The server hears of it when the connection closes.
    await vi.waitFor(() => expect(broadcaster.size).toBe(0));
  });
});

describe("catch-up after Last-Event-ID, then live", () => {
  it("without Last-Event-ID starts after the newest row fanned out", async () => {
    const { broadcaster, write, open } = await setup();
    write("order.created");
    await broadcaster.pump();
    const client = await open([{ branchId: 1 }]);
    const later = write("order.updated");
    await broadcaster.pump();
    expect((await client.received(1)).ids()).toEqual([later]);
  });

  it("has no gap and no duplicate when rows arrive during the catch-up, nor when the table is ahead of the broadcaster", async () => {
    const { broadcaster, write, open } = await setup();
    const ids = [1, 2, 3, 4, 5].map(() => write("order.updated"));
    await broadcaster.pump();
    // Written but not yet fanned out when the stream opens: they must come live, once.
    const unread = [write("order.updated"), write("order.updated")];
    const client = await open([{ branchId: 1 }], ids[1]);
    // More rows while the client has not read its catch-up yet.
    await broadcaster.pump();
    const live = write("order.updated");
    await broadcaster.pump();
    expect((await client.received(6)).ids()).toEqual([...ids.slice(2), ...unread, live]);
  });

  it("replays a backlog longer than one read in full and in order, with live rows after it", async () => {
    const { broadcaster, write, open } = await setup();
    const backlog = Array.from({ length: 450 }, (_, i) => write(i % 2 ? "order.updated" : "product.updated"));
    await broadcaster.pump();
    const client = await open([{ branchId: 1 }], 0);
    const live = [write("order.created"), write("order.created")];
    await broadcaster.pump();
    expect((await client.received(452)).ids()).toEqual([...backlog, ...live]);
  });

  it("sends nothing twice to a client whose cursor is ahead of this instance (it came from another one)", async () => {
    const { broadcaster, write, open } = await setup();
    const seen = [write("order.updated"), write("order.updated")];
    // The broadcaster has not read these yet; the client saw them on another instance.
    const client = await open([{ branchId: 1 }], seen[1]);
    const next = write("order.updated");
    await broadcaster.pump();
    expect((await client.received(1)).ids()).toEqual([next]);
  });

  it("replays only what the stream's filter matches", async () => {
    const { broadcaster, write, open } = await setup();
    const start = write("order.updated", { tableId: STATION_A });
    const mine = write("order.updated", { tableId: STATION_A });
    write("order.updated", { tableId: STATION_B });
    write("product.updated", { branchId: 2 });
    const product = write("product.updated");
    await broadcaster.pump();
    const client = await open(
      [
        { tableId: STATION_A, types: ["order.updated"] },
        { branchId: 1, types: ["product.updated"] },
      ],
      start,
    );
    expect((await client.received(2)).ids()).toEqual([mine, product]);
  });
});

describe("limits and the shared tick", () => {
  it("refuses a stream beyond the cap with 503 busy and Retry-After, and has room again once one closes", async () => {
    const { broadcaster, open } = await setup({ limits: { all: 2, anonymous: 2 } });
    const first = await open([{ branchId: 1 }]);
    await open([{ branchId: 1 }]);
    const refused = await open([{ branchId: 1 }]);
    expect(refused.response.status).toBe(503);
    expect(refused.response.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(await refused.response.json()).toMatchObject({ error: { code: "busy" } });
    expect(broadcaster.size).toBe(2);
    await first.close();
    await vi.waitFor(() => expect(broadcaster.size).toBe(1));
    expect((await open([{ branchId: 1 }])).response.status).toBe(200);
  });

  it("stops anonymous streams at their own cap, leaving the reserve to staff streams, which may fill the whole cap", async () => {
    const { broadcaster, open } = await setup({ limits: { all: 4, anonymous: 2 } });
    const anonymous = [await open([{ branchId: 1 }]), await open([{ branchId: 1 }])];
    const refused = await open([{ branchId: 1 }]);
    expect(refused.response.status).toBe(503);
    expect(await refused.response.json()).toMatchObject({ error: { code: "busy" } });

    const staff = [await open([{ branchId: 1 }], undefined, undefined, true), await open([{ branchId: 1 }], undefined, undefined, true)];
    for (const client of staff) expect(client.response.status).toBe(200);
    expect({ all: broadcaster.size, anonymous: broadcaster.anonymousSize }).toEqual({ all: 4, anonymous: 2 });
    expect((await open([{ branchId: 1 }], undefined, undefined, true)).response.status).toBe(503);

    // A staff stream closing frees room for staff, not for more anonymous streams…
    await staff[0]!.close();
    await vi.waitFor(() => expect(broadcaster.size).toBe(3));
    expect((await open([{ branchId: 1 }])).response.status).toBe(503);
    // …an anonymous one closing does.
    await anonymous[0]!.close();
    await vi.waitFor(() => expect(broadcaster.anonymousSize).toBe(1));
    expect((await open([{ branchId: 1 }])).response.status).toBe(200);
    expect({ all: broadcaster.size, anonymous: broadcaster.anonymousSize }).toEqual({ all: 3, anonymous: 2 });
  });

  it("ends streams at their age limit (spread over its last tenth) so clients resume elsewhere", async () => {
    const { broadcaster, open } = await setup({ timing: { maxAgeMs: 10_000 } });
    const clients = await Promise.all([1, 2, 3].map(() => open([{ branchId: 1 }])));
    await broadcaster.tick(Date.now() + 8_900);
    expect(broadcaster.size).toBe(3);
    await broadcaster.tick(Date.now() + 10_001);
    expect(broadcaster.size).toBe(0);
    for (const client of clients) expect((await client.drain(5_000)).ended).toBe(true);
  });

  it("runs on one shared timer, however many streams are open", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "setTimeout"] });
    const { broadcaster, open } = await setup();
    await broadcaster.start();
    await open([{ branchId: 1 }]); // the HTTP client's own timers, if any, are set up by its first request
    const timers = vi.getTimerCount();
    await Promise.all(Array.from({ length: 20 }, () => open([{ branchId: 1 }])));
    expect(vi.getTimerCount()).toBe(timers);
  });

  it("sends every idle stream one heartbeat per interval, each at its own phase", async () => {
    const { broadcaster, open } = await setup({ timing: { heartbeatMs: 15_000 } });
    const clients = await Promise.all(Array.from({ length: 20 }, () => open([{ branchId: 1 }])));
    const beats = async () => Promise.all(clients.map(async (client) => (await client.drain(5)).heartbeats()));
    const now = Date.now();
    await broadcaster.tick(now + 1_000);
    // Not all in the same tick: 20 streams at once would otherwise be 3,000 at once in a restaurant.
    expect((await beats()).filter((n) => n > 0).length).toBeLessThan(20);
    await broadcaster.tick(now + 15_000);
    // Over real sockets: each client reads until its heartbeat is in, then a little longer (a second one would show).
    await Promise.all(clients.map((client) => client.drain(5_000, (c) => c.heartbeats() >= 1)));
    expect(await beats()).toEqual(clients.map(() => 1));
  });

  it("counts an event as a heartbeat: a stream that just got one is not sent a heartbeat too", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0); // the first heartbeat is due at once
    const { broadcaster, write, open } = await setup({ timing: { heartbeatMs: 15_000 } });
    const client = await open([{ branchId: 1 }]);
    write("product.updated");
    await broadcaster.pump();
    const now = Date.now();
    await broadcaster.tick(now + 14_000);
    expect((await client.drain()).heartbeats()).toBe(0);
    await broadcaster.tick(now + 15_000);
    expect((await client.drain(5_000, (c) => c.heartbeats() >= 1)).heartbeats()).toBe(1);
    expect(client.ids()).toHaveLength(1);
  });

  it("asks stillAllowed on the re-check tick only, and ends the stream when it says no", async () => {
    const { broadcaster, open } = await setup({ timing: { recheckMs: 30_000 } });
    let allowed = true;
    const check = vi.fn(async () => allowed);
    const staff = await open([{ branchId: 1 }], undefined, check);
    const diner = await open([{ branchId: 1 }]);
    const now = Date.now();
    await broadcaster.tick(now + 1_000);
    expect(check).not.toHaveBeenCalled();
    await broadcaster.tick(now + 30_001);
    expect(check).toHaveBeenCalledTimes(1);
    allowed = false;
    await broadcaster.tick(now + 60_002);
    expect((await staff.drain(5_000, (c) => c.ended)).ended).toBe(true);
    expect((await diner.drain()).ended).toBe(false);
    expect(broadcaster.size).toBe(1);
  });

  it("drops a client that stops reading instead of queueing for it without end", async () => {
    const { write, broadcaster, open } = await setup();
    const stalled = await open([{ branchId: 1 }]); // never read
    const reading = await open([{ branchId: 1 }]);
    // ~50 KB per event: once the sockets' buffers are full, the stalled stream's queue passes the 1 MB it may hold.
    let sent = 0;
    while (broadcaster.size > 1 && sent < 1_000) {
      write("product.updated", {}, { big: "x".repeat(50_000) });
      sent++;
      await broadcaster.pump();
      await reading.drain(1_000, (client) => client.text.length >= sent * 50_000); // keeps up with every event so far
    }
    expect(broadcaster.size).toBe(1);
    expect((await reading.received(sent)).ids()).toHaveLength(sent);
    // What was in the sockets' buffers still arrives, then the cut.
    expect((await stalled.drain(5_000, (client) => client.failed)).failed).toBe(true);
  });
});
