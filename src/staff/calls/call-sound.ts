/**
 * The table-call sound: three falling notes, unlike the kitchen's rising new-order chime, so staff
 * can tell "a table wants someone" from "a new order" without looking. Web Audio, no file to fetch.
 * Browsers let a page make sound only after a tap or key press on it: `useCallSound` unlocks on the
 * first one.
 */
import { useCallback, useEffect, useState } from "react";

let context: AudioContext | null = null;

async function unlock(): Promise<boolean> {
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") await context.resume();
    return context.state === "running";
  } catch {
    return false; // no Web Audio here: the panel still shows the call
  }
}

function chime(): void {
  const audio = context;
  if (!audio || audio.state !== "running") return;
  const start = audio.currentTime;
  [1175, 988, 784].forEach((frequency, index) => {
    const at = start + index * 0.22;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "triangle";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.21);
  });
}

/** `ring()` plays the call sound once sound is allowed; `ready` says whether it is. */
export function useCallSound() {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (ready) return;
    const onGesture = () => void unlock().then(setReady);
    onGesture();
    document.addEventListener("pointerdown", onGesture);
    document.addEventListener("keydown", onGesture);
    return () => {
      document.removeEventListener("pointerdown", onGesture);
      document.removeEventListener("keydown", onGesture);
    };
  }, [ready]);

  const ring = useCallback(() => chime(), []);
  return { ready, ring };
}
