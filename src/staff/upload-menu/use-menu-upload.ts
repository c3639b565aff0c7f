import { useEffect, useState } from "react";
import type { CsvImportSummary } from "../../../contract/schemas";
import { ApiError, asApiError } from "../../shared/api-client";
import { staffApi } from "../lib/staff-api";

export type Step =
  | { kind: "idle" }
  | { kind: "checking"; progress: number | null }
  | { kind: "invalid"; problem: ApiError }
  | { kind: "preview"; summary: CsvImportSummary }
  | { kind: "importing"; progress: number | null; preview: CsvImportSummary }
  | { kind: "done"; summary: CsvImportSummary }
  | { kind: "failed"; problem: ApiError };

/**
 * The upload's two steps: a dry run (`check`) that gives a preview or every bad line, then the real,
 * all-or-nothing import of the same file. `onNoFile` hears the server say no file came.
 */
export function useMenuUpload(branchId: number, onNoFile: () => void) {
  const [step, setStep] = useState<Step>({ kind: "idle" });

  // A preview is only valid for the branch it was made for.
  useEffect(() => setStep({ kind: "idle" }), [branchId]);

  const failureStep = (error: unknown): Step => {
    const problem = asApiError(error);
    if (problem.code === "file_required") {
      onNoFile();
      return { kind: "idle" };
    }
    return { kind: problem.code === "invalid_csv" ? "invalid" : "failed", problem };
  };

  const check = async (file: File) => {
    setStep({ kind: "checking", progress: 0 });
    try {
      const summary = await staffApi.uploadMenuCsv(branchId, file, true, (progress) => setStep({ kind: "checking", progress }));
      setStep({ kind: "preview", summary });
    } catch (error) {
      setStep(failureStep(error));
    }
  };

  /** True once imported. */
  const importForReal = async (file: File, preview: CsvImportSummary) => {
    setStep({ kind: "importing", progress: 0, preview });
    try {
      const summary = await staffApi.uploadMenuCsv(branchId, file, false, (progress) => setStep({ kind: "importing", progress, preview }));
      setStep({ kind: "done", summary });
      return true;
    } catch (error) {
      setStep(failureStep(error));
      return false;
    }
  };

  return { step, reset: () => setStep({ kind: "idle" }), check, importForReal };
}
