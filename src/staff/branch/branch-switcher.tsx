import { useEffect } from "react";
import { BRANCHES } from "../../../contract/menu";
import { useBranchStore } from "./branch-store";

/**
 * Big radio buttons: which branch's tables, menu and orders the staff screens show — the branches the
 * account works at. A device remembered on another branch moves to the account's first one.
 */
export function BranchSwitcher({ branchIds }: { branchIds: readonly number[] }) {
  const branchId = useBranchStore((state) => state.branchId);
  const setBranch = useBranchStore((state) => state.setBranch);
  const mine = BRANCHES.filter((branch) => branchIds.includes(branch.id));
  useEffect(() => {
    if (mine.length > 0 && !mine.some((branch) => branch.id === branchId)) setBranch(mine[0]!.id);
  }, [mine, branchId, setBranch]);
  return (
    <fieldset className="branch-switcher">
      <legend>Branch</legend>
      {mine.map((branch) => (
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
