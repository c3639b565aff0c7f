import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../shared/api-client";
import { useWrite } from "../../shared/use-write";

interface ConfirmedDeleteOptions<T> {
  remove(item: T): Promise<unknown>;
  /** What the announcement calls it: "Station Patio 10" → "Station Patio 10 deleted." */
  name(item: T): string;
  announce(message: string): void;
  reload(): void;
  /** The element that takes focus once the item, and the button that asked, are gone. */
  focusAfterId: string;
}

/**
 * The staff screens' one delete flow, for a ConfirmDialog (`dialog`): `ask(item)` opens it;
 * confirming deletes while the dialog is busy, and a refusal stays in it as `problem`. A 404 means
 * another tablet deleted it first, so it is gone all the same: either way the screen announces it,
 * reads its list again and moves focus to `focusAfterId`.
 */
export function useConfirmedDelete<T>({ remove, name, announce, reload, focusAfterId }: ConfirmedDeleteOptions<T>) {
  const [item, setItem] = useState<T | null>(null);
  const { run, busy, problem, setProblem } = useWrite();
  const focusOnClose = useRef(false);

  // Once the dialog has closed: closing returns focus to the Delete button, which is about to go.
  useEffect(() => {
    if (item !== null || !focusOnClose.current) return;
    focusOnClose.current = false;
    document.getElementById(focusAfterId)?.focus();
  }, [item, focusAfterId]);

  const gone = (message: string) => {
    focusOnClose.current = true;
    setItem(null);
    announce(message);
    reload();
  };

  const confirm = async (asked: T) => {
    let alreadyGone = false;
    const deleted = await run(async () => {
      try {
        await remove(asked);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        alreadyGone = true;
      }
    });
    if (deleted) gone(alreadyGone ? `${name(asked)} was already deleted.` : `${name(asked)} deleted.`);
  };

  const cancel = () => {
    setItem(null);
    setProblem(null);
  };

  return {
    item,
    problem,
    ask: (asked: T) => setItem(() => asked),
    dialog: { open: item !== null, busy, onConfirm: () => void (item && confirm(item)), onCancel: cancel },
  };
}
