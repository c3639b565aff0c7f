/** The same rules the server applies (API.md: codename 1–40 characters, not blank; capacity 1–99). */
export interface StationValues {
  codename: string;
  capacity: number;
}

export interface StationFieldErrors {
  codename?: string;
  capacity?: string;
}

export function validateStation(codename: string, capacityText: string): { values?: StationValues; errors: StationFieldErrors } {
  const errors: StationFieldErrors = {};
  const trimmed = codename.trim();
  if (trimmed.length === 0) errors.codename = "Codename is required.";
  else if (trimmed.length > 40) errors.codename = "Codename is at most 40 characters.";

  const capacity = Number(capacityText.trim());
  if (!/^\d+$/.test(capacityText.trim()) || capacity < 1 || capacity > 99) {
    errors.capacity = "Capacity must be a whole number from 1 to 99.";
  }
  if (errors.codename || errors.capacity) return { errors };
  return { values: { codename: trimmed, capacity }, errors };
}
