import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { eventStream, parseLastEventId, type EventStreamSource, type StoredEvent } from "./stream";

const FAST = { pollMs: 20, heartbeatMs: 60, retryMs: 1_500 };

/** An in-memory events table and a stream over it. */
function setup(options: { rows?: StoredEvent[]; allowed?: () => boolean; lastEventId?: number | null } = {}) {
  const rows: StoredEvent[] = options.rows ?? [];
  const source: EventStreamSource = {
    read: (afterId, limit) => rows.filter((row) => row.id > afterId).slice(0, limit),
    latestId: () => rows.at(-1)?.id ?? 0,
    subscribe: () => () => {},
    stillAllowed: options.allowed,
  };
  const app = new Hono();
  app.get("/", (c) => eventStream(c, source, options.lastEventId ?? null, FAST));
  return { rows, app };
}

async function readFor(response: Response, ms: number): Promise<{ text: string; ended: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) {
      await reader.cancel();
      return { text, ended: false };
    }
    const result = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]);
    if (result === null) continue;
    if (result.done) return { text, ended: true };
    text += decoder.decode(result.value, { stream: true });
  }
}

const row = (id: number): StoredEvent => ({ id, type: "order.updated", payload: JSON.stringify({ n: id }) });

describe("eventStream", () => {
  it("starts with the retry hint, replays after the cursor with ids, and sends heartbeats when idle", async () => {
    const { app } = setup({ rows: [row(1), row(2), row(3)], lastEventId: 1 });
    const response = await app.request("/");
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const { text } = await readFor(response, 250);
    expect(text.startsWith("retry: 1500\n")).toBe(true);
    expect(text).toContain('event: order.updated\ndata: {"n":2}\nid: 2\n\n');
    expect(text).toContain('data: {"n":3}\nid: 3\n\n');
    expect(text).not.toContain('{"n":1}');
    expect(text.match(/^: heartbeat$/gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
  });

  it("sends a long backlog in full, in order", async () => {
    const rows = Array.from({ length: 450 }, (_, i) => row(i + 1));
    const { app } = setup({ rows, lastEventId: 0 });
    const { text } = await readFor(await app.request("/"), 300);
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(rows.map((r) => r.id));
  });

  it("picks up rows written later by polling", async () => {
    const { app, rows } = setup();
    const response = await app.request("/");
    setTimeout(() => rows.push(row(7)), 50);
    const { text } = await readFor(response, 200);
    expect(text).toContain("id: 7\n");
  });

  it("ends the stream once the caller is no longer allowed (e.g. signed out)", async () => {
    let allowed = true;
    const { app } = setup({ allowed: () => allowed });
    const response = await app.request("/");
    setTimeout(() => (allowed = false), 30);
    const { ended } = await readFor(response, 1_000);
    expect(ended).toBe(true);
  });
});

describe("parseLastEventId", () => {
  it("prefers the header, accepts the query, and rejects anything but an id", () => {
    expect(parseLastEventId("12", "3")).toBe(12);
    expect(parseLastEventId(undefined, "3")).toBe(3);
    expect(parseLastEventId("", " 4 ")).toBe(4);
    expect(parseLastEventId(undefined, undefined)).toBeNull();
    expect(parseLastEventId("abc", undefined)).toBeUndefined();
    expect(parseLastEventId("-1", undefined)).toBeUndefined();
    expect(parseLastEventId("1".repeat(16), undefined)).toBeUndefined();
  });
});
