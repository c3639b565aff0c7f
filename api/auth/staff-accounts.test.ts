import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/database";
import { ensureStaff } from "./staff-accounts";
import { findSessionStaff, insertSession } from "./staff-repository";

describe("ensureStaff", () => {
  it("creates the account, keeps its sessions when the password is unchanged, resets and signs out when it changes", async () => {
    const database = await openDatabase({ path: ":memory:" });
    expect(await ensureStaff(database, "Boss@Example.com", "first password")).toBe("created");

    const { token } = await database.transaction((tx) => insertSession(tx, 1, 60_000, new Date()));
    expect(await ensureStaff(database, "boss@example.com", "first password")).toBe("unchanged");
    expect((await findSessionStaff(database.db, token, new Date()))?.email).toBe("boss@example.com");

    expect(await ensureStaff(database, "boss@example.com", "second password")).toBe("reset");
    expect(await findSessionStaff(database.db, token, new Date())).toBeUndefined();
    await database.close();
    // Three real password hashes (128 MiB scrypt each): seconds on two busy cores.
  }, 30_000);
});
