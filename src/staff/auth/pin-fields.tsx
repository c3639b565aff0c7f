import { ApiError, asApiError } from "../../shared/api-client";
import { clientError } from "../../shared/client-errors";
import { FormField } from "../../shared/form-field";

interface PinFieldsProps {
  /** Keeps the fields' ids apart from another form's on the page. */
  idPrefix: string;
  /** Whose e-mail and PIN: "Your", "Manager's". */
  whose: string;
  email: string;
  pin: string;
  onEmail(email: string): void;
  onPin(pin: string): void;
}

/**
 * A person's e-mail and PIN typed on a shared tablet: taking the tablet over (switch-user.tsx) or a
 * manager approving on someone else's session (the check's approval dialog).
 */
export function PinFields({ idPrefix, whose, email, pin, onEmail, onPin }: PinFieldsProps) {
  return (
    <>
      <FormField id={`${idPrefix}-email`} label={`${whose} e-mail`}>
        {(props) => <input {...props} type="email" autoComplete="off" required value={email} onChange={(e) => onEmail(e.target.value)} />}
      </FormField>
      <FormField id={`${idPrefix}-pin`} label={`${whose} PIN`}>
        {(props) => (
          <input
            {...props}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            required
            value={pin}
            onChange={(e) => onPin(e.target.value)}
          />
        )}
      </FormField>
    </>
  );
}

/** What a refused PIN says: a wrong PIN is a 401 of its own (the tablet's session is untouched), shown as the form's problem. */
export const pinProblem = (error: unknown) =>
  error instanceof ApiError && error.code === "invalid_credentials" ? clientError(error.message) : asApiError(error);
