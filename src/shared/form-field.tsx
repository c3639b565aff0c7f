/**
 * The one form field: a label, a hint, and once there is one an error that replaces the hint, read
 * out with the field (aria-describedby) and marking it aria-invalid. `useFieldErrors` holds a form's
 * errors: the client's checks and the server's details land on the same fields, and focus moves to
 * the first invalid one.
 */
import { useCallback, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { asApiError, type ApiError } from "./api-client";
import { restated } from "./client-errors";

export interface FieldProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** The input, given its id and its aria attributes. */
  children(props: FieldProps): ReactNode;
}

export function FormField({ id, label, hint, error, children }: FormFieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error ? (
        <p id={`${id}-error`} className="staff-field__error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="staff-field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A form's field errors; `fields` are the names the server's details may point at (their `path`), or,
 * for a form whose fields follow its data (a dish's option groups), where a `path` lands, if anywhere.
 */
export function useFieldErrors<F extends string>(fields: readonly F[] | ((path: string) => F | undefined)) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  /** Shows `found` at once and moves focus to the first invalid field of `form`; true when there is none. */
  const check = useCallback((form: HTMLFormElement | null, found: FieldErrors<F>): boolean => {
    flushSync(() => setErrors(found));
    const first = form?.querySelector<HTMLElement>("[aria-invalid='true']");
    first?.focus();
    return !first;
  }, []);

  /** The server's refusal: each detail about a field lands on it; the rest is left for the form's error box. */
  const refused = (form: HTMLFormElement | null, error: unknown): ApiError => {
    const problem = asApiError(error);
    const onFields: FieldErrors<F> = {};
    const rest = problem.details.filter((detail) => {
      const field =
        typeof fields === "function"
          ? detail.path === undefined
            ? undefined
            : fields(detail.path)
          : fields.find((name) => name === detail.path);
      if (field === undefined) return true;
      onFields[field] ??= detail.message;
      return false;
    });
    check(form, onFields);
    return restated(problem, (message) => message, rest);
  };

  return { errors, setErrors, check, refused };
}
