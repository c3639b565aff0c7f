/**
 * Who is on the other end of a request, and whether it came over HTTPS.
 *
 * `X-Forwarded-For` and `X-Forwarded-Proto` are plain request headers: any client can send them. They
 * are believed only when the connection itself comes from a reverse proxy named in TRUSTED_PROXIES
 * (ctx.config.trustedProxies); otherwise the socket's peer address and the connection's own scheme are
 * the truth. Nothing here runs per request unless a route asks (sign-in, cookie writes, cross-site checks).
 */
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

const lists = new WeakMap<readonly string[], BlockList>();

/**
 * The TRUSTED_PROXIES entries as a matcher: single addresses (IPv4 or IPv6) or CIDR blocks such as
 * `10.0.0.0/8` (a container network). Throws on an entry that is neither, so a typo stops start-up
 * instead of silently trusting nobody (or, worse, being read as something else).
 */
export function trustedProxyList(entries: readonly string[]): BlockList {
  const cached = lists.get(entries);
  if (cached) return cached;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = family === 4 ? 32 : 128;
    if (
      family === 0 ||
      rest.length > 0 ||
      (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= maxBits && prefix !== ""))
    ) {
      throw new Error(`TRUSTED_PROXIES must list IP addresses or CIDR blocks (e.g. 127.0.0.1,10.0.0.0/8), got "${entry}"`);
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  lists.set(entries, list);
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** "::ffff:192.0.2.1" (an IPv4 client on a dual-stack socket) is the IPv4 client 192.0.2.1. */
function unmapped(address: string): string {
  const v4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  return v4 ?? address;
}

/** The socket's peer; "unknown" where there is no socket (app.request() in unit tests). */
export function peerAddress(c: Context): string {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? unmapped(address) : "unknown";
  } catch {
    return "unknown";
  }
}

/** One X-Forwarded-For entry as a bare address: "192.0.2.1", "192.0.2.1:4711", "[2001:db8::1]:4711" → address; junk → undefined. */
function forwardedAddress(entry: string): string | undefined {
  const trimmed = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed)?.[1];
  const candidate = bracketed ?? (/^[\d.]+:\d+$/.test(trimmed) ? trimmed.slice(0, trimmed.lastIndexOf(":")) : trimmed);
  return isIP(candidate) === 0 ? undefined : unmapped(candidate);
}

/**
 * The client's address. Behind trusted proxies: walk X-Forwarded-For from the right (each proxy
 * appends the address it was connected from), skipping our own proxies; the first hop that is not one
 * of them is the client. Entries left of it were written by the client itself and prove nothing.
 */
export function clientAddress(c: Context, trustedProxies: readonly string[]): string {
  const peer = peerAddress(c);
  if (trustedProxies.length === 0) return peer;
  const list = trustedProxyList(trustedProxies);
  if (!isTrusted(list, peer)) return peer;
  const hops = (c.req.header("x-forwarded-for") ?? "").split(",");
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = forwardedAddress(hops[i]!);
    // A malformed hop was written by a proxy we trust or by the client; either way it names nobody,
    // so the last hop we could vouch for stands.
    if (hop === undefined) return client;
    client = hop;
    if (!isTrusted(list, hop)) return hop;
  }
  return client;
}

/** Whether the client reached us over HTTPS: the connection itself, or a trusted proxy's X-Forwarded-Proto. */
export function cameOverHttps(c: Context, trustedProxies: readonly string[]): boolean {
  if (c.req.url.startsWith("https:")) return true;
  if (trustedProxies.length === 0) return false;
  return forwardedProtoIsHttps(peerAddress(c), c.req.header("x-forwarded-proto"), trustedProxies);
}

/**
 * The same rule on Node's request, where the response head is written (lib/response-head.ts): true
 * when a proxy named in TRUSTED_PROXIES forwarded a request the client sent over HTTPS.
 */
/** Whether the connection itself comes from one of TRUSTED_PROXIES, whose forwarded headers are then believed. */
export function fromTrustedProxy(incoming: IncomingMessage, trustedProxies: readonly string[]): boolean {
  return trustedProxies.length > 0 && isTrusted(trustedProxyList(trustedProxies), unmapped(incoming.socket?.remoteAddress ?? ""));
}

export function forwardedOverHttps(incoming: IncomingMessage, trustedProxies: readonly string[]): boolean {
  if (trustedProxies.length === 0) return false;
  const proto = incoming.headers["x-forwarded-proto"];
  return forwardedProtoIsHttps(
    unmapped(incoming.socket?.remoteAddress ?? ""),
    Array.isArray(proto) ? proto.join(",") : proto,
    trustedProxies,
  );
}

function forwardedProtoIsHttps(peer: string, header: string | undefined, trustedProxies: readonly string[]): boolean {
  if (header === undefined || !isTrusted(trustedProxyList(trustedProxies), peer)) return false;
  // With chained proxies the header may be a list; the first entry is what the client-facing proxy saw.
  return header.split(",")[0]!.trim().toLowerCase() === "https";
}

/**
 * The origin the client used to reach us (scheme, host and port), as `URL.origin` writes it, or
 * undefined without a usable Host header. The host comes from the Host header, so a proxy in front must
 * pass the client's Host through (Caddy does; nginx needs `proxy_set_header Host $host`).
 */
export function requestOrigin(c: Context, trustedProxies: readonly string[]): string | undefined {
  const host = c.req.header("host");
  if (!host || !/^[A-Za-z0-9.\-:[\]]+$/.test(host)) return undefined;
  try {
    return new URL(`${cameOverHttps(c, trustedProxies) ? "https" : "http"}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * The block an address is throttled as: an IPv4 address as is, an IPv6 address as its /64 — one
 * subscriber is routinely handed a whole /64, so counting single IPv6 addresses would give each
 * client 2^64 fresh counters.
 */
export function addressBlock(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = expandIpv6(address);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address;
}

function expandIpv6(address: string): string[] | undefined {
  let text = address.toLowerCase().split("%")[0]!; // drop a zone id (fe80::1%eth0)
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((g) => g.padStart(4, "0"));
}
