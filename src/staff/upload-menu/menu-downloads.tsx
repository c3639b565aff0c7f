import { useWrite } from "../../shared/use-write";
import { ProblemMessage } from "../lib/problem-message";
import { fileSlug, saveBlob } from "../lib/save-file";
import { staffApi } from "../lib/staff-api";

/** The branch's current menu and the empty template, as CSV files. */
export function MenuDownloads({ branchId, branch }: { branchId: number; branch: string }) {
  const { run, busy: exporting, problem } = useWrite();

  const exportMenu = () =>
    run(async () => {
      const { blob, fileName } = await staffApi.exportMenuCsv(branchId);
      saveBlob(blob, fileName ?? `menu-${fileSlug(branch)}.csv`);
    });

  return (
    <>
      <div className="staff-actions upload-menu__downloads">
        <button type="button" className="staff-button" onClick={() => void exportMenu()} disabled={exporting}>
          {exporting ? "Preparing…" : `Download current ${branch} menu (CSV)`}
        </button>
        <a className="staff-button" href="/menu-template.csv" download="menu-template.csv">
          Download template (CSV)
        </a>
      </div>
      <ProblemMessage problem={problem} />
    </>
  );
}
