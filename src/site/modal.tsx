import { useEffect, useRef, type ReactNode } from "react";
import "./modal.css";

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the dialog. */
  label: string;
  children: ReactNode;
}

/**
 * Full-screen dark overlay (the spec's Modal), built on the native <dialog>: showModal() makes
 * the rest of the page inert, so focus stays inside, and Escape fires "cancel". While open the
 * page cannot scroll; closing restores the scrolling and returns focus to where it was.
 */
export function Modal({ open, onClose, label, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = "hidden";
    dialog.showModal();
    closeRef.current?.focus();
    return () => {
      dialog.close();
      root.style.overflow = previousOverflow;
      returnFocusTo?.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault(); // React state decides; the effect closes the dialog
        onClose();
      }}
      onClick={(event) => {
        // A click on the dark overlay itself (not on the content) closes too.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="modal-content">
          <button type="button" className="modal-close" onClick={onClose} ref={closeRef}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Close</span>
          </button>
          {children}
        </div>
      )}
    </dialog>
  );
}
