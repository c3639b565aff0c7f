/**
 * The menu editor's sentences that carry a dish's name or place (staff screens are in English): what
 * a screen reader hears while a dish is moved, and the limits a photo is checked against before it
 * is sent. Kept here, in one place, so the page, the list and their tests say the same thing.
 */
import { PHOTO_MAX_BYTES } from "../../../contract/photos";

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

const MB = PHOTO_MAX_BYTES / (1024 * 1024);

/** The dish photo's field in the product form. */
export const photoWords = {
  legend: "Photo",
  label: "Photo of the dish",
  thisDish: "this dish",
  hint: (hasOne: boolean) => `JPEG, PNG or WebP, up to ${MB} MB${hasOne ? "; it replaces the current one" : ""}. Saved with the dish.`,
  savedWithDish: "Shown here only until you save the dish; Cancel keeps the photo as it was.",
  choose: (dish: string) => `Choose a photo of ${dish}`,
  noneChosen: "No new photo chosen",
  none: "No photo yet.",
  removedOnSave: "The photo is removed when you save the dish.",
  currentPhotoAlt: (dish: string) => `Current photo of ${dish}`,
  newPhotoAlt: (dish: string) => `New photo of ${dish}, not saved yet`,
  keepCurrent: "Keep the current photo",
  noPhoto: "Do not use this photo",
  remove: "Remove photo",
  wrongType: "This file is not a JPEG, PNG or WebP image; choose a photo in one of those.",
  tooLarge: `This file is too large; a photo may be at most ${MB} MB.`,
  uploading: (fraction: number) => `Uploading the photo… ${Math.round(fraction * 100)}%`,
  resizing: "Resizing the photo…",
  /** The dish was saved and the photo refused by the server (a damaged file, a dropped network). */
  notSaved: (dish: string, reason: string) => `${dish} is saved, but not its new photo: ${reason}`,
};
