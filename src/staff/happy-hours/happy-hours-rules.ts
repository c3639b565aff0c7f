/**
 * The happy-hours screen's windows as typed, and the contract's rules (contract/schemas.ts,
 * happyHourWindowSchema) said in words before anything is sent: each message names its window and
 * its field, and lands on that field.
 */
import { HAPPY_HOURS_MAX, minutesOfDay, TIME_OF_DAY_PATTERN, type HappyHourWindow } from "../../../contract/happy-hour";

/** A window as the form holds it: the weekdays ticked, the times as the time fields give them ("14:00"). */
export interface WindowDraft {
  weekdays: number[];
  from: string;
  to: string;
}

/** "0.weekdays", "1.to": the same paths the server's details use for the PUT's body. */
export type WindowErrors = Record<string, string>;

export const NEW_WINDOW: WindowDraft = { weekdays: [1, 2, 3, 4, 5], from: "14:00", to: "18:00" };

/** Every rule a window breaks, keyed by `index.field`; empty when the list may be sent. */
export function checkWindows(windows: readonly WindowDraft[]): WindowErrors {
  const errors: WindowErrors = {};
  if (windows.length > HAPPY_HOURS_MAX) errors.list = `At most ${HAPPY_HOURS_MAX} windows.`;
  windows.forEach((window, index) => {
    const name = `Window ${index + 1}`;
    if (window.weekdays.length === 0) errors[`${index}.weekdays`] = `${name}: choose at least one day.`;
    const fromOk = TIME_OF_DAY_PATTERN.test(window.from);
    const toOk = TIME_OF_DAY_PATTERN.test(window.to);
    if (!fromOk) errors[`${index}.from`] = `${name}: give the time it starts, e.g. 14:00.`;
    if (!toOk) errors[`${index}.to`] = `${name}: give the time it ends, e.g. 18:00.`;
    else if (fromOk && minutesOfDay(window.to) <= minutesOfDay(window.from))
      errors[`${index}.to`] = `${name}: it must end after it starts (${window.from}), on the same day.`;
  });
  return errors;
}

/** The windows as the server takes them: weekdays in order. */
export function toWindows(drafts: readonly WindowDraft[]): HappyHourWindow[] {
  return drafts.map((draft) => ({ weekdays: [...draft.weekdays].sort((a, b) => a - b), from: draft.from, to: draft.to }));
}
