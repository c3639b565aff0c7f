/**
 * The rules a person's input must follow, zod-free so the web app can check a form before sending
 * it (and say what is wrong beside the field); schemas.ts holds the server to the same limits.
 */
export const LOGIN_MESSAGES = { email: "Email format incorrect.", password: "Password is required." } as const;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 1024;

export const CODENAME_MAX = 40;
export const CAPACITY_MIN = 1;
export const CAPACITY_MAX = 99;
/** A table's area on the floor plan ("Main", "Patio", "Bar"…), and where it stands in it: 0–1000 each way. */
export const AREA_MAX = 40;
export const DEFAULT_AREA = "Main";
export const FLOOR_SIZE = 1000;

/** Control and invisible format characters (zero-width spaces…) are dropped, so "not blank" means visible. */
export function cleanCodename(value: string): string {
  return value.replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
}

export interface LoginErrors {
  email?: string;
  password?: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An empty e-mail is not a valid format either. */
export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!EMAIL_PATTERN.test(email.trim())) errors.email = LOGIN_MESSAGES.email;
  if (password.length === 0) errors.password = LOGIN_MESSAGES.password;
  return errors;
}

export interface DiningTableValues {
  codename: string;
  capacity: number;
}

export interface DiningTableFieldErrors {
  codename?: string;
  capacity?: string;
}

export function validateDiningTable(
  codename: string,
  capacityText: string,
): { values?: DiningTableValues; errors: DiningTableFieldErrors } {
  const errors: DiningTableFieldErrors = {};
  const cleaned = cleanCodename(codename);
  if (cleaned.length === 0) errors.codename = "Enter the table's name or number.";
  else if (cleaned.length > CODENAME_MAX) errors.codename = `A table's name or number is at most ${CODENAME_MAX} characters.`;

  const capacity = Number(capacityText.trim());
  if (!/^\d+$/.test(capacityText.trim()) || capacity < CAPACITY_MIN || capacity > CAPACITY_MAX) {
    errors.capacity = `Capacity must be a whole number from ${CAPACITY_MIN} to ${CAPACITY_MAX}.`;
  }
  if (errors.codename || errors.capacity) return { errors };
  return { values: { codename: cleaned, capacity }, errors };
}
