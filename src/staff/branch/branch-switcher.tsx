import { BRANCHES } from "../../../contract/menu";
import { useBranchStore } from "./branch-store";

/** Two big radio buttons: which branch's tables, menu and orders the staff screens show. */
export function BranchSwitcher() {
  const branchId = useBranchStore((state) => state.branchId);
  const setBranch = useBranchStore((state) => state.setBranch);
  return (
    <fieldset className="branch-switcher">
      <legend>Branch</legend>
      {BRANCHES.map((branch) => (
        <label key={branch.id} className="branch-switcher__option">
          <input
            type="radio"
            name="staff-branch"
            value={branch.id}
            checked={branchId === branch.id}
            onChange={() => setBranch(branch.id)}
          />
          <span>{branch.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
