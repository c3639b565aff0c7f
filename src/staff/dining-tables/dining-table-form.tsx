import { useId, useState, type FormEvent } from "react";
import { FormField, useFieldErrors } from "../../shared/form-field";
import { useWrite } from "../../shared/use-write";
import { FormActions } from "../lib/form-actions";
import { ProblemMessage } from "../lib/problem-message";
import { validateDiningTable, type DiningTableValues } from "../../../contract/form-rules";

interface DiningTableFormProps {
  title: string;
  initial: DiningTableValues;
  submitLabel: string;
  onSubmit(values: DiningTableValues): Promise<void>;
  onCancel(): void;
}

/** Create or edit a table. Client checks first; the server's validation details land on the same fields. */
export function DiningTableForm({ title, initial, submitLabel, onSubmit, onCancel }: DiningTableFormProps) {
  const id = useId();
  const [codename, setCodename] = useState(initial.codename);
  const [capacity, setCapacity] = useState(String(initial.capacity));
  const { errors, check, refused } = useFieldErrors(["codename", "capacity"] as const);
  const { run, busy, problem, setProblem } = useWrite();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setProblem(null);
    const { errors: found, values } = validateDiningTable(codename, capacity);
    if (!check(form, found) || !values) return;
    void run(() => onSubmit(values), { problem: (error) => refused(form, error) });
  };

  return (
    <form className="dining-table-form staff-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className="dining-table-form__fields">
        <FormField
          id={`${id}-codename`}
          label="Table name or number"
          hint="What is printed on the table, e.g. 12 or Patio 3. A number alone shows as “Table 12”."
          error={errors.codename}
        >
          {(props) => (
            <input
              {...props}
              name="codename"
              type="text"
              maxLength={40}
              autoComplete="off"
              value={codename}
              onChange={(event) => setCodename(event.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${id}-capacity`} label="Capacity" hint="Seats, 1 to 99." error={errors.capacity}>
          {(props) => (
            <input
              {...props}
              name="capacity"
              type="number"
              inputMode="numeric"
              min={1}
              max={99}
              step={1}
              value={capacity}
              onChange={(event) => setCapacity(event.target.value)}
            />
          )}
        </FormField>
      </div>
      <ProblemMessage problem={problem} />
      <FormActions saving={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
