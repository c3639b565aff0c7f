/**
 * Short chimes made with Web Audio: no sound file to download or cache. Browsers let a page make
 * sound only after a tap or key press on it, so a screen calls `unlockSound()` on the first one.
 */
let context: AudioContext | null = null;

/** Resolves true once sound can play. */
export async function unlockSound(): Promise<boolean> {
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") await context.resume();
    return context.state === "running";
  } catch {
    return false; // no Web Audio here, or not allowed yet: the screen's visual cue still works
  }
}

export interface Chime {
  /** The notes, played one after another. */
  frequencies: readonly number[];
  wave: OscillatorType;
  /** Seconds from one note to the next. */
  step: number;
  volume: number;
}

/** Plays the chime; false when sound is not allowed (yet). */
export function playChime({ frequencies, wave, step, volume }: Chime): boolean {
  const audio = context;
  if (!audio || audio.state !== "running") return false;
  const start = audio.currentTime;
  frequencies.forEach((frequency, index) => {
    const at = start + index * step;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = wave;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(volume, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + step - 0.02);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + step - 0.01);
  });
  return true;
}
