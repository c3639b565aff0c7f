/** A UUID as it appears in a path or a QR link: any case (ids are stored lower-case). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

export const IDEMPOTENCY_KEY_MAX = 255;
/** An Idempotency-Key (API.md "Orders"): 1–255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);
