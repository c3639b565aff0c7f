/**
 * How hard the property-based and fuzz tests search. `npm test` runs a short, fixed-seed search, so
 * a failure there reproduces on every machine; `npm run test:reliability` sets RELIABILITY_LONG=1 for
 * a longer search from a fresh seed each time (fast-check prints the seed and path of a failure;
 * FC_SEED replays it). PROPERTY_RUNS / FUZZ_RUNS override the run counts directly.
 */
import type { Parameters } from "fast-check";

export const RELIABILITY_LONG = process.env.RELIABILITY_LONG === "1";

/** The seed of the short search: any fixed number would do, this one is just written down. */
export const FIXED_SEED = 20_251_111;

function envInteger(name: string): number | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0, got "${raw}"`);
  return value;
}

function seed(): number {
  const fixed = envInteger("FC_SEED");
  if (fixed !== undefined) return fixed;
  return RELIABILITY_LONG ? Date.now() % 2_147_483_647 : FIXED_SEED;
}

/** fast-check parameters for a property: `shortRuns` in `npm test`, `longRuns` in the long search. */
export function propertySettings<T>(shortRuns: number, longRuns = shortRuns * 20): Parameters<T> {
  return { seed: seed(), numRuns: envInteger("PROPERTY_RUNS") ?? (RELIABILITY_LONG ? longRuns : shortRuns) };
}

/** A property test's time limit: generous in `npm test` (two busy cores), long in the long search. */
export const PROPERTY_TIMEOUT_MS = RELIABILITY_LONG ? 1_800_000 : 30_000;

/** The fuzz run's request count: FUZZ_RUNS, or the short / long default. */
export function fuzzRuns(shortRuns: number, longRuns: number): number {
  return envInteger("FUZZ_RUNS") ?? (RELIABILITY_LONG ? longRuns : shortRuns);
}

export function fuzzSeed(): number {
  return seed();
}
