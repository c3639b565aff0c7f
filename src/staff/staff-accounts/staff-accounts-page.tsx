import { useState } from "react";
import { restaurantDay } from "../../../contract/restaurant-time";
import { FormField } from "../../shared/form-field";
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
import { AUDIT_KINDS, auditKind, auditSentence, type AuditKind } from "./audit-words";
import { auditLogData, staffAccountsData } from "./use-staff-accounts";

const ACCOUNT_COLUMNS = ["Name", "E-mail", "Role", "Branches", "Status", "Actions"] as const;

const branchesText = (account: Pick<StaffAccount, "role" | "branch_ids">) =>
  account.role === "owner" ? "Every branch" : account.branch_ids.map(branchName).join(", ") || "None";

/**
 * Staff accounts (owners and managers): who works at the branch, adding one with its role and
 * branches, changing them, resetting a password (the password policy's reason shows on the form),
 * setting a PIN, deactivating (signed out everywhere). Owners also read the audit log here.
 */
export default function StaffAccountsPage() {
  useDocumentTitle("Staff · Limitless staff");
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
    <section className="staff-main" aria-labelledby="staff-accounts-title">
      <h1 id="staff-accounts-title" className="staff-page-title">
        Staff at {branchName(branchId)}
      </h1>
      <p className={announcement ? "staff-notice" : "visually-hidden"} role="status">
        {announcement}
      </p>
      {list.status === "loading" && <p role="status">Loading...</p>}
      {list.status === "failed" && <ProblemMessage problem={list.error} onRetry={reload} />}
      {list.status === "ready" && (
        // Under 48rem each account becomes a card of labelled lines, so its Change button is in reach
        // without scrolling sideways (staff.css, .staff-accounts).
        <div className="staff-table-scroll">
          <table className="staff-table staff-accounts">
            <caption>Accounts</caption>
            <thead>
              <tr>
                {ACCOUNT_COLUMNS.map((column) => (
                  <th scope="col" key={column}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.map((account) => (
                <tr key={account.id}>
                  {[account.name || "—", account.email, account.role, branchesText(account), account.active ? "Active" : "Deactivated"].map(
                    (cell, index) => (
                      <td key={ACCOUNT_COLUMNS[index]} data-label={ACCOUNT_COLUMNS[index]}>
                        {cell}
                      </td>
                    ),
                  )}
                  <td>
                    {roles.includes(account.role) && (
                      <button type="button" className="staff-button" onClick={() => setEditing(account)}>
                        Change<span className="visually-hidden"> {account.email}</span>
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
      {roleMay(me.role, "auditLog") && <AuditLog state={audit.state} accounts={list.status === "ready" ? list.data : []} />}
    </section>
  );
}

const ANYONE = "";
const dayOf = (iso: string) => restaurantDay(Date.parse(iso));
const timeFormat = new Intl.DateTimeFormat("en-CA", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Toronto" });

/** The owner's audit log in words, filtered by who, what and day (the branch's last 500 changes). */
function AuditLog({ state, accounts }: { state: ServerData<AuditEntry[]>; accounts: readonly StaffAccount[] }) {
  const [who, setWho] = useState(ANYONE);
  const [what, setWhat] = useState<AuditKind | "">("");
  const [day, setDay] = useState("");
  const entries = state.status === "ready" ? state.data : null;
  const people = new Map(accounts.map((account) => [account.id, account]));
  const actors = [...new Set((entries ?? []).map((entry) => entry.actor_email ?? "system"))].sort();
  const shown = (entries ?? []).filter(
    (entry) =>
      (who === ANYONE || (entry.actor_email ?? "system") === who) &&
      (what === "" || auditKind(entry) === what) &&
      (day === "" || dayOf(entry.at) === day),
  );
  return (
    <section aria-labelledby="audit-title" className="staff-audit-log">
      <h2 id="audit-title">Recent changes</h2>
      <ProblemMessage problem={state.status === "loading" ? null : state.error} />
      <div className="staff-audit__filters" role="group" aria-label="Show changes">
        <FormField id="audit-who" label="Who">
          {(props) => (
            <select {...props} value={who} onChange={(event) => setWho(event.target.value)}>
              <option value={ANYONE}>Anyone</option>
              {actors.map((email) => {
                const person = [...people.values()].find((account) => account.email === email);
                return (
                  <option key={email} value={email}>
                    {person?.name ? `${person.name} (${email})` : email}
                  </option>
                );
              })}
            </select>
          )}
        </FormField>
        <FormField id="audit-what" label="What">
          {(props) => (
            <select {...props} value={what} onChange={(event) => setWhat(event.target.value as AuditKind | "")}>
              <option value="">Every change</option>
              {Object.entries(AUDIT_KINDS).map(([kind, label]) => (
                <option key={kind} value={kind}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="audit-day" label="Day" hint="Empty: every day.">
          {(props) => <input {...props} type="date" value={day} onChange={(event) => setDay(event.target.value)} />}
        </FormField>
      </div>
      {entries && entries.length === 0 && <p>No changes yet.</p>}
      {entries && entries.length > 0 && shown.length === 0 && <p>No change matches these filters.</p>}
      {shown.length > 0 && (
        <ul className="staff-audit">
          {shown.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.at}>{timeFormat.format(Date.parse(entry.at))}</time> — {auditSentence(entry, (id) => people.get(id))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
