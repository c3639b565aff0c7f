/**
 * What a transaction announces in this process (api/db/after-commit.ts): only once it has committed,
 * once per transaction however many events it records, and nothing when it rolls back — on SQLite
 * (group commit included) and on a throwaway PostgreSQL database (a retried attempt included).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { afterCommit } from "../../api/db/after-commit";
import { openDatabase, type DatabaseHandle, type Db } from "../../api/db/database";
import { EVENT_APPENDED, eventSignal, recordEvent } from "../../api/events/event-log-service";
import { createThrowawayDatabase } from "../support/postgres";

describe.each(["sqlite", "postgres"] as const)("after-commit steps on %s", (dialect) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let announced = 0;
  const count = () => void announced++;
  const reported: string[] = [];
  const logger = { error: (message: string) => void reported.push(message) };

  beforeAll(async () => {
    if (dialect === "postgres") {
      const database = await createThrowawayDatabase();
      handle = await openDatabase({ url: database.url, path: "" }, { logger });
      cleanup = async () => {
        await handle.close();
        await database.drop();
      };
    } else {
      const dir = mkdtempSync(join(tmpdir(), "limitless-after-commit-"));
      handle = await openDatabase({ path: join(dir, "test.db") }, { logger });
      cleanup = async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      };
    }
    await handle.transaction(
      async (tx) => void (await tx.insert(handle.tables.branches).values({ id: 1, name: "Thornhill", address: "1 Main St" })),
    );
  });
  afterAll(async () => cleanup?.());
  beforeEach(() => {
    announced = 0;
    eventSignal.on(EVENT_APPENDED, count);
  });
  afterEach(() => void eventSignal.off(EVENT_APPENDED, count));

  const record = (tx: Db, n: number) => recordEvent(tx, { branchId: 1, type: "product.updated", payload: { n } as never });
  const eventRows = async () => (await handle.db.select().from(handle.tables.events)).length;

  it("announces a committed transaction's events once, after the commit", async () => {
    const before = await eventRows();
    let announcedInside = -1;
    await handle.transaction(async (tx) => {
      for (let n = 0; n < 3; n++) await record(tx, n);
      announcedInside = announced;
    });
    expect(announcedInside).toBe(0);
    expect(announced).toBe(1);
    expect(await eventRows()).toBe(before + 3);
  });

  it("announces nothing for a transaction that rolls back", async () => {
    const before = await eventRows();
    await expect(
      handle.transaction(async (tx) => {
        await record(tx, 1);
        throw new Error("refused after recording");
      }),
    ).rejects.toThrow("refused after recording");
    expect(announced).toBe(0);
    expect(await eventRows()).toBe(before);
  });

  it("runs steps registered under one key once, different keys each, in the order registered", async () => {
    const ran: string[] = [];
    await handle.transaction(async (tx) => {
      afterCommit(tx, () => ran.push("menu 1"), "menu 1");
      afterCommit(tx, () => ran.push("menu 1 again"), "menu 1");
      afterCommit(tx, () => ran.push("menu 2"), "menu 2");
    });
    expect(ran).toEqual(["menu 1", "menu 2"]);
  });

  it("refuses a step outside a running transaction", async () => {
    expect(() => afterCommit(handle.db, () => {})).toThrow(/running transaction/);
    let escaped: Db | undefined;
    await handle.transaction(async (tx) => void (escaped = tx));
    expect(() => afterCommit(escaped!, () => {})).toThrow(/running transaction/);
  });

  it("lets a step start a transaction of its own, as a printer woken by an order does", async () => {
    let later: Promise<string> | undefined;
    await handle.transaction(async (tx) => {
      afterCommit(tx, () => void (later = handle.transaction(async () => "its own")));
    });
    await expect(later).resolves.toBe("its own");
  });

  it("keeps the commit when a step throws: the caller hears of its commit and the other steps run", async () => {
    const ran: string[] = [];
    await expect(
      handle.transaction(async (tx) => {
        afterCommit(tx, () => {
          throw new Error("a broken step");
        });
        afterCommit(tx, () => ran.push("next"));
        return "committed";
      }),
    ).resolves.toBe("committed");
    expect(ran).toEqual(["next"]);
    expect(reported).toContain("a step after a commit failed");
  });

  if (dialect === "sqlite") {
    it("in a group commit, announces the transactions that committed and not the one rolled back", async () => {
      const ran: string[] = [];
      const results = await Promise.allSettled(
        ["a", "b", "c"].map((name) =>
          handle.transaction(async (tx) => {
            afterCommit(tx, () => ran.push(name));
            await record(tx, 0);
            if (name === "b") throw new Error("b fails");
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(ran).toEqual(["a", "c"]);
      // Each committed transaction announces its own events once.
      expect(announced).toBe(2);
    });
  }

  if (dialect === "postgres") {
    it("drops the steps of an attempt PostgreSQL ended (a serialization failure) and runs the retry's once", async () => {
      let attempts = 0;
      await handle.transaction(async (tx) => {
        attempts++;
        await record(tx, attempts);
        if (attempts === 1) throw Object.assign(new Error("could not serialize access"), { code: "40001" });
      });
      expect(attempts).toBe(2);
      expect(announced).toBe(1);
    });
  }
});
