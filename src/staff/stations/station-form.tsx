import { useId, useState, type FormEvent } from "react";
import type { ApiErrorDetail } from "../../../contract/schemas";
import { restated, type ApiError } from "../../shared/api-client";
import { ProblemMessage } from "../lib/problem-message";
import { validateDiningTable, type DiningTableFieldErrors, type DiningTableValues } from "../../../contract/form-rules";

interface StationFormProps {
  title: string;
  initial: DiningTableValues;
  submitLabel: string;
  onSubmit(values: DiningTableValues): Promise<void>;
  onCancel(): void;
}

/** Create or edit a station. Client checks first; the server's validation details land on the same fields. */
export function StationForm({ title, initial, submitLabel, onSubmit, onCancel }: StationFormProps) {
  const id = useId();
  const [codename, setCodename] = useState(initial.codename);
  const [capacity, setCapacity] = useState(String(initial.capacity));
  const [errors, setErrors] = useState<DiningTableFieldErrors>({});
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setProblem(null);
    const checked = validateDiningTable(codename, capacity);
    setErrors(checked.errors);
    if (!checked.values) {
      form.querySelector<HTMLInputElement>("[aria-invalid='true']")?.focus();
      return;
    }
    setSaving(true);
    try {
      await onSubmit(checked.values);
    } catch (error) {
      const found = restated(error, (message) => message);
      const { fieldErrors, rest } = splitFieldDetails(found.details);
      setErrors(fieldErrors);
      setProblem(restated(found, (message) => message, rest));
      setSaving(false);
    }
  };

  return (
    <form className="station-form staff-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className="station-form__fields">
        <div className="staff-field">
          <label htmlFor={`${id}-codename`}>Codename</label>
          <input
            id={`${id}-codename`}
            name="codename"
            type="text"
            maxLength={40}
            autoComplete="off"
            value={codename}
            onChange={(event) => setCodename(event.target.value)}
            aria-invalid={errors.codename ? true : undefined}
            aria-describedby={errors.codename ? `${id}-codename-error` : `${id}-codename-hint`}
          />
          {errors.codename ? (
            <p id={`${id}-codename-error`} className="staff-field__error">
              {errors.codename}
            </p>
          ) : (
            <p id={`${id}-codename-hint`} className="staff-field__hint">
              The table's name or number, as printed on its QR card.
            </p>
          )}
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-capacity`}>Capacity</label>
          <input
            id={`${id}-capacity`}
            name="capacity"
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            step={1}
            value={capacity}
            onChange={(event) => setCapacity(event.target.value)}
            aria-invalid={errors.capacity ? true : undefined}
            aria-describedby={errors.capacity ? `${id}-capacity-error` : `${id}-capacity-hint`}
          />
          {errors.capacity ? (
            <p id={`${id}-capacity-error`} className="staff-field__error">
              {errors.capacity}
            </p>
          ) : (
            <p id={`${id}-capacity-hint`} className="staff-field__hint">
              Seats, 1 to 99.
            </p>
          )}
        </div>
      </div>
      <ProblemMessage problem={problem} />
      <div className="staff-actions">
        <button type="submit" className="staff-button staff-button--primary" disabled={saving}>
          {saving ? "Saving…" : submitLabel}
        </button>
        <button type="button" className="staff-button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function splitFieldDetails(details: ApiErrorDetail[]): { fieldErrors: DiningTableFieldErrors; rest: ApiErrorDetail[] } {
  const fieldErrors: DiningTableFieldErrors = {};
  const rest: ApiErrorDetail[] = [];
  for (const detail of details) {
    if (detail.path === "codename" || detail.path === "capacity") fieldErrors[detail.path] ??= detail.message;
    else rest.push(detail);
  }
  return { fieldErrors, rest };
}
