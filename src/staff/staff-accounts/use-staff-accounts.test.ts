import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuditEntry, StaffAccount } from "../../../contract/schemas";
import { fakeFetch, settle } from "../../shared/fake-fetch.test-support";
import { ServerDataStore } from "../../shared/use-server-data";
import { auditLogData, staffAccountsData } from "./use-staff-accounts";

const account = (id: number, branchId: number) =>
  ({ id, email: `a${id}@example.com`, name: `A${id}`, role: "floor", branch_ids: [branchId], active: true }) as StaffAccount;
const entry = (id: number) => ({ id, at: "2026-11-26T12:00:00Z", actor_email: null, action: "staff.created", target: "x" }) as AuditEntry;

afterEach(() => vi.unstubAllGlobals());

describe("the staff accounts page", () => {
  it("drops a late list of accounts for the branch just left", async () => {
    const fetch = fakeFetch();
    const accounts = new ServerDataStore<number, StaffAccount[]>({ key: null, ...staffAccountsData });
    accounts.follow(1);
    accounts.follow(2);
    fetch.request("branch_id=2").answer([account(7, 2)]);
    await settle();
    fetch.request("branch_id=1").answer([account(3, 1)]);
    await settle();
    expect(accounts.state).toEqual({ status: "ready", data: [account(7, 2)], error: null });
  });

  it("drops a late audit log for the branch just left", async () => {
    const fetch = fakeFetch();
    const log = new ServerDataStore<number, AuditEntry[]>({ key: null, ...auditLogData });
    log.follow(1);
    log.follow(2);
    fetch.request("branch_id=2").answer([entry(2)]);
    await settle();
    fetch.request("branch_id=1").answer([entry(1)]);
    await settle();
    expect(log.state).toEqual({ status: "ready", data: [entry(2)], error: null });
  });
});
