/**
 * Who is calling, and whether a write may go ahead.
 * A staff call is authenticated by `Authorization: Bearer <token>` or by the HttpOnly cookie.
 * Browsers attach the cookie to cross-site requests too, so a state-changing request that relies on
 * the cookie must come from our own origin (CSRF); a bearer token is never sent implicitly, so it need not.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppContext, AppEnv } from "../app-context";
import { ApiHttpError } from "../lib/errors";
import { findSessionStaff } from "./staff-repository";

export const SESSION_COOKIE = "access_token";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function readToken(c: Context): { token: string; via: "bearer" | "cookie" } | undefined {
  const header = c.req.header("authorization");
  const bearer = header?.match(/^Bearer\s+(\S{1,512})$/i)?.[1];
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = getCookie(c, SESSION_COOKIE);
  if (cookie && cookie.length <= 512) return { token: cookie, via: "cookie" };
  return undefined;
}

/** Resolves the caller (if any) for every /api request; never refuses by itself. */
export function identify(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = readToken(c);
    if (found) {
      const staff = findSessionStaff(ctx.db, found.token);
      if (staff) {
        c.set("staff", staff);
        c.set("authVia", found.via);
        c.set("token", found.token);
      }
    }
    await next();
  };
}

export function isSameOrigin(c: Context, trustedOrigins: string[]): boolean {
  const origin = c.req.header("origin");
  if (origin) {
    if (trustedOrigins.includes(origin)) return true;
    try {
      return new URL(origin).host === c.req.header("host");
    } catch {
      return false; // "null" and other opaque origins
    }
  }
  // No Origin header: browsers still say where a request came from in Sec-Fetch-Site.
  const site = c.req.header("sec-fetch-site");
  return site === undefined || site === "same-origin" || site === "none";
}

/** 403 for a cookie-carrying write from another origin, and for cross-site sign-in / sign-out (login CSRF). */
export function refuseCrossSiteWrites(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // The cookie counts whenever it is what would authenticate: any Authorization header that is not a
    // usable bearer token (e.g. Basic credentials a browser attaches on its own) leaves the cookie in charge.
    const carriesCookie = readToken(c)?.via === "cookie";
    const isAuthCall = c.req.path === "/api/login" || c.req.path === "/api/logout";
    if ((carriesCookie || isAuthCall) && !isSameOrigin(c, ctx.config.trustedOrigins)) {
      throw new ApiHttpError(403, "cross_origin_refused", "This request came from another site and was refused.");
    }
    return next();
  };
}

export const requireStaff: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("staff")) {
    throw new ApiHttpError(401, "unauthenticated", "Sign in as staff to do this.");
  }
  await next();
};
