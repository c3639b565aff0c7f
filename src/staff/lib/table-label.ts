/** How a table is named to people: "4" → "Table 4", but "Bar 1" or "Patio 2" stay as they are. */
export function tableLabel(codename: string | null | undefined): string {
  if (!codename) return "Unknown table";
  return /^\d+[a-z]?$/i.test(codename.trim()) ? `Table ${codename.trim()}` : codename.trim();
}
