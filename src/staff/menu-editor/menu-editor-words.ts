/**
 * The menu editor's sentences that carry a dish's name or place (staff screens are in English): what
 * a screen reader hears while a dish is moved, and the limits a photo is checked against before it
 * is sent. Kept here, in one place, so the page, the list and their tests say the same thing.
 */

/** "position 3 of 8": a place in a category's list, counted from 1. */
const place = (position: number, total: number) => `position ${position} of ${total}`;

export const reorderWords = {
  /** Read once, when a handle gets focus (dnd-kit's `screenReaderInstructions`). */
  instructions:
    "To move a dish, press Space or Enter on its handle, then the up and down arrow keys. Space or Enter puts it down; Escape puts it back.",
  handle: (name: string) => `Move ${name}`,
  pickedUp: (name: string, position: number, total: number) => `Picked up ${name}, ${place(position, total)}.`,
  over: (name: string, position: number, total: number) => `${name} is at ${place(position, total)}.`,
  dropped: (name: string, position: number, total: number) => `${name} put down at ${place(position, total)}.`,
  cancelled: (name: string) => `Move cancelled; ${name} stays where it was.`,
  /** Once the server has the new order. */
  moved: (name: string, position: number, total: number) => `${name} moved to ${place(position, total)}.`,
};
