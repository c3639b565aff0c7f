/**
 * Who is calling, and whether a write may go ahead.
 * A staff call is authenticated by `Authorization: Bearer <token>` or by the HttpOnly cookie.
 * Browsers attach the cookie to cross-site requests too, so a state-changing request that relies on
 * the cookie must come from our own origin (CSRF); a bearer token is never sent implicitly, so it need not.
 *
 * The session is looked up only by `requireStaff`, i.e. on the routes that need a staff identity:
 * the menu, health and order calls diners make all day cost no session query. The cross-site check
 * needs no lookup — only whether the cookie is what would authenticate the request.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { API_ROUTES } from "../../contract/api-routes";
import type { AppContext, AppEnv } from "../app-context";
import type { AppConfig } from "../config";
import { cameOverHttps, requestOrigin, trustedProxyList } from "../lib/client-address";
import { ApiHttpError } from "../lib/errors";
import { noStore } from "../lib/response-head";
import { branchOfResource } from "./branch-scope";
import { findSessionStaff } from "./session-queries";

export const SESSION_COOKIE = "access_token";
const SIGN_IN_PATH = `/api${API_ROUTES.login.path}`;
const SIGN_OUT_PATH = `/api${API_ROUTES.logout.path}`;

export function readToken(c: Context): { token: string; via: "bearer" | "cookie" } | undefined {
  const header = c.req.header("authorization");
  const bearer = header?.match(/^Bearer\s+(\S{1,512})$/i)?.[1];
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = getCookie(c, SESSION_COOKIE);
  if (cookie && cookie.length <= 512) return { token: cookie, via: "cookie" };
  return undefined;
}

/** Same origin = same scheme, host and port as the request itself (or one of TRUSTED_ORIGINS). */
export function isSameOrigin(c: Context, config: Pick<AppConfig, "trustedOrigins" | "trustedProxies">): boolean {
  const origin = c.req.header("origin");
  if (origin) {
    if (config.trustedOrigins.includes(origin)) return true;
    const own = requestOrigin(c, config.trustedProxies);
    try {
      return own !== undefined && new URL(origin).origin === own;
    } catch {
      return false; // "null" and other opaque origins
    }
  }
  // No Origin header: browsers still say where a request came from in Sec-Fetch-Site.
  const site = c.req.header("sec-fetch-site");
  return site === undefined || site === "same-origin" || site === "none";
}

/** The session cookie is Secure over HTTPS (directly or via a trusted proxy), always in production, and when SECURE_COOKIES=1. */
export function secureCookie(c: Context, config: Pick<AppConfig, "secureCookies" | "production" | "trustedProxies">): boolean {
  return config.secureCookies || config.production || cameOverHttps(c, config.trustedProxies);
}

/**
 * On the routes of staff endpoints (and GET /metrics), without touching the database: makes the
 * session lookup available to `requireStaff`. Public reads (health, the menu) run without it: a
 * link in the middleware chain of every request costs more than those answers' own work.
 */
export function staffAuth(ctx: AppContext): MiddlewareHandler<AppEnv> {
  const findStaff = (token: string) => findSessionStaff(ctx.database.db, token, ctx.clock.now());
  const branchOf: NonNullable<AppEnv["Variables"]["branchOf"]> = (kind, id) => branchOfResource(ctx.database.db, kind, id);
  return (c, next) => {
    c.set("findStaff", findStaff);
    c.set("branchOf", branchOf);
    c.set("requireStaff", requireStaff);
    return next();
  };
}

/**
 * On every /api write (POST, PUT, PATCH, DELETE), without touching the database: 403 to a
 * cookie-carrying write from another origin and to a cross-site sign-in / sign-out (login CSRF).
 * Reads change nothing, so they need no such check.
 */
export function refuseCrossSite(ctx: AppContext): MiddlewareHandler<AppEnv> {
  trustedProxyList(ctx.config.trustedProxies); // a malformed TRUSTED_PROXIES stops start-up here
  return (c, next) => {
    // The cookie counts whenever it is what would authenticate: any Authorization header that is not a
    // usable bearer token (e.g. Basic credentials a browser attaches on its own) leaves the cookie in charge.
    const carriesCookie = readToken(c)?.via === "cookie";
    const isAuthCall = c.req.path === SIGN_IN_PATH || c.req.path === SIGN_OUT_PATH;
    if ((carriesCookie || isAuthCall) && !isSameOrigin(c, ctx.config)) {
      throw new ApiHttpError(403, "cross_origin_refused", "This request came from another site and was refused.");
    }
    return next();
  };
}

/** For answers that carry a secret without being staff answers (sign-in, sign-out): never stored. */
export const secretAnswer: MiddlewareHandler<AppEnv> = async (c, next) => {
  noStore(c);
  await next();
};

/**
 * 401 unless the request carries a live session; sets `staff`, `authVia` and `token` for the route.
 * Every answer of a staff route, its refusals and live streams included, is marked no-store here, so
 * no route can forget it.
 */
export const requireStaff: MiddlewareHandler<AppEnv> = async (c, next) => {
  noStore(c);
  const findStaff = c.get("findStaff");
  if (!findStaff) throw new Error("requireStaff needs the staffAuth middleware in front of it");
  const found = readToken(c);
  const staff = found && (await findStaff(found.token));
  if (!found || !staff) {
    throw new ApiHttpError(401, "unauthenticated", "Sign in as staff to do this.");
  }
  c.set("staff", staff);
  c.set("authVia", found.via);
  c.set("token", found.token);
  await next();
};
