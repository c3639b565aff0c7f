/**
 * A short two-tone chime made with Web Audio: no sound file to download or cache.
 * Browsers only let a page make sound after the user has interacted with it, so the board calls
 * `unlockSound()` on the first tap or key press.
 */
let context: AudioContext | null = null;

/** Resolves true once sound can play. */
export async function unlockSound(): Promise<boolean> {
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") await context.resume();
    return context.state === "running";
  } catch {
    return false; // no Web Audio here, or not allowed yet; the visual cue still works
  }
}

export function soundReady(): boolean {
  return context?.state === "running";
}

export function beep(): boolean {
  const audio = context;
  if (!audio || audio.state !== "running") return false;
  const start = audio.currentTime;
  [880, 1320].forEach((frequency, index) => {
    const at = start + index * 0.18;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.17);
  });
  return true;
}
