import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "./logger";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function capture() {
  const writes: { stream: "stdout" | "stderr"; chunk: string }[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    writes.push({ stream: "stdout", chunk: String(chunk) });
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    writes.push({ stream: "stderr", chunk: String(chunk) });
    return true;
  });
  return writes;
}

const lines = (chunk: string) =>
  chunk
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

afterEach(() => vi.restoreAllMocks());

describe("createLogger", () => {
  it("writes the lines of one turn of the event loop together, in order, one JSON object per line", async () => {
    const writes = capture();
    const logger = createLogger(true);
    logger.info("first", { n: 1 });
    logger.warn("second", { n: 2 });
    logger.info("third", { n: 3 });
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.stream).toBe("stdout");
    expect(lines(writes[0]!.chunk)).toEqual([
      { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: "info", message: "first", n: 1 },
      { time: expect.any(String), level: "warn", message: "second", n: 2 },
      { time: expect.any(String), level: "info", message: "third", n: 3 },
    ]);
  });

  it("writes an error at once on stderr, after the lines still pending", () => {
    const writes = capture();
    const logger = createLogger(true);
    logger.info("before");
    logger.error("broken", { code: 7 });
    expect(writes.map((w) => w.stream)).toEqual(["stdout", "stderr"]);
    expect(lines(writes[0]!.chunk)).toMatchObject([{ message: "before" }]);
    expect(lines(writes[1]!.chunk)).toMatchObject([{ level: "error", message: "broken", code: 7 }]);
  });

  it("does not hold a large burst for the next turn", async () => {
    const writes = capture();
    const logger = createLogger(true);
    for (let i = 0; i < 1000; i++) logger.info("burst", { n: i, padding: "x".repeat(100) });
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((w) => w.chunk.length <= 64 * 1024 + 200)).toBe(true);
    await nextTurn();
    expect(writes.flatMap((w) => lines(w.chunk)).map((line) => line.n)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  });

  it("when disabled, drops info and warn but still writes errors", async () => {
    const writes = capture();
    const logger = createLogger(false);
    logger.info("quiet");
    logger.warn("quiet too");
    logger.error("still heard");
    await nextTurn();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.stream).toBe("stderr");
    expect(lines(writes[0]!.chunk)).toMatchObject([{ message: "still heard" }]);
  });
});
