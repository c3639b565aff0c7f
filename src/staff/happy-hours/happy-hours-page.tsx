import { useEffect, useState, type FormEvent } from "react";
import { focusLater } from "../../shared/focus";
import { branchName } from "../../../contract/menu";
import { HAPPY_HOURS_MAX } from "../../../contract/happy-hour";
import type { Branch } from "../../../contract/schemas";
import { api } from "../../shared/api";
import { Choice } from "../../shared/controls";
import { FormField, useFieldErrors } from "../../shared/form-field";
import { formatWeekday } from "../../shared/i18n/format";
import { describeHappyHours } from "../../shared/i18n/happy-hours-text";
import { useDocumentTitle } from "../../shared/use-document-title";
import { useServerData } from "../../shared/use-server-data";
import { useWrite } from "../../shared/use-write";
import { useBranchId } from "../branch/branch-store";
import { ProblemMessage } from "../lib/problem-message";
import { branchEventsPath, staffApi } from "../lib/staff-api";
import { checkWindows, NEW_WINDOW, toWindows, type WindowDraft } from "./happy-hours-rules";
import "./happy-hours.css";

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * A branch's happy hours (API.md "Happy hours"): several windows, each its weekdays and its times in
 * the branch's time zone. Checked before sending, each message on its field; saved at once for every
 * open menu (`branch.updated`) and in the audit log. Owners and managers only.
 */
export default function HappyHoursPage() {
  const branchId = useBranchId();
  const branch = branchName(branchId);
  useDocumentTitle(`Happy hours · ${branch} · Limitless staff`);
  const { state, reload, update } = useServerData<number, Branch>({
    key: branchId,
    stream: branchEventsPath(branchId),
    load: (id) => api.branch(id),
    reduce: (_shown, event, id) => (event.type === "branch.updated" && event.data.id === id ? event.data : undefined),
  });

  return (
    <section className="happy-hours" aria-labelledby="happy-hours-title">
      <h1 id="happy-hours-title" className="staff-page-title">
        Happy hours · {branch}
      </h1>
      {state.status === "loading" ? (
        <p role="status">Loading the happy hours…</p>
      ) : state.status === "failed" ? (
        <ProblemMessage problem={state.error} onRetry={reload} />
      ) : (
        <HappyHoursForm key={branchId} branch={state.data} onSaved={(saved) => update(() => saved)} />
      )}
    </section>
  );
}

