/** The branch the staff tools work on, remembered on this device (a tablet usually lives in one branch). */
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { isBranchId, type BranchId } from "../../../contract/menu";

interface BranchState {
  branchId: BranchId;
  setBranch(branchId: BranchId): void;
}

export const useBranchStore = create<BranchState>()(
  persist(
    (set) => ({
      branchId: 1,
      setBranch: (branchId) => set({ branchId }),
    }),
    {
      name: "staff-branch",
      storage: createJSONStorage(() => localStorage),
      // A stored id that is no longer a branch falls back to the first one.
      merge: (persisted, current) => {
        const id = (persisted as Partial<BranchState> | undefined)?.branchId;
        return isBranchId(id) ? { ...current, branchId: id } : current;
      },
    },
  ),
);

export const useBranchId = () => useBranchStore((state) => state.branchId);
