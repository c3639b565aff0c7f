/**
 * The web app's one way to call the server. Every failure becomes an ApiError with a message
 * a person can act on, so no screen has to decide what a failed call means by itself.
 */
import type { ApiRoute, ApiRouteName } from "../../contract/api-routes";
import type { AddressOf, AnswerOf, Endpoints, RequestOf } from "../../contract/endpoints";
import { PUBLIC_API_ROUTES } from "../../contract/public-api-routes";
import type { ApiErrorBody, ApiErrorDetail } from "../../contract/schemas";

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? "/api";

/**
 * The routes this app can call: the diner's and the public site's from the start, the staff's once
 * their code has loaded (src/staff/lib/staff-api.ts adds them), so a diner never downloads them.
 */
const routes: Partial<Record<ApiRouteName, Pick<ApiRoute, "method" | "path">>> = { ...PUBLIC_API_ROUTES };

export function addRoutes(more: Partial<Record<ApiRouteName, ApiRoute>>): void {
  Object.assign(routes, more);
}

export function routeOf(name: ApiRouteName): Pick<ApiRoute, "method" | "path"> {
  const route = routes[name];
  if (!route) throw new Error(`No route "${name}" here: staff calls go through src/staff/lib/staff-api.ts, which adds theirs.`);
  return route;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ApiErrorDetail[] = [],
    /**
     * True when the restaurant's server itself gave this answer (the contract's JSON error body): it
     * decided something. False for no answer at all, and for another machine's page in its place (a
     * proxy's 502, a Wi-Fi sign-in page): nothing was decided, and trying again may succeed.
     */
    readonly fromServer: boolean = status !== 0,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** True when the request got no usable answer (offline, DNS, connection reset, a sign-in page instead of the server). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** "no-store" also bypasses the service worker's menu cache (see vite.config.ts). */
  cache?: RequestCache;
}

const NETWORK_MESSAGE = "Can't reach the restaurant's server. Check your connection and try again.";
const NOT_THE_SERVER_MESSAGE =
  "Something other than the restaurant's server answered (a Wi-Fi sign-in page?). Check your connection and try again.";

export const noAnswer = () => new ApiError(0, "network_error", NETWORK_MESSAGE);
const notTheServer = () => new ApiError(0, "unexpected_answer", NOT_THE_SERVER_MESSAGE);

function isJsonType(contentType: string | null): boolean {
  return /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(contentType ?? "");
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function errorBodyOf(parsed: unknown): Partial<ApiErrorBody["error"]> | undefined {
  const error = (parsed as Partial<ApiErrorBody> | null | undefined)?.error;
  return error && typeof error === "object" && typeof error.code === "string" && typeof error.message === "string" ? error : undefined;
}

/** An endpoint's path under API_BASE, its parameters filled in and its query written out (a list comma-separated). */
export function pathOf<K extends ApiRouteName>(name: K, request: AddressOf<Endpoints[K]>): string {
  const { params, query } = request as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const path = routeOf(name).path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params?.[key])));
  const pairs = Object.entries(query ?? {}).filter(([, value]) => value !== undefined);
  const text = (value: unknown) => encodeURIComponent(Array.isArray(value) ? value.join(",") : String(value));
  return pairs.length === 0 ? path : `${path}?${pairs.map(([key, value]) => `${key}=${text(value)}`).join("&")}`;
}

type CallRequest<K extends ApiRouteName> = RequestOf<Endpoints[K]> & Pick<ApiRequest, "signal" | "cache">;

/**
 * Calls the endpoint `name` of contract/endpoints.ts and returns its JSON, typed by its entry. Only the
 * server's own answer counts: the API never redirects, so a redirect (a captive portal sending the
 * phone to its sign-in page) fails like no network; a 2xx that is not JSON is a page answering in the
 * server's place, not success.
 */
export function call<K extends ApiRouteName>(
  name: K,
  ...[request]: Partial<CallRequest<K>> extends CallRequest<K> ? [CallRequest<K>?] : [CallRequest<K>]
): Promise<AnswerOf<Endpoints[K]>> {
  const sent = (request ?? {}) as RequestOf<Endpoints[K]> & ApiRequest;
  const { body, headers, signal, cache } = sent;
  return fetchJson(`${API_BASE}${pathOf(name, sent)}`, { method: routeOf(name).method, body, headers, signal, cache });
}

/** The same, for a same-origin JSON file outside the API (the site's event announcement). */
export async function fetchJson<T>(url: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) {
    body = request.body;
  } else if (request.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(request.body);
  }

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: request.method ?? "GET",
      headers,
      body,
      credentials: "same-origin",
      redirect: "error",
      signal: request.signal,
      cache: request.cache,
    });
    // Same-origin requests never see these from the network; a service worker could still hand one over.
    if (response.type === "opaque" || response.type === "opaqueredirect" || response.type === "error") throw noAnswer();
    text = response.status === 204 ? "" : await response.text();
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    throw cause instanceof ApiError ? cause : noAnswer();
  }

  if (response.status === 204) return undefined as T;
  const parsed = isJsonType(response.headers.get("content-type")) ? parseJson(text) : undefined;
  if (response.ok) {
    if (parsed === undefined) throw notTheServer();
    return parsed as T;
  }
  throw errorFromAnswer(response.status, parsed);
}

/** The ApiError for a non-2xx answer whose body was `parsed` (undefined when it was not JSON). */
export function errorFromAnswer(status: number, parsed: unknown): ApiError {
  const error = errorBodyOf(parsed);
  return new ApiError(
    status,
    error?.code ?? `http_${status}`,
    error?.message ?? `The server answered ${status}. Please try again.`,
    error?.details ?? [],
    error !== undefined,
  );
}

/** Any failure as the one client error: an ApiError stays itself, anything else (a bug, a bad answer) says what it was. */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, "client_error", error instanceof Error ? error.message : String(error), [], false);
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
