import { useId, useState, type FormEvent } from "react";
import { Choice } from "../../shared/controls";
import { PREP_AREAS, type PrepArea } from "../../../contract/menu";
import { DEFAULT_PRINTER_PORT, isPrinterHost, isPrinterPort, PRINTER_NAME_MAX } from "../../../contract/printers";
import { FormField, useFieldErrors, type FieldErrors } from "../../shared/form-field";
import { useWrite } from "../../shared/use-write";
import { FormActions } from "../lib/form-actions";
import { ProblemMessage } from "../lib/problem-message";
import { PREP_AREA_NAMES } from "../lib/prep-area-names";

export interface PrinterValues {
  name: string;
  host: string;
  port: number;
  prep_station: PrepArea;
  receipts: boolean;
}

const FIELDS = ["name", "host", "port"] as const;

export const NEW_PRINTER: PrinterValues = { name: "", host: "", port: DEFAULT_PRINTER_PORT, prep_station: "kitchen", receipts: false };

interface PrinterFormProps {
  title: string;
  initial: PrinterValues;
  submitLabel: string;
  onSubmit(values: PrinterValues): Promise<void>;
  onCancel(): void;
}

/** The contract's rules (contract/printers.ts), checked before sending; the server's details land on the same fields. */
function validate(name: string, host: string, port: string): FieldErrors<(typeof FIELDS)[number]> {
  const errors: FieldErrors<(typeof FIELDS)[number]> = {};
  if (name.trim() === "") errors.name = "Give the printer a name, e.g. “Grill”.";
  else if (name.trim().length > PRINTER_NAME_MAX) errors.name = `At most ${PRINTER_NAME_MAX} characters.`;
  if (!isPrinterHost(host.trim().toLowerCase())) errors.host = "An IP address such as 192.168.1.50, or a host name, without the port.";
  if (!/^\d+$/.test(port.trim()) || !isPrinterPort(Number(port))) errors.port = "A port from 1 to 65535 (printers use 9100).";
  return errors;
}

/** Add or edit a printer. */
export function PrinterForm({ title, initial, submitLabel, onSubmit, onCancel }: PrinterFormProps) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [host, setHost] = useState(initial.host);
  const [port, setPort] = useState(String(initial.port));
  const [prepArea, setPrepArea] = useState<PrepArea>(initial.prep_station);
  const [receipts, setReceipts] = useState(initial.receipts);
  const { errors, check, refused } = useFieldErrors(FIELDS);
  const { run, busy, problem, setProblem } = useWrite();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setProblem(null);
    if (!check(form, validate(name, host, port))) return;
    void run(() => onSubmit({ name: name.trim(), host: host.trim(), port: Number(port), prep_station: prepArea, receipts }), {
      problem: (error) => refused(form, error),
    });
  };

  return (
    <form className="printer-form staff-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className="printer-form__fields">
        <FormField id={`${id}-name`} label="Name" hint="What staff call it: “Grill”, “Bar”." error={errors.name}>
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={PRINTER_NAME_MAX}
              autoComplete="off"
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </FormField>
        <FormField
          id={`${id}-host`}
          label="Address"
          hint="The printer's IP address or host name (on its self-test slip)."
          error={errors.host}
        >
          {(props) => (
            <input
              {...props}
              name="host"
              type="text"
              autoComplete="off"
              spellCheck={false}
              value={host}
              onChange={(e) => setHost(e.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${id}-port`} label="Port" hint="9100 for nearly every network printer." error={errors.port}>
          {(props) => (
            <input
              {...props}
              name="port"
              type="number"
              inputMode="numeric"
              min={1}
              max={65535}
              value={port}
              onChange={(e) => setPort(e.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${id}-prep-area`} label="Prints for">
          {(props) => (
            <select {...props} name="prep_station" value={prepArea} onChange={(e) => setPrepArea(e.target.value as PrepArea)}>
              {PREP_AREAS.map((area) => (
                <option key={area} value={area}>
                  {PREP_AREA_NAMES[area]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="staff-field">
          <Choice name="receipts" checked={receipts} onChange={(e) => setReceipts(e.target.checked)}>
            Prints the bills
          </Choice>
        </div>
      </div>
      <ProblemMessage problem={problem} />
      <FormActions saving={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
