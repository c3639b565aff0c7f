/**
 * The staff app's one set of form controls (docs/decisions/0031): every input, select, text box,
 * checkbox, radio, file picker and button is at least 44 × 44 CSS px to tap, in the body font, styled
 * by controls.css. Text fields, selects and text boxes are the native elements inside a `FormField`
 * (the stylesheet draws them); a checkbox or radio is a `Choice` (its whole label is the target); a
 * file is chosen with a `FilePicker`, which says what the file is for.
 */
import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";
import "./controls.css";

type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { type?: "checkbox" | "radio"; children: ReactNode };

/** A checkbox (or a radio) and its words, one 44 px tall target. */
export function Choice({ type = "checkbox", children, className, ...input }: ChoiceProps) {
  return (
    <label className={`control-choice${className ? ` ${className}` : ""}`}>
      <input type={type} {...input} />
      <span>{children}</span>
    </label>
  );
}

type FilePickerProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  id: string;
  /** What the button says: what the file is for ("Choose a photo of Sisig"). */
  chooseLabel: string;
  /** The file chosen, if any (its name shows beside the button). */
  fileName: string | null;
  /** Shown while none is chosen ("No photo chosen"). */
  noneLabel: string;
};

/**
 * A file field that says what it is for: a button-sized label naming the file wanted, and the chosen
 * file's name beside it (the browser's own reads "Choose File · No file chosen", cut short on a tablet).
 * The input itself stays in the page, focusable and labelled (its FormField's label and this one).
 */
export const FilePicker = forwardRef<HTMLInputElement, FilePickerProps>(function FilePicker(
  { id, chooseLabel, fileName, noneLabel, className, ...input },
  ref,
) {
  return (
    <div className={`control-file${className ? ` ${className}` : ""}`}>
      <input ref={ref} id={id} type="file" className="control-file__input" {...input} />
      <label htmlFor={id} className="staff-button control-file__button">
        {chooseLabel}
      </label>
      <span className="control-file__name">{fileName ?? noneLabel}</span>
    </div>
  );
});
