import { useCallback, useEffect, useState, type FormEvent } from "react";
import { BRANCHES, branchName } from "../../../contract/menu";
import { manageableRoles, PIN_PATTERN, roleMay, type StaffRole } from "../../../contract/roles";
import type { AuditEntry, StaffAccount, StaffPatch } from "../../../contract/schemas";
import { asApiError, clientError, isAbort, type ApiError } from "../../shared/api-client";
import { Dialog } from "../../shared/dialog";
import { useSession } from "../auth/session-store";
import { useBranchId } from "../branch/branch-store";
import { ProblemMessage } from "../lib/problem-message";
import { staffApi } from "../lib/staff-api";
import { useDocumentTitle } from "../../shared/use-document-title";

type ListState = { status: "loading" } | { status: "error"; problem: ApiError } | { status: "ready"; accounts: StaffAccount[] };

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
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [editing, setEditing] = useState<StaffAccount | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const load = useCallback(async () => {
    try {
      setList({ status: "ready", accounts: await staffApi.staffAccounts(branchId) });
    } catch (error) {
      if (!isAbort(error)) setList({ status: "error", problem: asApiError(error) });
    }
  }, [branchId]);

  useEffect(() => {
    setList({ status: "loading" });
    void load();
  }, [load]);

  const saved = (message: string, account: StaffAccount) => {
    setAnnouncement(message);
    setEditing((current) => (current?.id === account.id ? account : current));
    void load();
  };

  return (
    <main className="staff-main">
      <h1 className="staff-page-title">Staff at {branchName(branchId)}</h1>
      <p className="staff-notice" role="status">
        {announcement}
      </p>
      {list.status === "loading" && <p role="status">Loading...</p>}
      {list.status === "error" && <ProblemMessage problem={list.problem} onRetry={() => void load()} />}
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
              {list.accounts.map((account) => (
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
      {roleMay(me.role, "auditLog") && <AuditLog branchId={branchId} refreshKey={announcement} />}
    </main>
  );
}

function BranchChoice({
  branches,
  value,
  onChange,
  name,
}: {
  branches: readonly { id: number; name: string }[];
  value: number[];
  onChange(next: number[]): void;
  name: string;
}) {
  return (
    <fieldset className="staff-field">
      <legend>Branches</legend>
      {branches.map((branch) => (
        <label key={branch.id}>
          <input
            type="checkbox"
            name={name}
            checked={value.includes(branch.id)}
            onChange={(e) => onChange(e.target.checked ? [...value, branch.id] : value.filter((id) => id !== branch.id))}
          />{" "}
          {branch.name}
        </label>
      ))}
    </fieldset>
  );
}

function RoleChoice({
  id,
  roles,
  value,
  onChange,
}: {
  id: string;
  roles: readonly StaffRole[];
  value: StaffRole;
  onChange(r: StaffRole): void;
}) {
  return (
    <div className="staff-field">
      <label htmlFor={id}>Role</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as StaffRole)}>
        {roles.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </select>
    </div>
  );
}

function AddAccount({
  roles,
  branches,
  defaultBranch,
  onAdded,
}: {
  roles: readonly StaffRole[];
  branches: readonly { id: number; name: string }[];
  defaultBranch: number;
  onAdded(account: StaffAccount): void;
}) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<StaffRole>(roles.includes("kitchen") ? "kitchen" : roles[0]!);
  const [branchIds, setBranchIds] = useState<number[]>([defaultBranch]);
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const account = await staffApi.createStaffAccount({ email, name, role, branch_ids: branchIds, password });
      setEmail("");
      setName("");
      setPassword("");
      onAdded(account);
    } catch (error) {
      setProblem(asApiError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="staff-form" aria-labelledby="add-account-title" onSubmit={(e) => void submit(e)}>
      <h2 id="add-account-title">Add an account</h2>
      <div className="staff-field">
        <label htmlFor="add-email">E-mail</label>
        <input id="add-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="staff-field">
        <label htmlFor="add-name">Name</label>
        <input id="add-name" type="text" required value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <RoleChoice id="add-role" roles={roles} value={role} onChange={setRole} />
      {role !== "owner" && <BranchChoice name="add-branches" branches={branches} value={branchIds} onChange={setBranchIds} />}
      <div className="staff-field">
        <label htmlFor="add-password">Password</label>
        <input
          id="add-password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          aria-describedby="add-password-hint"
          onChange={(e) => setPassword(e.target.value)}
        />
        <p id="add-password-hint" className="staff-field__hint">
          At least 15 characters: a few unrelated words make a good one.
        </p>
      </div>
      <ProblemMessage problem={problem} />
      <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
        Add account
      </button>
    </form>
  );
}

