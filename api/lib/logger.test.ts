import { describe, expect, it } from "vitest";
import { createLogger, REQUEST_LINES_FLUSH_MS, type LoggerOptions } from "./logger";

/** A logger writing into an array, one parsed JSON object per line. */
function captured(options: LoggerOptions = {}) {
  const chunks: string[] = [];
  const logger = createLogger({ ...options, pretty: false, destination: { write: (chunk: string) => void chunks.push(chunk) } });
  const lines = () =>
    chunks
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, chunks, lines };
}

describe("createLogger", () => {
  it("writes one JSON object per line: level by name, time in epoch ms, msg and the fields", () => {
    const before = Date.now();
    const { logger, chunks, lines } = captured();
    logger.info("request", { requestId: "abc", status: 200 });
    logger.warn("slow");
    logger.error("broken", { code: 7 });
    expect(chunks.every((chunk) => chunk.endsWith("\n") && chunk.indexOf("\n") === chunk.length - 1)).toBe(true);
    expect(lines()).toEqual([
      expect.objectContaining({ level: "info", time: expect.any(Number), msg: "request", requestId: "abc", status: 200 }),
      expect.objectContaining({ level: "warn", msg: "slow" }),
      expect.objectContaining({ level: "error", msg: "broken", code: 7 }),
    ]);
    expect(lines()[0]!.time).toBeGreaterThanOrEqual(before);
    expect(lines()[0]!.time).toBeLessThanOrEqual(Date.now());
  });

  it("keeps only the lines at or above its level", () => {
    const { logger, lines } = captured({ level: "warn" });
    logger.info("dropped");
    logger.warn("kept");
    logger.error("kept too");
    expect(lines().map((line) => line.msg)).toEqual(["kept", "kept too"]);
  });

  it("puts a child's fields (a request's id) on each of its lines and on no other; a line's own field wins", () => {
    const { logger, lines } = captured();
    const request = logger.child({ req_id: "req-1" });
    logger.info("before");
    request.info("in a service", { orderId: "o-1" });
    request.warn("own", { req_id: "req-own" });
    logger.child({ req_id: "req-2" }).error("other request");
    logger.info("after");
    expect(lines().map((line) => [line.msg, line.req_id])).toEqual([
      ["before", undefined],
      ["in a service", "req-1"],
      ["own", "req-own"],
      ["other request", "req-2"],
      ["after", undefined],
    ]);
    expect(lines()[1]).toMatchObject({ orderId: "o-1" });
  });

  it("writes a request line as pino writes info('request', line), a batch in one write, and none below info", async () => {
    const fields = { req_id: "tag-1z", method: "GET", path: '/api/odd"path\\', status: 404, ms: 3 };
    const { logger, chunks, lines } = captured();
    logger.request(fields);
    logger.child({ req_id: "other" }).request({ ...fields, req_id: "tag-2" });
    logger.info("request", fields);
    expect(chunks).toHaveLength(1); // pino's line, at once; the request lines wait for others to share their write
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, REQUEST_LINES_FLUSH_MS + 20));
    expect(chunks).toHaveLength(2);
    const [viaPino, first, second] = [lines()[0]!, lines()[1]!, lines()[2]!];
    expect(Object.keys(first)).toEqual(Object.keys(viaPino));
    expect({ ...first, time: 0 }).toEqual({ ...viaPino, time: 0 });
    expect(second).toMatchObject({ req_id: "tag-2", msg: "request" });
    const quiet = captured({ level: "warn" });
    quiet.logger.request(fields);
    await new Promise((resolve) => setTimeout(resolve, REQUEST_LINES_FLUSH_MS + 20));
    expect(quiet.chunks).toEqual([]);
  });

  it("writes a batch at once when 16 KB of request lines are pending, whole lines only", () => {
    const { logger, chunks, lines } = captured();
    for (let n = 0; n < 200; n++)
      logger.request({ req_id: `tag-${n}`, method: "GET", path: `/api/${"x".repeat(100)}`, status: 200, ms: 0 });
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks.every((chunk) => chunk.length >= 16 * 1024 && chunk.endsWith("\n"))).toBe(true);
    expect(lines().map((line) => line.req_id)).toEqual(Array.from({ length: lines().length }, (_, n) => `tag-${n}`));
  });

  it("keeps every request line whole and in order: one longer than a batch, and characters beyond ASCII", async () => {
    const { logger, chunks, lines } = captured();
    const paths = ["/api/health", `/api/${"x".repeat(40_000)}`, "/api/menü/汉字/😀"];
    paths.forEach((path, n) => logger.request({ req_id: `tag-${n}`, method: "GET", path, status: 200, ms: 0 }));
    await new Promise((resolve) => setTimeout(resolve, REQUEST_LINES_FLUSH_MS + 20));
    expect(chunks.every((chunk) => chunk.endsWith("\n"))).toBe(true);
    expect(lines().map((line) => [line.req_id, line.path])).toEqual(paths.map((path, n) => [`tag-${n}`, path]));
  });

  it("writes nothing at level silent", () => {
    const { logger, chunks } = captured({ level: "silent" });
    logger.error("nobody hears this");
    expect(chunks).toEqual([]);
  });
});
