import { useState } from "react";
import { BRANCHES, branchName } from "../../../contract/menu";
import { manageableRoles, roleMay } from "../../../contract/roles";
import type { AuditEntry, StaffAccount } from "../../../contract/schemas";
import type { ServerData } from "../../shared/use-server-data";
import { useServerData } from "../../shared/use-server-data";
import { useDocumentTitle } from "../../shared/use-document-title";
import { useSession } from "../auth/session-store";
import { useBranchId } from "../branch/branch-store";
import { ProblemMessage } from "../lib/problem-message";
import { AddAccount, EditAccount } from "./account-forms";
import { describeAuditDetails } from "./audit-details";
import { auditLogData, staffAccountsData } from "./use-staff-accounts";

const branchesText = (account: Pick<StaffAccount, "role" | "branch_ids">) =>
  account.role === "owner" ? "Every branch" : account.branch_ids.map(branchName).join(", ") || "None";

/**
 * Staff accounts (owners and managers): who works at the branch, adding one with its role and
 * branches, changing them, resetting a password (the password policy's reason shows on the form),
 * setting a PIN, deactivating (signed out everywhere). Owners also read the audit log here.
 */
export default function StaffAccountsPage() {
  useDocumentTitle("Staff");
  const branchId = useBranchId();
  const me = useSession((state) => state.user)!;
  const roles = manageableRoles(me.role);
  const myBranches = BRANCHES.filter((branch) => me.branch_ids.includes(branch.id));
  const { state: list, reload } = useServerData({ key: branchId, ...staffAccountsData });
  const audit = useServerData({ key: roleMay(me.role, "auditLog") ? branchId : null, ...auditLogData });
  const [editing, setEditing] = useState<StaffAccount | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const saved = (message: string, account: StaffAccount) => {
    setAnnouncement(message);
    setEditing((current) => (current?.id === account.id ? account : current));
    reload();
    audit.reload();
  };

  return (
    <main className="staff-main">
      <h1 className="staff-page-title">Staff at {branchName(branchId)}</h1>
      <p className="staff-notice" role="status">
        {announcement}
      </p>
      {list.status === "loading" && <p role="status">Loading...</p>}
      {list.status === "failed" && <ProblemMessage problem={list.error} onRetry={reload} />}
      {list.status === "ready" && (
        <div className="staff-table-scroll">
          <table className="staff-table">
            <caption>Accounts</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Branches</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((account) => (
                <tr key={account.id}>
                  <td>{account.name || "—"}</td>
                  <td>{account.email}</td>
                  <td>{account.role}</td>
                  <td>{branchesText(account)}</td>
                  <td>{account.active ? "Active" : "Deactivated"}</td>
                  <td>
                    {roles.includes(account.role) && (
                      <button type="button" className="staff-button" onClick={() => setEditing(account)}>
                        Change {account.email}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddAccount roles={roles} branches={myBranches} defaultBranch={branchId} onAdded={(a) => saved(`${a.email} was added.`, a)} />
      {editing && (
        <EditAccount
          key={editing.id}
          account={editing}
          roles={roles}
          branches={myBranches}
          onSaved={saved}
          onClose={() => setEditing(null)}
        />
      )}
      {roleMay(me.role, "auditLog") && <AuditLog state={audit.state} />}
    </main>
  );
}

function AuditLog({ state }: { state: ServerData<AuditEntry[]> }) {
  const entries = state.status === "ready" ? state.data : null;
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">Recent changes</h2>
      <ProblemMessage problem={state.status === "loading" ? null : state.error} />
      {entries && entries.length === 0 && <p>No changes yet.</p>}
      {entries && entries.length > 0 && (
        <ul className="staff-audit">
          {entries.map((entry) => {
            const details = describeAuditDetails(entry.details);
            return (
              <li key={entry.id}>
                <time dateTime={entry.at}>{new Date(entry.at).toLocaleString("en-CA")}</time> — {entry.actor_email ?? "system"}:{" "}
                {entry.action} {entry.target}
                {details && ` — ${details}`}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
