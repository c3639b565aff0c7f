import { FormField } from "../../shared/form-field";

interface AmountFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  required?: boolean;
}

/** A sum of money (or a percent) typed on the tablet's number pad, as text: the server parses and checks it. */
export function AmountField({ id, label, value, onChange, placeholder, required }: AmountFieldProps) {
  return (
    <FormField id={id} label={label}>
      {(props) => (
        <input
          {...props}
          type="text"
          inputMode="decimal"
          placeholder={placeholder}
          required={required}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
