import { useEffect, useState } from "react";
import { beep, unlockSound } from "./beep";

const SOUND_KEY = "kitchen-sound";

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
