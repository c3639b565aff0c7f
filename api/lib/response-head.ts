/**
 * What the head of every answer carries: the security headers (one object, built once) and the
 * request id. They are added by the HTTP server's response class, where Node writes the head, because
 * that one place sees every answer — API, web app, event streams, and the errors the Hono adapter
 * answers by itself — and costs one short list copy per answer. Added by Hono middleware after `next()`,
 * they forced each answer through a full WHATWG Response and Headers, which cost more than a health
 * check's own work (profile in docs/performance/api-benchmarks.md).
 *
 * Two headers depend on the answer: `Strict-Transport-Security` goes only on answers to HTTPS
 * requests (a browser ignores it over plain HTTP, and a plain-HTTP site has no business promising
 * HTTPS), and an answer marked with `noStore()` (staff answers, sign-in) gets `Cache-Control: no-store`
 * whatever the route set, so no answer that carries a secret lands in a browser's or proxy's cache.
 * Which security headers go on an answer depends on its type: a document (HTML, and anything not
 * below) gets them all; a JSON answer or a live stream the few that apply to it (API_SECURITY_HEADERS);
 * a hashed asset the two a subresource uses.
 */
import { randomBytes } from "node:crypto";
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from "node:http";
import type { Context } from "hono";
import { endWithTurn } from "./answers-together";
import { forwardedOverHttps, fromTrustedProxy } from "./client-address";

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
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  // The same as CSP's frame-ancestors 'none', for browsers that know only this header.
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
});

/** Only on answers to HTTPS requests (directly, or through a proxy named in TRUSTED_PROXIES). */
export const STRICT_TRANSPORT_SECURITY = "max-age=15552000; includeSubDomains";
const HSTS = "strict-transport-security";
const CACHE_CONTROL = "cache-control";

// Unique without a random UUID per request: a random tag per process (instances differ) and a counter.
const PROCESS_TAG = randomBytes(6).toString("base64url");
let sequence = 0;

export function nextRequestId(): string {
  return `${PROCESS_TAG}-${(++sequence).toString(36)}`;
}

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * A proxy's X-Request-Id is kept so logs line up across hops; anything odd is replaced. Only a request
 * from a trusted proxy gets here (ApiServerResponse): a client choosing its own id could make its
 * requests' log lines pass for another's.
 */
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
const ASSET_HEADER_NAMES: ReadonlySet<string> = new Set(["cross-origin-resource-policy", "x-content-type-options"]);

/**
 * A hashed, immutable asset (a file from dist/assets/, which api/static-site.ts marks `immutable`):
 * it gets only the subresource headers. Decided by the answer, not by the request path, so no path
 * trick (`/assets/../sw.js`) can strip a document's or a worker's headers; an HTML answer never qualifies.
 */
export function isImmutableAsset(cacheControl: unknown, contentType: unknown): boolean {
  return String(cacheControl ?? "").includes("immutable") && !String(contentType ?? "").startsWith("text/html");
}

/**
 * What a JSON or event-stream answer carries (docs/decisions/0033): such an answer is never a
 * document a browser renders or runs — `nosniff` holds it to its type — so the document policies
 * (COOP, Permissions-Policy, Referrer-Policy, the site's CSP, …) do nothing on it. It keeps what
 * still applies: nosniff, CORP (no other site may load it), no framing, and a CSP that allows nothing,
 * should it ever be shown as a page (what api.github.com sends).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
});

/** A JSON answer (`application/json`, `application/problem+json`, …) or a live stream: `API_SECURITY_HEADERS`. Decided by the answer's type, never the path. */
export function isApiAnswer(contentType: unknown): boolean {
  if (typeof contentType !== "string") return false;
  let known = apiTypes.get(contentType);
  if (known === undefined) {
    const type = contentType.toLowerCase();
    known = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/.test(type) || /^text\/event-stream\s*(?:;|$)/.test(type);
    // The server's own few types, remembered (bounded, whatever a route might set).
    if (apiTypes.size < 64) apiTypes.set(contentType, known);
  }
  return known;
}
const apiTypes = new Map<string, boolean>();

type Head = { list: readonly OutgoingHttpHeader[]; requestIdAt: number; at: ReadonlyMap<string, number> };

// The head as a flat [name, value, …] list, which Node writes as it is: copying a list and appending
// a route's few headers costs a fraction of merging header objects.
function headOf(headers: Readonly<Record<string, string>>): Head {
  const list: OutgoingHttpHeader[] = [...Object.entries(headers).flat(), "x-request-id", ""];
  const at = new Map<string, number>();
  for (let i = 0; i < list.length; i += 2) at.set(list[i] as string, i);
  return { list, requestIdAt: list.length - 1, at };
}
const DEFAULT_HEAD = headOf(SECURITY_HEADERS);
const ASSET_HEAD = headOf(Object.fromEntries(Object.entries(SECURITY_HEADERS).filter(([name]) => ASSET_HEADER_NAMES.has(name))));
const API_HEAD = headOf(API_SECURITY_HEADERS);

