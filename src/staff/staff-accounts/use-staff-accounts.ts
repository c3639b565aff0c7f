import type { AuditEntry, StaffAccount } from "../../../contract/schemas";
import type { ServerDataOptions } from "../../shared/use-server-data";
import { staffApi } from "../lib/staff-api";

/** The branch's staff accounts, by the one way (useServerData). */
export const staffAccountsData: Omit<ServerDataOptions<number, StaffAccount[]>, "key"> = {
  load: (branchId, signal) => staffApi.staffAccounts(branchId, { signal }),
};

/** The branch's recent changes (owners only). */
export const auditLogData: Omit<ServerDataOptions<number, AuditEntry[]>, "key"> = {
  load: (branchId, signal) => staffApi.auditLog(branchId, { signal }),
};
