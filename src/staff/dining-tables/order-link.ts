/**
 * The link a table's QR code encodes. It must point at the public site even when staff use the
 * tools from another address (a back-office PC, a LAN IP): the server's PUBLIC_ORIGIN sets it (GET
 * /api/settings); unset, the screen's own origin is used, and the screens say so when that is one a
 * diner's phone cannot reach.
 */
export function orderLink(tableId: string, origin: string): string {
  return `${origin.replace(/\/+$/, "")}/order?station_id=${encodeURIComponent(tableId)}`;
}

/** A host only this machine or its local network reaches: loopback, private and link-local addresses, `.local` names. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || !host.includes(".")) {
    // A name without a dot (a PC's name on the LAN) or an IPv6 literal.
    if (!host.includes(":")) return true;
  }
  if (host.includes(":")) return host === "::1" || /^f[cd]/.test(host) || host.startsWith("fe80") || host.startsWith("::ffff:127.");
  const octets = host.split(".").map(Number);
  if (octets.length !== 4 || octets.some((n) => !Number.isInteger(n))) return false;
  const [a, b] = octets as [number, number, number, number];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || a === 0;
}

/** Where QR codes point, and whether a diner's phone could not reach it (no PUBLIC_ORIGIN, a private screen origin). */
export function qrOrigin(
  publicOrigin: string | null,
  screen: Pick<Location, "origin" | "hostname">,
): { origin: string; unreachable: boolean } {
  if (publicOrigin) return { origin: publicOrigin, unreachable: false };
  return { origin: screen.origin, unreachable: isPrivateHost(screen.hostname) };
}