/** Which security headers an answer with these gets. */
function headFor(cacheControl: unknown, contentType: unknown): Head {
  if (isImmutableAsset(cacheControl, contentType)) return ASSET_HEAD;
  return isApiAnswer(contentType) ? API_HEAD : DEFAULT_HEAD;
}

/** A route's header by its lower-case name, whatever case the route wrote it in. */
function headerIn(headers: OutgoingHttpHeaders | undefined, lower: string): unknown {
  if (!headers) return undefined;
  if (lower in headers) return headers[lower];
  for (const name in headers) if (name.toLowerCase() === lower) return headers[name];
  return undefined;
}

/** A body-less 304/204 still gets "Content-Length: 0" from the adapter; that would claim the cached representation is empty (RFC 9110 §8.6). */
const dropsLength = (statusCode: number, lowerName: string) => lowerName === "content-length" && (statusCode === 304 || statusCode === 204);

/** Node's response, with the security headers (a hashed asset's few, a JSON answer's: `headFor`) and X-Request-Id on every head it writes. */
export class ApiServerResponse<Incoming extends IncomingMessage = IncomingMessage> extends ServerResponse<Incoming> {
  readonly requestId: string;
  /** The answer carries a secret: sent with `Cache-Control: no-store`, replacing a route's own value. */
  noStore = false;

  // Node passes options too (highWaterMark, rejectNonStandardBodyWrites); they go on to ServerResponse.
  constructor(request: Incoming, ...options: unknown[]) {
    // @ts-expect-error -- @types/node declares only the request argument
    super(request, ...options);
    const given = request.headers["x-request-id"];
    this.requestId = given !== undefined && this.fromTrustedProxy(request) ? requestIdFrom(given) : nextRequestId();
  }

  /** Whether the request came through a proxy named in TRUSTED_PROXIES; this class trusts none (responseClassFor makes one that does). */
  protected fromTrustedProxy(_request: IncomingMessage): boolean {
    return false;
  }

  /** Whether the request came over HTTPS; this class trusts no proxy (responseClassFor makes one that does). */
  protected overHttps(): boolean {
    // The request's socket may be gone already (a body refused half-way destroys the request).
    return (this.req.socket as { encrypted?: boolean } | null)?.encrypted === true;
  }

  override writeHead(statusCode: number, reasonOrHeaders?: string | HeadersArgument, maybeHeaders?: HeadersArgument): this {
    const reason = typeof reasonOrHeaders === "string" ? reasonOrHeaders : undefined;
    let headers = typeof reasonOrHeaders === "string" ? maybeHeaders : reasonOrHeaders;
    const https = this.overHttps();
    if (headers === undefined || Array.isArray(headers) || this.getHeaderNames().length > 0) {
      // Rare forms (an implicit head from end(), raw header lists, headers set one by one): Node
      // merges; ours go in only where the route set none.
      const own = Array.isArray(headers) ? undefined : headers;
      const ours = headFor(
        this.getHeader("cache-control") ?? headerIn(own, "cache-control"),
        this.getHeader("content-type") ?? headerIn(own, "content-type"),
      ).list;
      for (let i = 0; i < ours.length; i += 2) {
        const name = ours[i] as string;
        if (!this.hasHeader(name)) this.setHeader(name, name === "x-request-id" ? this.requestId : ours[i + 1]!);
      }
      if (https && !this.hasHeader(HSTS)) this.setHeader(HSTS, STRICT_TRANSPORT_SECURITY);
      if (this.noStore) this.setHeader(CACHE_CONTROL, "no-store");
      const dropped = (name: string) =>
        dropsLength(statusCode, name.toLowerCase()) || (this.noStore && name.toLowerCase() === CACHE_CONTROL);
      if (Array.isArray(headers)) {
        // A flat [name, value, …] list, which Node lets replace what was set one by one.
        const kept: OutgoingHttpHeader[] = [];
        for (let i = 0; i + 1 < headers.length; i += 2) if (!dropped(String(headers[i]))) kept.push(headers[i]!, headers[i + 1]!);
        headers = kept;
      } else if (headers) {
        const own = headers;
        headers = Object.fromEntries(
          Object.keys(own)
            .filter((name) => !dropped(name))
            .map((name) => [name, own[name]]),
        );
      }
      return super.writeHead(statusCode, reason, headers);
    }
    const ours = headFor(headerIn(headers, "cache-control"), headerIn(headers, "content-type"));
    const head = ours.list.slice();
    head[ours.requestIdAt] = this.requestId;
    for (const name in headers) {
      const lower = name.toLowerCase();
      if (dropsLength(statusCode, lower) || (this.noStore && lower === CACHE_CONTROL)) continue;
      const at = ours.at.get(lower);
      if (at === undefined) head.push(name, headers[name]!);
      else head[at + 1] = headers[name]!; // the route's own value replaces ours instead of doubling it
    }
    if (https) head.push(HSTS, STRICT_TRANSPORT_SECURITY);
    if (this.noStore) head.push(CACHE_CONTROL, "no-store");
    return super.writeHead(statusCode, reason, head);
  }

