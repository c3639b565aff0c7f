import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";

interface DialogProps {
  open: boolean;
  /** Escape (and, with closeOnBackdrop, a click beside the content): the caller decides by changing `open`. */
  onClose(): void;
  className: string;
  /** The accessible name: a label, or the id of the dialog's heading. */
  label?: string;
  labelledBy?: string;
  /** The page behind stays still while the dialog is open. */
  lockScroll?: boolean;
  closeOnBackdrop?: boolean;
  children: ReactNode;
}

/**
 * The app's one modal dialog, on the native <dialog>: showModal() makes the rest of the page inert
 * and moves focus to the first control inside; Tab wraps around inside instead of leaving for the
 * browser's own UI; closing returns focus to where it was. The content mounts only while open.
 */
export function Dialog({ open, onClose, className, label, labelledBy, lockScroll, closeOnBackdrop, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    if (lockScroll) root.style.overflow = "hidden";
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.close();
      if (lockScroll) root.style.overflow = previousOverflow;
      returnFocusTo?.focus({ preventScroll: true });
    };
  }, [open, lockScroll]);

  return (
    <dialog
      ref={ref}
      className={className}
      aria-label={label}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault(); // React state decides; the effect closes the dialog
        onClose();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
      onKeyDown={trapTab}
    >
      {open && children}
    </dialog>
  );
}

function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>("input, button, [href], [tabindex]")].filter(
    (element) => !element.matches(":disabled, [tabindex='-1']") && element.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
