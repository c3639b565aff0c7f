/**
 * What a transaction announces (api/db/announce.ts, api/db/after-commit.ts): only once it has
 * committed, once per channel and payload however often it is announced, and nothing when it rolls
 * back — on SQLite (group commit included) and on a throwaway PostgreSQL database (a retried attempt
 * included), where another instance on the same database hears it too, and not twice.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { afterCommit } from "../../api/db/after-commit";
import { announce } from "../../api/db/announce";
import { openDatabase, type DatabaseHandle, type Db } from "../../api/db/database";
import { listenForChanges, type ChangeListener } from "../../api/db/listener";
import { recordEvent, recordEvents } from "../../api/events/event-log-service";
import { createThrowawayDatabase } from "../support/postgres";

describe.each(["sqlite", "postgres"] as const)("after-commit steps on %s", (dialect) => {
  let handle: DatabaseHandle;
  /** PostgreSQL: a second instance on the same database, hearing the first one's announcements through its listener. */
  let other: { handle: DatabaseHandle; listener: ChangeListener } | undefined;
  let cleanup: () => Promise<void>;
  /** What this instance heard on `events` (the last id each time). */
  let heard: string[] = [];
  const reported: string[] = [];
  const logger = { error: (message: string) => void reported.push(message) };

  beforeAll(async () => {
    if (dialect === "postgres") {
      const database = await createThrowawayDatabase();
      handle = await openDatabase({ url: database.url, path: "" }, { logger });
      const otherHandle = await openDatabase({ url: database.url, path: "" }, { logger });
      if (otherHandle.dialect !== "postgres" || handle.dialect !== "postgres") throw new Error("expected PostgreSQL");
      const silent = { info: () => {}, error: () => {} };
      other = {
        handle: otherHandle,
        listener: await listenForChanges(otherHandle.pool, otherHandle.ownBackends, otherHandle.announcements, silent),
      };
      // This instance listens too: it must not hear its own announcements twice.
      const own = await listenForChanges(handle.pool, handle.ownBackends, handle.announcements, silent);
      cleanup = async () => {
        await own.close();
        await other?.listener.close();
        await other?.handle.close();
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
  let stopHearing = () => {};
  beforeEach(() => {
    heard = [];
    stopHearing = handle.announcements.on("events", (lastId) => void heard.push(lastId));
  });
  afterEach(() => stopHearing());
  const announced = () => heard.length;

  const record = (tx: Db, n: number) => recordEvent(tx, { branchId: 1, type: "product.updated", payload: { n } as never }, new Date());
  const eventRows = async () => (await handle.db.select().from(handle.tables.events)).length;
  const lastEventId = async () => Math.max(0, ...(await handle.db.select().from(handle.tables.events)).map((row) => Number(row.id)));

  it("announces a committed transaction's events after the commit, with the last id, once per append", async () => {
    const before = await eventRows();
    let announcedInside = -1;
    await handle.transaction(async (tx) => {
      await recordEvents(
        tx,
        [0, 1, 2].map((n) => ({ branchId: 1, type: "product.updated", payload: { n } as never })),
        new Date(),
      );
      announcedInside = announced();
    });
    expect(announcedInside).toBe(0);
    expect(heard).toEqual([String(await lastEventId())]);
    expect(await eventRows()).toBe(before + 3);
  });

  it("appends one call's events in the order given, with increasing ids", async () => {
    await handle.transaction((tx) =>
      recordEvents(
        tx,
        [
          { branchId: 1, type: "visit.started", tableId: "t", payload: { started_at: "x" } as never },
          { branchId: 1, type: "order.created", tableId: "t", payload: { n: 1 } as never },
        ],
        new Date(),
      ),
    );
    const rows = (await handle.db.select().from(handle.tables.events)).sort((a, b) => Number(a.id) - Number(b.id)).slice(-2);
    expect(rows.map((row) => row.type)).toEqual(["visit.started", "order.created"]);
  });

  it("hears each channel and payload once per transaction, on every channel, and only after the commit", async () => {
    const menus: string[] = [];
    const stop = handle.announcements.on("menu", (branchId) => void menus.push(branchId));
    try {
      await handle.transaction(async (tx) => {
        await announce(tx, "menu", "1");
        await announce(tx, "menu", "1");
        await announce(tx, "menu", "2");
        expect(menus).toEqual([]);
      });
      expect(menus).toEqual(["1", "2"]);
      await expect(
        handle.transaction(async (tx) => {
          await announce(tx, "menu", "3");
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(menus).toEqual(["1", "2"]);
    } finally {
      stop();
    }
  });

  if (dialect === "postgres") {
    it("is heard by another instance on the same database, once, and only what committed; this one hears its own once", async () => {
      const elsewhere: string[] = [];
      const stop = other!.handle.announcements.on("menu", (branchId) => void elsewhere.push(branchId));
      const here: string[] = [];
      const stopHere = handle.announcements.on("menu", (branchId) => void here.push(branchId));
      try {
        await expect(
          handle.transaction(async (tx) => {
            await announce(tx, "menu", "7");
            throw new Error("rolled back");
          }),
        ).rejects.toThrow("rolled back");
        await handle.transaction(async (tx) => {
          await announce(tx, "menu", "8");
          await announce(tx, "menu", "8");
        });
        // Listening from before both commits: a NOTIFY may reach the other instance well after its commit.
        const heardElsewhere: string[] = [];
        const stopEvents = other!.handle.announcements.on("events", (lastId) => void heardElsewhere.push(lastId));
        await handle.transaction((tx) => record(tx, 1));
        const id = String(await lastEventId());
        await handle.transaction((tx) => record(tx, 2));
        await expect.poll(() => heardElsewhere, { timeout: 5_000 }).toEqual([id, String(Number(id) + 1)]);
        stopEvents();
        expect(elsewhere).toEqual(["8"]);
        // Its own NOTIFY comes back to this instance's listener too, and is left out.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(here).toEqual(["8"]);
      } finally {
        stop();
        stopHere();
      }
    });
  }

  it("announces nothing for a transaction that rolls back", async () => {
    const before = await eventRows();
    await expect(
      handle.transaction(async (tx) => {
        await record(tx, 1);
        throw new Error("refused after recording");
      }),
    ).rejects.toThrow("refused after recording");
    expect(announced()).toBe(0);
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
    it("at synchronous FULL, drops what is kept before the events are heard and before the caller resumes", async () => {
      // A stream's tick may read the events as soon as the reader sees them: the menu must be gone by then.
      const order: string[] = [];
      const stopMenu = handle.announcements.on("menu", () => void order.push(`menu dropped, ${heard.length} events heard`));
      const stopEvents = handle.announcements.on("events", () => void order.push("events heard"));
      let settled = false;
      await handle.transaction(async (tx) => {
        await record(tx, 1);
        await announce(tx, "menu", "1");
        afterCommit(tx, () => void order.push(`caller's step, settled ${settled}`));
      });
      settled = true;
      stopMenu();
      stopEvents();
      expect(order).toEqual(["menu dropped, 0 events heard", "events heard", "caller's step, settled false"]);
    });

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
      expect(announced()).toBe(2);
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
      expect(announced()).toBe(1);
    });
  }
});
