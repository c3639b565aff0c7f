import { useId, useState, type FormEvent, type ReactNode } from "react";
import { PREP_AREAS, type PrepArea } from "../../../contract/menu";
import { DEFAULT_PRINTER_PORT, isPrinterHost, isPrinterPort, PRINTER_NAME_MAX } from "../../../contract/printers";
import type { ApiErrorDetail } from "../../../contract/schemas";
import { restated, type ApiError } from "../../shared/api-client";
import { ProblemMessage } from "../lib/problem-message";
import { PREP_AREA_NAMES } from "./printer-words";

export interface PrinterValues {
  name: string;
  host: string;
  port: number;
  prep_station: PrepArea;
  receipts: boolean;
}

type Field = "name" | "host" | "port";
type FieldErrors = Partial<Record<Field, string>>;

export const NEW_PRINTER: PrinterValues = { name: "", host: "", port: DEFAULT_PRINTER_PORT, prep_station: "kitchen", receipts: false };

interface PrinterFormProps {
  title: string;
  initial: PrinterValues;
  submitLabel: string;
  onSubmit(values: PrinterValues): Promise<void>;
  onCancel(): void;
}

/** The contract's rules (contract/printers.ts), checked before sending; the server's details land on the same fields. */
function validate(name: string, host: string, port: string): { errors: FieldErrors; ok: boolean } {
  const errors: FieldErrors = {};
  if (name.trim() === "") errors.name = "Give the printer a name, e.g. “Grill”.";
  else if (name.trim().length > PRINTER_NAME_MAX) errors.name = `At most ${PRINTER_NAME_MAX} characters.`;
  if (!isPrinterHost(host.trim().toLowerCase())) errors.host = "An IP address such as 192.168.1.50, or a host name, without the port.";
  if (!/^\d+$/.test(port.trim()) || !isPrinterPort(Number(port))) errors.port = "A port from 1 to 65535 (printers use 9100).";
  return { errors, ok: Object.keys(errors).length === 0 };
}

/** Add or edit a printer. */
export function PrinterForm({ title, initial, submitLabel, onSubmit, onCancel }: PrinterFormProps) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [host, setHost] = useState(initial.host);
  const [port, setPort] = useState(String(initial.port));
  const [prepArea, setPrepArea] = useState<PrepArea>(initial.prep_station);
  const [receipts, setReceipts] = useState(initial.receipts);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setProblem(null);
    const checked = validate(name, host, port);
    setErrors(checked.errors);
    if (!checked.ok) {
      form.querySelector<HTMLInputElement>("[aria-invalid='true']")?.focus();
      return;
    }
    setSaving(true);
    try {
      await onSubmit({ name: name.trim(), host: host.trim(), port: Number(port), prep_station: prepArea, receipts });
    } catch (error) {
      const found = restated(error, (message) => message);
      const { fieldErrors, rest } = splitFieldDetails(found.details);
      setErrors(fieldErrors);
      setProblem(restated(found, (message) => message, rest));
      setSaving(false);
    }
  };

  const field = (key: Field, label: string, hint: string, input: (props: Record<string, unknown>) => ReactNode) => (
    <div className="staff-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {input({
        id: `${id}-${key}`,
        name: key,
        "aria-invalid": errors[key] ? true : undefined,
        "aria-describedby": `${id}-${key}-${errors[key] ? "error" : "hint"}`,
      })}
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="staff-field__error">
          {errors[key]}
        </p>
      ) : (
        <p id={`${id}-${key}-hint`} className="staff-field__hint">
          {hint}
        </p>
      )}
    </div>
  );

  return (
    <form className="printer-form staff-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className="printer-form__fields">
        {field("name", "Name", "What staff call it: “Grill”, “Bar”.", (props) => (
          <input
            {...props}
            type="text"
            maxLength={PRINTER_NAME_MAX}
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        ))}
        {field("host", "Address", "The printer's IP address or host name (on its self-test slip).", (props) => (
          <input {...props} type="text" autoComplete="off" spellCheck={false} value={host} onChange={(e) => setHost(e.target.value)} />
        ))}
        {field("port", "Port", "9100 for nearly every network printer.", (props) => (
          <input {...props} type="number" inputMode="numeric" min={1} max={65535} value={port} onChange={(e) => setPort(e.target.value)} />
        ))}
        <div className="staff-field">
          <label htmlFor={`${id}-station`}>Prints for</label>
          <select id={`${id}-station`} name="prep_station" value={prepArea} onChange={(e) => setPrepArea(e.target.value as PrepArea)}>
            {PREP_AREAS.map((area) => (
              <option key={area} value={area}>
                {PREP_AREA_NAMES[area]}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label>
            <input type="checkbox" name="receipts" checked={receipts} onChange={(e) => setReceipts(e.target.checked)} /> Prints the bills
          </label>
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

function splitFieldDetails(details: ApiErrorDetail[]): { fieldErrors: FieldErrors; rest: ApiErrorDetail[] } {
  const fieldErrors: FieldErrors = {};
  const rest: ApiErrorDetail[] = [];
  for (const detail of details) {
    if (detail.path === "name" || detail.path === "host" || detail.path === "port") fieldErrors[detail.path] ??= detail.message;
    else rest.push(detail);
  }
  return { fieldErrors, rest };
}
