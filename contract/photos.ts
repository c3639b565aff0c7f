/**
 * Dish photos (API.md "Menu editing", docs/decisions/0025-dish-photos.md): what an upload may be and
 * how large a stored image can get. Zod-free, so the staff screen checks a file before sending it and
 * the service worker's photo cache is sized from the same numbers (vite.config.ts).
 */

/** The largest upload: a phone camera's photo is 2–6 MB; anything larger is refused with 413 before it is read. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** What an upload may be; the server decides by decoding the file, never by its name or declared type. */
export const PHOTO_MEDIA_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/**
 * No stored image is larger: the server lowers an image's quality until it fits (only pathological
 * images, such as pure noise, need it). So the service worker can keep a count of photos that stays
 * within a byte budget.
 */
export const PHOTO_MAX_STORED_BYTES = 200 * 1024;