function EditAccount({
  account,
  roles,
  branches,
  onSaved,
  onClose,
}: {
  account: StaffAccount;
  roles: readonly StaffRole[];
  branches: readonly { id: number; name: string }[];
  onSaved(message: string, account: StaffAccount): void;
  onClose(): void;
}) {
  const [role, setRole] = useState<StaffRole>(account.role);
  const [branchIds, setBranchIds] = useState<number[]>(account.branch_ids);
  const [password, setPassword] = useState("");
  const [pin, setPin] = useState("");
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (patch: StaffPatch, message: string) => {
    setBusy(true);
    setProblem(null);
    try {
      onSaved(message, await staffApi.updateStaffAccount(account.id, patch));
      return true;
    } catch (error) {
      setProblem(asApiError(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} className="staff-dialog" labelledBy="edit-account-title">
      <h2 id="edit-account-title">Change {account.email}</h2>
      <form
        className="staff-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save({ role, ...(role !== "owner" && { branch_ids: branchIds }) }, `${account.email} is now ${role}.`);
        }}
      >
        <RoleChoice id="edit-role" roles={roles} value={role} onChange={setRole} />
        {role !== "owner" && <BranchChoice name="edit-branches" branches={branches} value={branchIds} onChange={setBranchIds} />}
        <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
          Save role and branches
        </button>
      </form>
      <form
        className="staff-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save({ password }, `${account.email}'s password was reset; it is signed out everywhere.`).then(
            (ok) => ok && setPassword(""),
          );
        }}
      >
        <div className="staff-field">
          <label htmlFor="edit-password">New password</label>
          <input
            id="edit-password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <button type="submit" className="staff-button" disabled={busy}>
          Reset password
        </button>
      </form>
      <form
        className="staff-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!PIN_PATTERN.test(pin)) return setProblem(clientError("A PIN is 4 to 8 digits."));
          void save({ pin }, `${account.email}'s PIN is set.`).then((ok) => ok && setPin(""));
        }}
      >
        <div className="staff-field">
          <label htmlFor="edit-pin">New PIN (4–8 digits)</label>
          <input
            id="edit-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={pin}
            onChange={(e) => setPin(e.target.value)}
          />
        </div>
        <button type="submit" className="staff-button" disabled={busy}>
          Set PIN
        </button>
      </form>
      <ProblemMessage problem={problem} />
      <div className="staff-actions">
        {account.active ? (
          <button
            type="button"
            className="staff-button staff-button--danger"
            disabled={busy}
            onClick={() => void save({ active: false }, `${account.email} was deactivated and signed out everywhere.`)}
          >
            Deactivate
          </button>
        ) : (
          <button
            type="button"
            className="staff-button"
            disabled={busy}
            onClick={() => void save({ active: true }, `${account.email} is active again.`)}
          >
            Reactivate
          </button>
        )}
        <button type="button" className="staff-button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

function AuditLog({ branchId, refreshKey }: { branchId: number; refreshKey: string }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [problem, setProblem] = useState<ApiError | null>(null);
  useEffect(() => {
    staffApi.auditLog(branchId).then(setEntries, (error: unknown) => {
      if (!isAbort(error)) setProblem(asApiError(error));
    });
  }, [branchId, refreshKey]);
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">Recent changes</h2>
      <ProblemMessage problem={problem} />
      {entries && entries.length === 0 && <p>No changes yet.</p>}
      {entries && entries.length > 0 && (
        <ul className="staff-audit">
          {entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.at}>{new Date(entry.at).toLocaleString("en-CA")}</time> — {entry.actor_email ?? "system"}:{" "}
              {entry.action} {entry.target}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
