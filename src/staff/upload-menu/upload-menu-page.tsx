import { useEffect, useRef, useState, type FormEvent } from "react";
import type { CsvImportSummary } from "../../../contract/schemas";
import { staffApi } from "../lib/staff-api";
import { ApiError, asApiError } from "../../shared/api-client";
import { branchName } from "../../../contract/menu";
import { useBranchId } from "../branch/branch-store";
import { ProblemMessage } from "../lib/problem-message";
import { fileSlug, saveBlob } from "../lib/save-file";
import { useDocumentTitle } from "../../shared/use-document-title";
import { ChangeList, CsvErrorTable } from "./upload-results";
import "./upload-menu.css";

type Step =
  | { kind: "idle" }
  | { kind: "checking"; progress: number | null }
  | { kind: "invalid"; problem: ApiError }
  | { kind: "preview"; summary: CsvImportSummary }
  | { kind: "importing"; progress: number | null; preview: CsvImportSummary }
  | { kind: "done"; summary: CsvImportSummary }
  | { kind: "failed"; problem: ApiError };

const FILE_REQUIRED = "File required.";

/**
 * Menu CSV upload, in two steps: a dry run that shows what would change (or every bad line), then
 * the real, all-or-nothing import once staff confirm. Also the current menu and the template as files.
 */
