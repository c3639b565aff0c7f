import { useId, type ReactNode } from "react";
import { Dialog } from "../../shared/dialog";

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

/** "Are you sure?" for destructive actions. The safe choice comes first, so it has focus. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Keep it",
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={() => !busy && onCancel()} className="staff-dialog" labelledBy={titleId}>
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
    </Dialog>
  );
}
