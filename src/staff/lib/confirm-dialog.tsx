import { useEffect, useId, useRef, type ReactNode } from "react";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * "Are you sure?" for destructive actions, as a modal <dialog>: the browser traps focus, Escape
 * cancels, and focus returns to the button that opened it. The safe choice has focus first.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = "Keep it", busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="staff-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
          <div className="staff-actions">
            <button type="button" className="staff-button" autoFocus onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </button>
            <button type="button" className="staff-button staff-button--danger" onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
