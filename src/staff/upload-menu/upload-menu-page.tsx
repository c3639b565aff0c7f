import { useEffect, useRef, useState, type FormEvent } from "react";
import { FilePicker } from "../../shared/controls";
import { branchName } from "../../../contract/menu";
import { FormField, useFieldErrors } from "../../shared/form-field";
import { useDocumentTitle } from "../../shared/use-document-title";
import { useBranchId } from "../branch/branch-store";
import { MenuDownloads } from "./menu-downloads";
import { UploadStep } from "./upload-step";
import { useMenuUpload } from "./use-menu-upload";
import "./upload-menu.css";

const FILE_REQUIRED = { menu: "File required." };

/**
 * Menu CSV upload, in two steps: a dry run that shows what would change (or every bad line), then
 * the real, all-or-nothing import once staff confirm. Also the current menu and the template as files.
 */
export default function UploadMenuPage() {
  useDocumentTitle("Upload menu · Limitless staff");
  const branchId = useBranchId();
  const branch = branchName(branchId);
  const [file, setFile] = useState<File | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const { errors, setErrors, check: showErrors } = useFieldErrors(["menu"] as const);
  const { step, reset, check, importForReal } = useMenuUpload(branchId, () => showErrors(formRef.current, FILE_REQUIRED));

  // Move focus to each new result so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (step.kind !== "idle" && step.kind !== "checking" && step.kind !== "importing") resultRef.current?.focus();
  }, [step.kind]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (showErrors(event.currentTarget, file ? {} : FILE_REQUIRED) && file) void check(file);
  };

  const importFile = async (preview: Parameters<typeof importForReal>[1]) => {
    if (!file || !(await importForReal(file, preview))) return;
    setFile(null);
    formRef.current?.reset();
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
      <MenuDownloads branchId={branchId} branch={branch} />

      <form ref={formRef} className="staff-form upload-menu__form" noValidate onSubmit={submit}>
        <FormField
          id="menu"
          label="Menu file (CSV)"
          hint="Same columns as the template. Save from a spreadsheet as “CSV UTF-8”."
          error={errors.menu}
        >
          {(props) => (
            <FilePicker
              {...props}
              chooseLabel={`Choose the ${branch} menu file`}
              fileName={file?.name ?? null}
              noneLabel="No file chosen yet"
              name="menu"
              accept=".csv,text/csv"
              disabled={busy}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setErrors({});
                reset();
              }}
            />
          )}
        </FormField>
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
      <UploadStep step={step} branch={branch} busy={busy} resultRef={resultRef} onImport={(preview) => void importFile(preview)} />
    </section>
  );
}
