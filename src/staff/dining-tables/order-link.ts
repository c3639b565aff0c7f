/**
 * The link a table's QR code encodes. It must point at the public site even when staff use the
 * tools from another address (a back-office host, a LAN IP): VITE_PUBLIC_ORIGIN sets it at build time.
 */
export function publicOrigin(): string {
  const configured = import.meta.env.VITE_PUBLIC_ORIGIN?.trim();
  return (configured || window.location.origin).replace(/\/+$/, "");
}

export function orderLink(tableId: string, origin: string = publicOrigin()): string {
  return `${origin}/order?station_id=${encodeURIComponent(tableId)}`;
}
