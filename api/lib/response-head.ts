/**
 * What the head of every answer carries: the security headers (one object, built once) and the
 * request id. They are added by the HTTP server's response class, where Node writes the head, because
 * that one place sees every answer — API, web app, event streams, and the errors the Hono adapter
 * answers by itself — and costs one object copy per answer. Added by Hono middleware after `next()`,
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

/** Node's response, with the security headers and X-Request-Id on every head it writes. */
export class ApiServerResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  readonly requestId: string;

  constructor(request: Request) {
    super(request);
    this.requestId = requestIdFrom(request.headers["x-request-id"]);
  }

  override writeHead(statusCode: number, reasonOrHeaders?: string | HeadersArgument, maybeHeaders?: HeadersArgument): this {
    const reason = typeof reasonOrHeaders === "string" ? reasonOrHeaders : undefined;
    const headers = typeof reasonOrHeaders === "string" ? maybeHeaders : reasonOrHeaders;
    if (headers === undefined || Array.isArray(headers)) {
      // Rare forms (an implicit head from end(), raw header lists): let Node merge ours in.
      for (const name in SECURITY_HEADERS) if (!this.hasHeader(name)) this.setHeader(name, SECURITY_HEADERS[name]!);
      if (!this.hasHeader("x-request-id")) this.setHeader("x-request-id", this.requestId);
      return super.writeHead(statusCode, reason, headers);
    }
    const head: OutgoingHttpHeaders = { ...SECURITY_HEADERS, "x-request-id": this.requestId };
    // Headers the route set one by one beforehand (Node merges them with this object) win over ours.
    if (this.getHeaderNames().length > 0) for (const name in head) if (this.hasHeader(name)) delete head[name];
    for (const name in headers) {
      const lower = name.toLowerCase();
      // An empty body still gets "Content-Length: 0" from the adapter; on a 304 that would claim the
      // cached representation is empty (RFC 9110 §8.6), so it is left out.
      if (lower === "content-length" && (statusCode === 304 || statusCode === 204)) continue;
      head[lower] = headers[name];
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
