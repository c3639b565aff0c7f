/**
 * What the head of every answer carries: the security headers (one object, built once) and the
 * request id. They are added by the HTTP server's response class, where Node writes the head, because
 * that one place sees every answer — API, web app, event streams, and the errors the Hono adapter
 * answers by itself — and costs one short list copy per answer. Added by Hono middleware after `next()`,
 * they forced each answer through a full WHATWG Response and Headers, which cost more than a health
 * check's own work (profile in docs/performance/api-benchmarks.md).
 */
import { randomBytes } from "node:crypto";
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from "node:http";
import type { Context } from "hono";

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-src https://www.google.com", // the embedded map on the public site
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Header names in lower case, as Node sends them: a route's own value for one of them replaces ours. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
  "referrer-policy": "strict-origin-when-cross-origin",
  "strict-transport-security": "max-age=15552000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
});

// Unique without a random UUID per request: a random tag per process (instances differ) and a counter.
const PROCESS_TAG = randomBytes(6).toString("base64url");
let sequence = 0;

export function nextRequestId(): string {
  return `${PROCESS_TAG}-${(++sequence).toString(36)}`;
}

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** A caller's (or its proxy's) X-Request-Id is kept so logs line up across hops; anything odd is replaced. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = typeof header === "string" ? header.slice(0, 64) : undefined;
  return given && VISIBLE_ASCII.test(given) ? given : nextRequestId();
}

type HeadersArgument = OutgoingHttpHeaders | OutgoingHttpHeader[];

/**
 * The ones that still mean something on a script, stylesheet, font or image. The rest (CSP, COOP,
 * X-Frame-Options, Permissions-Policy, …) govern a document or a worker and are ignored on a
 * subresource, where they cost about 800 bytes a file — on a phone's first visit, several files.
 */
const ASSET_HEADER_NAMES: ReadonlySet<string> = new Set(["cross-origin-resource-policy", "strict-transport-security", "x-content-type-options"]);

/**
 * A hashed, immutable asset (a file from dist/assets/, which api/static-site.ts marks `immutable`):
 * it gets only the subresource headers. Decided by the answer, not by the request path, so no path
 * trick (`/assets/../sw.js`) can strip a document's or a worker's headers; an HTML answer never qualifies.
 */
export function isImmutableAsset(cacheControl: unknown, contentType: unknown): boolean {
  return String(cacheControl ?? "").includes("immutable") && !String(contentType ?? "").startsWith("text/html");
}

type Head = { list: readonly OutgoingHttpHeader[]; requestIdAt: number; at: ReadonlyMap<string, number> };

// The head as a flat [name, value, …] list, which Node writes as it is: copying a list and appending
// a route's few headers costs a fraction of merging header objects.
function headOf(names: readonly string[]): Head {
  const list: OutgoingHttpHeader[] = [...names.flatMap((name) => [name, SECURITY_HEADERS[name]!]), "x-request-id", ""];
  const at = new Map<string, number>();
  for (let i = 0; i < list.length; i += 2) at.set(list[i] as string, i);
  return { list, requestIdAt: list.length - 1, at };
}
const DEFAULT_HEAD = headOf(Object.keys(SECURITY_HEADERS));
const ASSET_HEAD = headOf(Object.keys(SECURITY_HEADERS).filter((name) => ASSET_HEADER_NAMES.has(name)));

/** A route's header by its lower-case name, whatever case the route wrote it in. */
function headerIn(headers: OutgoingHttpHeaders | undefined, lower: string): unknown {
  if (!headers) return undefined;
  if (lower in headers) return headers[lower];
  for (const name in headers) if (name.toLowerCase() === lower) return headers[name];
  return undefined;
}

/** A body-less 304/204 still gets "Content-Length: 0" from the adapter; that would claim the cached representation is empty (RFC 9110 §8.6). */
const dropsLength = (statusCode: number, lowerName: string) => lowerName === "content-length" && (statusCode === 304 || statusCode === 204);

/** Node's response, with the security headers (a hashed asset's few: `isImmutableAsset`) and X-Request-Id on every head it writes. */
export class ApiServerResponse<Incoming extends IncomingMessage = IncomingMessage> extends ServerResponse<Incoming> {
  readonly requestId: string;

  // Node passes options too (highWaterMark, rejectNonStandardBodyWrites); they go on to ServerResponse.
  constructor(request: Incoming, ...options: unknown[]) {
    // @ts-expect-error -- @types/node declares only the request argument
    super(request, ...options);
    this.requestId = requestIdFrom(request.headers["x-request-id"]);
  }

  override writeHead(statusCode: number, reasonOrHeaders?: string | HeadersArgument, maybeHeaders?: HeadersArgument): this {
    const reason = typeof reasonOrHeaders === "string" ? reasonOrHeaders : undefined;
    let headers = typeof reasonOrHeaders === "string" ? maybeHeaders : reasonOrHeaders;
    if (headers === undefined || Array.isArray(headers) || this.getHeaderNames().length > 0) {
      // Rare forms (an implicit head from end(), raw header lists, headers set one by one): Node
      // merges; ours go in only where the route set none.
      const own = Array.isArray(headers) ? undefined : headers;
      const ours = isImmutableAsset(this.getHeader("cache-control") ?? headerIn(own, "cache-control"), this.getHeader("content-type") ?? headerIn(own, "content-type"))
        ? ASSET_HEAD.list
        : DEFAULT_HEAD.list;
      for (let i = 0; i < ours.length; i += 2) {
        const name = ours[i] as string;
        if (!this.hasHeader(name)) this.setHeader(name, name === "x-request-id" ? this.requestId : ours[i + 1]!);
      }
      if (headers && !Array.isArray(headers)) {
        const own = headers;
        headers = Object.fromEntries(Object.keys(own).filter((name) => !dropsLength(statusCode, name.toLowerCase())).map((name) => [name, own[name]]));
      }
      return super.writeHead(statusCode, reason, headers);
    }
    const ours = isImmutableAsset(headerIn(headers, "cache-control"), headerIn(headers, "content-type")) ? ASSET_HEAD : DEFAULT_HEAD;
    const head = ours.list.slice();
    head[ours.requestIdAt] = this.requestId;
    for (const name in headers) {
      const lower = name.toLowerCase();
      if (dropsLength(statusCode, lower)) continue;
      const at = ours.at.get(lower);
      if (at === undefined) head.push(name, headers[name]!);
      else head[at + 1] = headers[name]!; // the route's own value replaces ours instead of doubling it
    }
    return super.writeHead(statusCode, reason, head);
  }
}

/** The request id of the answer being built (the one its X-Request-Id header will carry). */
export function requestIdOf(c: Context): string {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing instanceof ApiServerResponse ? outgoing.requestId : nextRequestId();
}

/**
 * A request header from Node's own parsed headers when the app runs on @hono/node-server. Hono's
 * `c.req.header()` first builds a WHATWG Headers object from every request header, which costs more
 * than serving a cached menu; Node has already parsed them (and joins repeated ones with ", " like Headers.get).
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming as IncomingMessage | undefined;
  if (!incoming?.headers) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