export default function UploadMenuPage() {
  useDocumentTitle("Upload menu · Limitless staff");
  const branchId = useBranchId();
  const branch = branchName(branchId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [exportProblem, setExportProblem] = useState<ApiError | null>(null);
  const [exporting, setExporting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  // A preview is only valid for the branch it was made for.
  useEffect(() => setStep({ kind: "idle" }), [branchId]);

  // Move focus to each new result so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (step.kind !== "idle" && step.kind !== "checking" && step.kind !== "importing") resultRef.current?.focus();
  }, [step.kind]);

  const send = (chosen: File, dryRun: boolean, onProgress: (fraction: number | null) => void) =>
    staffApi.uploadMenuCsv(branchId, chosen, dryRun, onProgress);

  const failureStep = (error: unknown): Step => {
    if (error instanceof ApiError && error.code === "file_required") {
      setFileError(FILE_REQUIRED);
      inputRef.current?.focus();
      return { kind: "idle" };
    }
    const problem = asApiError(error);
    if (error instanceof ApiError && error.code === "invalid_csv") return { kind: "invalid", problem };
    return { kind: "failed", problem };
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(FILE_REQUIRED);
      inputRef.current?.focus();
      return;
    }
    setFileError(null);
    setStep({ kind: "checking", progress: 0 });
    try {
      const summary = await send(file, true, (progress) => setStep({ kind: "checking", progress }));
      setStep({ kind: "preview", summary });
    } catch (error) {
      setStep(failureStep(error));
    }
  };

  const importForReal = async (preview: CsvImportSummary) => {
    if (!file) return;
    setStep({ kind: "importing", progress: 0, preview });
    try {
      const summary = await send(file, false, (progress) => setStep({ kind: "importing", progress, preview }));
      setStep({ kind: "done", summary });
      setFile(null);
      formRef.current?.reset();
    } catch (error) {
      setStep(failureStep(error));
    }
  };

  const exportMenu = async () => {
    setExportProblem(null);
    setExporting(true);
    try {
      const { blob, fileName } = await staffApi.exportMenuCsv(branchId);
      saveBlob(blob, fileName ?? `menu-${fileSlug(branch)}.csv`);
    } catch (error) {
      setExportProblem(asApiError(error));
    } finally {
      setExporting(false);
    }
  };

  const busy = step.kind === "checking" || step.kind === "importing";

  return (
    <section className="upload-menu" aria-labelledby="upload-title">
      <h1 id="upload-title" className="staff-page-title">
        Upload menu · {branch}
      </h1>
      <p>
        A CSV file replaces the whole {branch} menu. You will see exactly what changes, and every line with a problem, before anything is
        replaced.
      </p>

      <div className="staff-actions upload-menu__downloads">
        <button type="button" className="staff-button" onClick={() => void exportMenu()} disabled={exporting}>
          {exporting ? "Preparing…" : `Download current ${branch} menu (CSV)`}
        </button>
        <a className="staff-button" href="/menu-template.csv" download="menu-template.csv">
          Download template (CSV)
        </a>
      </div>
      <ProblemMessage problem={exportProblem} />

      <form ref={formRef} className="staff-form upload-menu__form" noValidate onSubmit={check}>
        <div className="staff-field">
          <label htmlFor="menu">Menu file (CSV)</label>
          <input
            ref={inputRef}
            id="menu"
            name="menu"
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? "menu-error" : "menu-hint"}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
              setStep({ kind: "idle" });
            }}
          />
          {fileError ? (
            <p id="menu-error" className="staff-field__error" role="alert">
              {fileError}
            </p>
          ) : (
            <p id="menu-hint" className="staff-field__hint">
              Same columns as the template. Save from a spreadsheet as “CSV UTF-8”.
            </p>
          )}
        </div>
        <div className="staff-actions">
          <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
            Check file
          </button>
        </div>
      </form>

      {busy && (
        <div className="upload-menu__progress" role="status">
          <label htmlFor="upload-progress">
            {step.kind === "checking" ? "Checking the file" : "Importing"}
            {step.progress !== null && step.progress < 1 ? ` — uploading ${Math.round(step.progress * 100)}%` : "…"}
          </label>
          <progress id="upload-progress" max={1} value={step.progress ?? undefined} />
        </div>
      )}

      {(step.kind === "preview" || step.kind === "importing") && (
        <section className="upload-menu__result" aria-labelledby="preview-title">
          <h2 id="preview-title" ref={resultRef} tabIndex={-1}>
            Preview: the file is valid
          </h2>
          <p>
            Importing it would give {branch} <strong>{countText(step.kind === "preview" ? step.summary : step.preview)}</strong>. Nothing
            has been replaced yet.
          </p>
          <ChangeList summary={step.kind === "preview" ? step.summary : step.preview} />
          <div className="staff-actions">
            <button
              type="button"
              className="staff-button staff-button--primary staff-button--big"
              disabled={busy}
              onClick={() => step.kind === "preview" && void importForReal(step.summary)}
            >
              Replace the {branch} menu
            </button>
          </div>
        </section>
      )}

      {step.kind === "invalid" && (
        <section className="upload-menu__result upload-menu__result--bad" aria-labelledby="invalid-title">
          <h2 id="invalid-title" ref={resultRef} tabIndex={-1}>
            {step.problem.details.length === 1 ? "1 problem" : `${step.problem.details.length} problems`} in the file — nothing was changed
          </h2>
          <p>{step.problem.message}</p>
          <CsvErrorTable details={step.problem.details} />
          <p>Fix these lines and check the file again.</p>
        </section>
      )}

      {step.kind === "failed" && (
        <section className="upload-menu__result" aria-labelledby="failed-title">
          <h2 id="failed-title" ref={resultRef} tabIndex={-1}>
            The upload did not go through — nothing was changed
          </h2>
          <ProblemMessage problem={step.problem} />
        </section>
      )}

      {step.kind === "done" && (
        <section className="upload-menu__result upload-menu__result--good" aria-labelledby="done-title">
          <h2 id="done-title" ref={resultRef} tabIndex={-1}>
            Menu imported
          </h2>
          <p>
            {branch} now has <strong>{countText(step.summary)}</strong>. Open menus on diners' phones pick it up on their next refresh.
          </p>
          <ChangeList summary={step.summary} done />
        </section>
      )}
    </section>
  );
}

function countText(summary: CsvImportSummary): string {
  const { products, groups, options } = summary.imported;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `${plural(products, "item")}, ${plural(groups, "option group")} and ${plural(options, "option")}`;
}
