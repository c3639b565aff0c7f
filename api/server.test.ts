import { describe, expect, it } from "vitest";
import { ensureStaff } from "./auth/staff-account-service";
import { updateAccount } from "./auth/staff-management-service";
import { loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { createContext } from "./server";

describe("a server's context", () => {
  // Test servers lower the cost (tests/support/test-server.ts); nothing else may.
  it(
    "hashes every password and PIN set through the API at the recommended strength unless told otherwise",
    { timeout: 30_000 },
    async () => {
      const database = await openDatabase({ path: ":memory:" });
      try {
        const context = createContext(loadConfig({}), database);
        await ensureStaff(context, "owner@example.com", "first plum kettle password", { N: 2 ** 10, r: 8, p: 1 });
        const owner = { id: 1, email: "owner@example.com", name: "Owner", role: "owner" as const, branchIds: [] };
        await updateAccount(context, owner, 1, { pin: "482916" });
        const [row] = await database.db.select().from(database.tables.staffUsers);
        expect(row!.pinHash).toMatch(/^scrypt\$131072\$8\$1\$/);
      } finally {
        await database.close();
      }
    },
  );
});
