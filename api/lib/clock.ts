/**
 * The one clock that every rule depending on the date or the hour reads: daily specials, the shared
 * cart's expiry, sessions, the unseen-order alarm, pruning. The server's context holds it, so a test
 * can set the time a rule sees (a Tuesday, a week later, 23:30 in Toronto) without waiting for it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
