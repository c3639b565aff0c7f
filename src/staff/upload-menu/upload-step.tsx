import type { RefObject } from "react";
import type { CsvImportSummary } from "../../../contract/schemas";
import { ProblemMessage } from "../lib/problem-message";
import { ChangeList, CsvErrorTable } from "./upload-results";
import type { Step } from "./use-menu-upload";

interface UploadStepProps {
  step: Step;
  branch: string;
  busy: boolean;
  /** The result's heading: focus moves to it so keyboard and screen-reader users land on each new result. */
  resultRef: RefObject<HTMLHeadingElement | null>;
  onImport(preview: CsvImportSummary): void;
}

/** What the last step gave: the preview, every bad line, why it failed, or what was imported. */
export function UploadStep({ step, branch, busy, resultRef, onImport }: UploadStepProps) {
  return (
    <>
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
              onClick={() => step.kind === "preview" && onImport(step.summary)}
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
    </>
  );
}

function countText(summary: CsvImportSummary): string {
  const { products, groups, options } = summary.imported;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `${plural(products, "item")}, ${plural(groups, "option group")} and ${plural(options, "option")}`;
}
