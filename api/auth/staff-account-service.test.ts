import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/database";
import { WeakPasswordError } from "./password-policy";
import { createStaffIfAbsent, ensureStaff, hasStaff, upsertStaff } from "./staff-account-service";
import { insertSession } from "./staff-repository";
import { findSessionStaff } from "./session-queries";

describe("ensureStaff", () => {
  it("creates the account, keeps its sessions when the password is unchanged, resets and signs out when it changes", async () => {
    const database = await openDatabase({ path: ":memory:" });
    expect(await ensureStaff({ database }, "Boss@Example.com", "first plum kettle password")).toBe("created");

    const { token } = await database.transaction((tx) => insertSession(tx, 1, 60_000, new Date()));
    expect(await ensureStaff({ database }, "boss@example.com", "first plum kettle password")).toBe("unchanged");
    expect((await findSessionStaff(database.db, token, new Date()))?.email).toBe("boss@example.com");

    expect(await ensureStaff({ database }, "boss@example.com", "second harbour sunrise password")).toBe("reset");
    expect(await findSessionStaff(database.db, token, new Date())).toBeUndefined();
    await database.close();
    // Three real password hashes (128 MiB scrypt each): seconds on two busy cores.
  }, 30_000);

  it("refuses a password the policy refuses on every path that sets one, writing nothing", async () => {
    const database = await openDatabase({ path: ":memory:" });
    for (const set of [ensureStaff, upsertStaff, createStaffIfAbsent]) {
      await expect(set({ database }, "boss@example.com", "password12")).rejects.toBeInstanceOf(WeakPasswordError);
      await expect(set({ database }, "boss@example.com", "aaaaaaaaaaaaaaaa")).rejects.toMatchObject({
        code: "weak_password",
        verdict: { problem: "repetitive" },
      });
    }
    expect(await hasStaff({ database })).toBe(false);
    await database.close();
  });
});
