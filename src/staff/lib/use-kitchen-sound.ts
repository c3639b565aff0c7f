import { useEffect, useState } from "react";
import { playChime, unlockSound } from "./chime";

const SOUND_KEY = "kitchen-sound";
/** Two rising notes: a new order (a table call falls instead, so staff can tell them apart by ear). */
const NEW_ORDER_CHIME = { frequencies: [880, 1320], wave: "sine", step: 0.18, volume: 0.35 } as const;
const beep = () => playChime(NEW_ORDER_CHIME);

/** The new-order sound: on unless turned off on this device. Browsers allow it only after a tap or key press. */
export function useKitchenSound() {
  const [on, setOn] = useState(() => localStorage.getItem(SOUND_KEY) !== "off");
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!on || ready) return;
    const unlock = () => void unlockSound().then(setReady);
    unlock();
    document.addEventListener("pointerdown", unlock);
    document.addEventListener("keydown", unlock);
    return () => {
      document.removeEventListener("pointerdown", unlock);
      document.removeEventListener("keydown", unlock);
    };
  }, [on, ready]);

  const toggle = () => {
    const next = !on;
    setOn(next);
    localStorage.setItem(SOUND_KEY, next ? "on" : "off");
    if (next) void unlockSound().then((unlocked) => unlocked && beep());
  };

  const ring = () => {
    if (on) beep();
  };

  return { on, ready, toggle, ring };
}
