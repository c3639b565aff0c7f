/**
 * Staff accounts of each role for the API tests, written straight into the database with a cheap
 * password hash (the API hashes at full strength, ~0.5 s each; tests need many accounts), then signed
 * in through the API like anyone.
 */
import { hashPassword, type HashCost } from "../../api/auth/passwords";
import type { StaffRole } from "../../contract/roles";
import { staffToken, type TestServer } from "./test-server";

const CHEAP: HashCost = { N: 2 ** 10, r: 8, p: 1 };
export const ACCOUNT_PASSWORD = "lantern orchard velvet cobble";

let counter = 0;

export interface TestAccount {
  id: number;
  email: string;
  token: string;
}

/** A new account of `role` at `branchIds`, signed in. */
export async function staffAccount(
  server: TestServer,
  role: StaffRole,
  branchIds: number[],
  options: { signIn?: boolean; email?: string } = {},
): Promise<TestAccount> {
  const email = options.email ?? `${role}-${process.pid}-${++counter}@limitless.example`;
  const hash = await hashPassword(ACCOUNT_PASSWORD, CHEAP);
  await server.query(
    server.dialect === "postgres"
      ? "INSERT INTO staff_users (email, password_hash, name, role, branch_ids) VALUES (?, ?, ?, ?, ?::jsonb)"
      : "INSERT INTO staff_users (email, password_hash, name, role, branch_ids) VALUES (?, ?, ?, ?, ?)",
    [email, hash, `Test ${role}`, role, JSON.stringify(branchIds)],
  );
  const [row] = await server.query<{ id: number }>("SELECT id FROM staff_users WHERE email = ?", [email]);
  const token = options.signIn === false ? "" : await staffToken({ url: server.url, staff: { email, password: ACCOUNT_PASSWORD } });
  return { id: Number(row!.id), email, token };
}