  /** Sent with the other answers ended in this turn of the event loop (lib/answers-together.ts). */
  override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    // Node's end() reads its arguments by type: the missing ones may be passed as undefined.
    return endWithTurn(this.socket, () => super.end(chunk as string, encoding as BufferEncoding, callback as () => void));
  }
}

/** What a request line says: the answer's request id, the request, its status and time to the head. */
export type RequestLine = {
  req_id: string;
  method: string;
  path: string;
  status: number;
  ms: number;
};

export interface ResponseClassOptions {
  /** TRUSTED_PROXIES: a request one of them forwarded with `X-Forwarded-Proto: https` counts as HTTPS (the session cookie's rule). */
  trustedProxies: readonly string[];
  /**
   * Reports each /api answer as its head is written. Logging here rather than in a Hono middleware
   * spares every request a link in the middleware chain (measured: request logging cost plain `npm
   * start` about a tenth of health), and also sees answers the adapter writes itself.
   */
  logRequest?: (line: RequestLine) => void;
  /**
   * Told of every answer as its head is written (the request histogram, api/metrics/http.ts): the
   * request's method and target, the status, the seconds since the request arrived, and whether the
   * answer is an idempotent replay (`Idempotent-Replayed: true`, asked only of a 201).
   */
  observeRequest?: (method: string, url: string, status: number, seconds: number, replayed: boolean) => void;
}

const REPLAYED = "idempotent-replayed";

/** A header of the answer whose head is being written, however the route gave it (lower-case `name`). */
function headerOfAnswer(
  response: ServerResponse,
  reasonOrHeaders: string | HeadersArgument | undefined,
  maybeHeaders: HeadersArgument | undefined,
  name: string,
): unknown {
  const headers = typeof reasonOrHeaders === "string" ? maybeHeaders : reasonOrHeaders;
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === name) return headers[i + 1];
  } else {
    const given = headerIn(headers, name);
    if (given !== undefined) return given;
  }
  return response.getHeader(name);
}

/** The response class for a server: ApiServerResponse as its settings want it. */
export function responseClassFor({ trustedProxies, logRequest, observeRequest }: ResponseClassOptions): typeof ApiServerResponse {
  if (trustedProxies.length === 0 && !logRequest && !observeRequest) return ApiServerResponse;
  return class ConfiguredServerResponse<Incoming extends IncomingMessage = IncomingMessage> extends ApiServerResponse<Incoming> {
    private readonly started = performance.now();

    protected override overHttps(): boolean {
      return super.overHttps() || (trustedProxies.length > 0 && forwardedOverHttps(this.req, trustedProxies));
    }

    protected override fromTrustedProxy(request: IncomingMessage): boolean {
      return fromTrustedProxy(request, trustedProxies);
    }

    override writeHead(statusCode: number, reasonOrHeaders?: string | HeadersArgument, maybeHeaders?: HeadersArgument): this {
      const url = this.req.url ?? "";
      const method = this.req.method ?? "";
      const elapsed = performance.now() - this.started;
      if (observeRequest) {
        const replayed = statusCode === 201 && String(headerOfAnswer(this, reasonOrHeaders, maybeHeaders, REPLAYED)) === "true";
        observeRequest(method, url, statusCode, elapsed / 1000, replayed);
      }
      if (logRequest && url.startsWith("/api/")) {
        const query = url.indexOf("?");
        logRequest({
          req_id: this.requestId,
          method,
          path: query === -1 ? url : url.slice(0, query),
          status: statusCode,
          ms: Math.round(elapsed),
        });
      }
      return super.writeHead(statusCode, reasonOrHeaders, maybeHeaders);
    }
  };
}

/** Node's response for the request being answered; undefined without one (app.request() in unit tests). */
export function nodeResponseOf(c: Context): ApiServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing instanceof ApiServerResponse ? outgoing : undefined;
}

/** Marks the answer being built as carrying a secret: `Cache-Control: no-store`, whatever else sets it. */
export function noStore(c: Context): void {
  const outgoing = nodeResponseOf(c);
  if (outgoing) outgoing.noStore = true;
  // Without Node's response (app.request() in unit tests) the answer's own headers are all there is.
  else c.header("Cache-Control", "no-store");
}

/** The request id of the answer being built (the one its X-Request-Id header will carry). */
export function requestIdOf(c: Context): string {
  return nodeResponseOf(c)?.requestId ?? nextRequestId();
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