function HappyHoursForm({ branch, onSaved }: { branch: Branch; onSaved(branch: Branch): void }) {
  const [drafts, setDrafts] = useState<WindowDraft[]>(() => branch.happy_hours.map((window) => ({ ...window })));
  // The server's details name `index.field`, as the form's own checks do.
  const fields = ["list", ...drafts.flatMap((_, index) => [`${index}.weekdays`, `${index}.from`, `${index}.to`])];
  const { errors, setErrors, check, refused } = useFieldErrors(fields);
  const { run, busy: saving, problem, setProblem } = useWrite();
  const [notice, setNotice] = useState("");
  const [dirty, setDirty] = useState(false);

  // Saved elsewhere (another tablet) while nothing was changed here: show the branch's windows as they are.
  useEffect(() => {
    if (!dirty) setDrafts(branch.happy_hours.map((window) => ({ ...window })));
  }, [branch, dirty]);

  const change = (next: WindowDraft[]) => {
    setDrafts(next);
    setDirty(true);
    setNotice("");
    if (Object.keys(errors).length > 0) setErrors(checkWindows(next));
  };
  const setWindow = (index: number, window: WindowDraft) => change(drafts.map((draft, i) => (i === index ? window : draft)));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setProblem(null);
    setNotice("");
    const found = checkWindows(drafts);
    check(form, found);
    if (Object.keys(found).length > 0) return;
    void run(
      async () => {
        const saved = await staffApi.setHappyHours(branch.id, toWindows(drafts));
        setDirty(false);
        onSaved(saved);
        setNotice(
          saved.happy_hours.length === 0
            ? "Saved: no happy hour. Open menus show the regular prices."
            : `Saved: ${describeHappyHours(saved.happy_hours, "en")}. Open menus follow at once.`,
        );
      },
      { problem: (error) => refused(form, error) },
    );
  };

  const remove = (index: number) => {
    change(drafts.filter((_, i) => i !== index));
    // The removed window's button is gone: focus goes to the next window's first day, or to Add.
    focusLater(() => document.querySelector<HTMLElement>(`#happy-window-${index} input`) ?? document.getElementById("happy-hours-add"));
  };

  return (
    <form className="staff-form happy-hours__form" noValidate onSubmit={submit} aria-label="Happy hours">
      <p className="staff-field__hint">
        Times are {branch.time_zone.replace("_", " ")} time. A window runs from its start up to (not including) its end. The server prices
        every order by the window it is placed in; diners' menus show both prices and when it ends.
      </p>
      {drafts.length === 0 && <p className="staff-notice">No happy hour at {branch.name}: every price is the regular one.</p>}
      <ol className="happy-hours__windows">
        {drafts.map((window, index) => (
          <li key={index} id={`happy-window-${index}`} className="happy-hours__window">
            <fieldset
              className="happy-hours__days"
              aria-describedby={errors[`${index}.weekdays`] ? `happy-${index}-days-error` : undefined}
            >
              <legend>Window {index + 1}: days</legend>
              {WEEKDAYS.map((day) => (
                <Choice
                  key={day}
                  checked={window.weekdays.includes(day)}
                  aria-invalid={errors[`${index}.weekdays`] ? true : undefined}
                  onChange={(event) =>
                    setWindow(index, {
                      ...window,
                      weekdays: event.target.checked ? [...window.weekdays, day] : window.weekdays.filter((d) => d !== day),
                    })
                  }
                >
                  {formatWeekday(day, "en")}
                </Choice>
              ))}
              {errors[`${index}.weekdays`] && (
                <p id={`happy-${index}-days-error`} className="staff-field__error">
                  {errors[`${index}.weekdays`]}
                </p>
              )}
            </fieldset>
            <div className="happy-hours__times">
              <FormField id={`happy-${index}-from`} label={`Window ${index + 1}: from`} error={errors[`${index}.from`]}>
                {(props) => (
                  <input
                    {...props}
                    type="time"
                    step={60}
                    value={window.from}
                    onChange={(e) => setWindow(index, { ...window, from: e.target.value })}
                  />
                )}
              </FormField>
              <FormField id={`happy-${index}-to`} label={`Window ${index + 1}: to`} error={errors[`${index}.to`]}>
                {(props) => (
                  <input
                    {...props}
                    type="time"
                    step={60}
                    value={window.to}
                    onChange={(e) => setWindow(index, { ...window, to: e.target.value })}
                  />
                )}
              </FormField>
              <button type="button" className="staff-button staff-button--danger happy-hours__remove" onClick={() => remove(index)}>
                Remove window {index + 1}
              </button>
            </div>
          </li>
        ))}
      </ol>
      {errors.list && <p className="staff-field__error">{errors.list}</p>}
      <div className="staff-actions">
        <button
          id="happy-hours-add"
          type="button"
          className="staff-button"
          disabled={drafts.length >= HAPPY_HOURS_MAX}
          onClick={() => change([...drafts, { ...NEW_WINDOW }])}
        >
          Add a window
        </button>
        <button type="submit" className="staff-button staff-button--primary" disabled={saving}>
          {saving ? "Saving…" : "Save happy hours"}
        </button>
      </div>
      <ProblemMessage problem={problem} />
      <p className="staff-notice happy-hours__notice" role="status" hidden={!notice}>
        {notice}
      </p>
    </form>
  );
}
