import { useState } from "react";
import { asApiError, type ApiError } from "../../shared/api-client";
import { ProblemMessage } from "../lib/problem-message";
import { fileSlug, saveBlob } from "../lib/save-file";
import { staffApi } from "../lib/staff-api";

/** The branch's current menu and the empty template, as CSV files. */
export function MenuDownloads({ branchId, branch }: { branchId: number; branch: string }) {
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportMenu = async () => {
    setProblem(null);
    setExporting(true);
    try {
      const { blob, fileName } = await staffApi.exportMenuCsv(branchId);
      saveBlob(blob, fileName ?? `menu-${fileSlug(branch)}.csv`);
    } catch (error) {
      setProblem(asApiError(error));
    } finally {
      setExporting(false);
    }
  };

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
