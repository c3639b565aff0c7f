/**
 * The table-call sound: three falling notes, unlike the kitchen's rising new-order chime, so staff
 * can tell "a table wants someone" from "a new order" without looking.
 */
import { useCallback, useEffect, useState } from "react";
import { playChime, unlockSound } from "../lib/chime";

/** Three falling notes. */
const CALL_CHIME = { frequencies: [1175, 988, 784], wave: "triangle", step: 0.22, volume: 0.4 } as const;

/** `ring()` plays the call sound once sound is allowed; `ready` says whether it is. */
export function useCallSound() {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (ready) return;
    const onGesture = () => void unlockSound().then(setReady);
    onGesture();
    document.addEventListener("pointerdown", onGesture);
    document.addEventListener("keydown", onGesture);
    return () => {
      document.removeEventListener("pointerdown", onGesture);
      document.removeEventListener("keydown", onGesture);
    };
  }, [ready]);

  const ring = useCallback(() => void playChime(CALL_CHIME), []);
  return { ready, ring };
}
