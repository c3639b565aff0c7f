import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { GroupCommit } from "./group-commit";

describe("GroupCommit", () => {
  let dir: string;
  let writer: Database.Database;
  let reader: Database.Database;

  afterEach(() => {
    writer.close();
    reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A writing connection under test and a second connection that sees only what was committed. */
  function setup() {
    dir = mkdtempSync(join(tmpdir(), "group-commit-"));
    writer = new Database(join(dir, "db.sqlite"));
    writer.pragma("journal_mode = WAL");
    writer.exec("CREATE TABLE t (v INTEGER NOT NULL UNIQUE)");
    reader = new Database(join(dir, "db.sqlite"));
    const insert = writer.prepare("INSERT INTO t (v) VALUES (?)");
    const committed = () => reader.prepare("SELECT v FROM t ORDER BY v").pluck().all();
    return { writes: new GroupCommit(writer), insert, committed };
  }

  it("commits the writes queued in one turn together; a failing write rolls back alone", async () => {
    const { writes, insert, committed } = setup();
    let seenByOthersDuringBatch: unknown[] = [];
    const results = await Promise.allSettled([
      writes.run(() => insert.run(1).changes),
      writes.run(() => {
        insert.run(2);
        insert.run(1); // a duplicate: this write fails, and its own insert of 2 goes with it
      }),
      writes.run(() => {
        seenByOthersDuringBatch = committed(); // the first write is not committed yet: same transaction
        return insert.run(3).changes;
      }),
    ]);
    expect(seenByOthersDuringBatch).toEqual([]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(committed()).toEqual([1, 3]);
    expect(writer.inTransaction).toBe(false);
  });

  it("answers only after the commit: a resolved write is visible to other connections", async () => {
    const { writes, insert, committed } = setup();
    const pending = writes.run(() => insert.run(7).changes);
    expect(committed()).toEqual([]);
    await expect(pending).resolves.toBe(1);
    expect(committed()).toEqual([7]);
  });

  it("runs writes queued after a batch in a new batch", async () => {
    const { writes, insert, committed } = setup();
    await writes.run(() => insert.run(1));
    await Promise.all([writes.run(() => insert.run(2)), writes.run(() => insert.run(3))]);
    expect(committed()).toEqual([1, 2, 3]);
  });
});
