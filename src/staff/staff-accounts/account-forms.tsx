import { useState, type FormEvent } from "react";
import { Choice } from "../../shared/controls";
import { PIN_PATTERN, type StaffRole } from "../../../contract/roles";
import type { StaffAccount, StaffPatch } from "../../../contract/schemas";
import { Dialog } from "../../shared/dialog";
import { FormField, useFieldErrors } from "../../shared/form-field";
import { useWrite } from "../../shared/use-write";
import { ProblemMessage } from "../lib/problem-message";
import { staffApi } from "../lib/staff-api";

type Branches = readonly { id: number; name: string }[];

function BranchChoice({
  branches,
  value,
  onChange,
  name,
}: {
  branches: Branches;
  value: number[];
  onChange(next: number[]): void;
  name: string;
}) {
  return (
    <fieldset className="staff-field">
      <legend>Branches</legend>
      {branches.map((branch) => (
        <Choice
          key={branch.id}
          name={name}
          checked={value.includes(branch.id)}
          onChange={(e) => onChange(e.target.checked ? [...value, branch.id] : value.filter((id) => id !== branch.id))}
        >
          {branch.name}
        </Choice>
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
    <FormField id={id} label="Role">
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value as StaffRole)}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

export function AddAccount({
  roles,
  branches,
  defaultBranch,
  onAdded,
}: {
  roles: readonly StaffRole[];
  branches: Branches;
  defaultBranch: number;
  onAdded(account: StaffAccount): void;
}) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<StaffRole>(roles.includes("kitchen") ? "kitchen" : roles[0]!);
  const [branchIds, setBranchIds] = useState<number[]>([defaultBranch]);
  const [password, setPassword] = useState("");
  const { run, busy, problem } = useWrite();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const account = await staffApi.createStaffAccount({ email, name, role, branch_ids: branchIds, password });
      setEmail("");
      setName("");
      setPassword("");
      onAdded(account);
    });
  };

  return (
    <form className="staff-form" aria-labelledby="add-account-title" onSubmit={submit}>
      <h2 id="add-account-title">Add an account</h2>
      <FormField id="add-email" label="E-mail">
        {(props) => <input {...props} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}
      </FormField>
      <FormField id="add-name" label="Name">
        {(props) => <input {...props} type="text" required value={name} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <RoleChoice id="add-role" roles={roles} value={role} onChange={setRole} />
      {role !== "owner" && <BranchChoice name="add-branches" branches={branches} value={branchIds} onChange={setBranchIds} />}
      <FormField id="add-password" label="Password" hint="At least 15 characters: a few unrelated words make a good one.">
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </FormField>
      <ProblemMessage problem={problem} />
      <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
        Add account
      </button>
    </form>
  );
}

export function EditAccount({
  account,
  roles,
  branches,
  onSaved,
  onClose,
}: {
  account: StaffAccount;
  roles: readonly StaffRole[];
  branches: Branches;
  onSaved(message: string, account: StaffAccount): void;
  onClose(): void;
}) {
  const [role, setRole] = useState<StaffRole>(account.role);
  const [branchIds, setBranchIds] = useState<number[]>(account.branch_ids);
  const [password, setPassword] = useState("");
  const [pin, setPin] = useState("");
  const { errors, check } = useFieldErrors(["pin"] as const);
  const { run, busy, problem } = useWrite();

  /** True when it was saved. */
  const save = (patch: StaffPatch, message: string) =>
    run(async () => onSaved(message, await staffApi.updateStaffAccount(account.id, patch)));

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
        <FormField id="edit-password" label="New password">
          {(props) => (
            <input
              {...props}
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="staff-button" disabled={busy}>
          Reset password
        </button>
      </form>
      <form
        className="staff-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!check(e.currentTarget, PIN_PATTERN.test(pin) ? {} : { pin: "A PIN is 4 to 8 digits." })) return;
          void save({ pin }, `${account.email}'s PIN is set.`).then((ok) => ok && setPin(""));
        }}
      >
        <FormField id="edit-pin" label="New PIN (4–8 digits)" error={errors.pin}>
          {(props) => (
            <input {...props} type="password" inputMode="numeric" autoComplete="off" value={pin} onChange={(e) => setPin(e.target.value)} />
          )}
        </FormField>
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
