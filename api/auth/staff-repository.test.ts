import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { createSession, ensureStaff, findSessionStaff } from "./staff-repository";

describe("ensureStaff", () => {
  it("creates the account, keeps its sessions when the password is unchanged, resets and signs out when it changes", async () => {
    const { db, close } = openDatabase(":memory:");
    expect(await ensureStaff(db, "Boss@Example.com", "first password")).toBe("created");

    const { token } = createSession(db, 1, 60_000);
    expect(await ensureStaff(db, "boss@example.com", "first password")).toBe("unchanged");
    expect(findSessionStaff(db, token)?.email).toBe("boss@example.com");

    expect(await ensureStaff(db, "boss@example.com", "second password")).toBe("reset");
    expect(findSessionStaff(db, token)).toBeUndefined();
    close();
  });
});
