/**
 * The printer rules both sides check (zod-free, so the staff form checks them before sending and
 * schemas.ts holds the server to the same ones): kitchen and bar printers speak ESC/POS over raw TCP.
 */
export const PRINTER_STATUSES = ["online", "offline", "unknown"] as const;
export type PrinterStatus = (typeof PRINTER_STATUSES)[number];

/** The raw-printing port nearly every network receipt printer listens on (JetDirect / "port 9100"). */
export const DEFAULT_PRINTER_PORT = 9100;
export const PRINTER_NAME_MAX = 60;
export const PRINTER_HOST_MAX = 253;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOST_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * A printer's address as staff type it: an IPv4 address, an IPv6 address, or a host name (letters,
 * digits and hyphens between dots). Not a URL, and nothing with a port or a path in it: the port has its
 * own field. A name made of digits and dots only must be a valid IPv4 address ("300.1.1.1" is a typo).
 */
export function isPrinterHost(text: string): boolean {
  if (text.length === 0 || text.length > PRINTER_HOST_MAX) return false;
  if (/^[\d.]+$/.test(text)) return IPV4.test(text);
  if (text.includes(":")) return isIpv6(text);
  return text
    .replace(/\.$/, "")
    .split(".")
    .every((label) => HOST_LABEL.test(label));
}

function isIpv6(text: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(text) || (text.match(/::/g) ?? []).length > 1) return false;
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const groups = [...(head ? head.split(":") : []), ...(tail ? tail.split(":") : [])];
  const last = groups.at(-1);
  const embedsIpv4 = last !== undefined && last.includes(".");
  if (embedsIpv4 && !IPV4.test(last)) return false;
  const hexGroups = embedsIpv4 ? groups.slice(0, -1) : groups;
  if (!hexGroups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  const width = hexGroups.length + (embedsIpv4 ? 2 : 0);
  return tail === undefined ? width === 8 : width < 8;
}

export function isPrinterPort(port: number): boolean {
  return Number.isInteger(port) && port >= 1 && port <= 65_535;
}
