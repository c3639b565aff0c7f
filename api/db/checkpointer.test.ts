import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { startCheckpointer } from "./checkpointer";

describe("startCheckpointer", () => {
  it("copies committed pages into the database file in the background, while commits never checkpoint", async () => {
    const dir = mkdtempSync(join(tmpdir(), "checkpointer-"));
    const path = join(dir, "db.sqlite");
    const sqlite = new Database(path);
    sqlite.pragma("journal_mode = WAL");
    const stop = startCheckpointer(sqlite, 50);
    try {
      expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(20_000);
      sqlite.exec("CREATE TABLE t (v TEXT NOT NULL)");
      const before = statSync(path).size;
      const insert = sqlite.prepare("INSERT INTO t (v) VALUES (?)");
      for (let i = 0; i < 200; i++) insert.run("x".repeat(2_000));
      const deadline = Date.now() + 5_000;
      while (statSync(path).size <= before + 200 * 2_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(statSync(path).size).toBeGreaterThan(before + 200 * 2_000);
    } finally {
      stop();
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("ends quietly when the database is closed and deleted before the worker opens it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "checkpointer-"));
    const path = join(dir, "db.sqlite");
    const sqlite = new Database(path);
    sqlite.pragma("journal_mode = WAL");
    const stop = startCheckpointer(sqlite, 20);
    stop();
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
    // An error escaping the worker would fail this run as an unhandled error.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(dir)).toBe(false);
  });

  it("does nothing for an in-memory database", () => {
    const sqlite = new Database(":memory:");
    const stop = startCheckpointer(sqlite);
    expect(() => stop()).not.toThrow();
    sqlite.close();
  });
});
