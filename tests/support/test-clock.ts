/**
 * A clock a test sets for its server (ServerOptions.clock): it runs on from the moment the test sets,
 * so the rules that depend on the date or the hour (specials, expiries, "today") see that moment
 * whatever day the test runs on, and times still move forward between two calls.
 */
import type { Clock } from "../../api/lib/clock";

export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** From now on the server's time runs on from `instant`. */
  set(instant: Date | string): void {
    this.offsetMs = new Date(instant).getTime() - Date.now();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Back to the real time. */
  reset(): void {
    this.offsetMs = 0;
  }
}
