import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { clientAddress } from "../lib/client-address";
import { serveEndpoint } from "../lib/endpoint";
import { requestLogger } from "../lib/request-logger";
import { ApiHttpError, RetryLaterError } from "../lib/errors";
import { refusePin } from "./sign-in-service";
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH } from "./device-cookie";
import { SESSION_COOKIE, readToken, secretAnswer, secureCookie } from "./middleware";

export function authRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  // A cookie's lifetime in seconds from now (Max-Age), not a date (Expires): the browser counts it on
  // its own clock, so a phone or tablet whose clock is off by hours keeps it as long as the server does.
  const maxAgeUntil = (at: Date) => Math.max(0, Math.floor((at.getTime() - ctx.clock.now().getTime()) / 1000));

  serveEndpoint(
    app,
    endpoints.login,
    async ({ c, body: { email, password } }) => {
      const result = await ctx.signIn.signIn({
        email,
        password,
        address: clientAddress(c, ctx.config.trustedProxies),
        logger: requestLogger(c, ctx.logger),
        sessionTtlMs: ctx.config.sessionTtlMs,
        deviceCookie: getCookie(c, DEVICE_COOKIE),
      });
      switch (result.outcome) {
        case "too_many_attempts":
          throw new RetryLaterError(
            429,
            "too_many_attempts",
            "Too many sign-in attempts. Wait a few minutes and try again.",
            result.retryAfterSeconds,
          );
        case "busy":
          throw new RetryLaterError(
            503,
            "busy",
            "The server is busy checking other sign-ins. Try again in a moment.",
            result.retryAfterSeconds,
          );
        case "invalid_credentials":
          throw new ApiHttpError(401, "invalid_credentials", "The e-mail or password is incorrect.");
      }
      setCookie(c, SESSION_COOKIE, result.token, {
        httpOnly: true,
        sameSite: "Strict",
        secure: secureCookie(c, ctx.config),
        path: "/",
        maxAge: maxAgeUntil(result.expiresAt),
      });
      // This browser is now a known device for the account (device-cookie.ts); sign-out leaves it.
      setCookie(c, DEVICE_COOKIE, result.deviceCookie.value, {
        httpOnly: true,
        sameSite: "Strict",
        secure: secureCookie(c, ctx.config),
        path: DEVICE_COOKIE_PATH,
        maxAge: maxAgeUntil(result.deviceCookie.expiresAt),
      });
      return { access_token: result.token };
    },
    secretAnswer,
  );

  serveEndpoint(app, endpoints.currentUser, ({ c }) => {
    const staff = c.get("staff")!;
    return { logged_in_as: staff.email, id: staff.id, name: staff.name, role: staff.role, branch_ids: staff.branchIds };
  });

  // CSRF: a write, so a cookie-carrying switch from another site is refused by refuseCrossSite as sign-in is.
  serveEndpoint(
    app,
    endpoints.switchUser,
    async ({ c, body }) => {
      const result = await ctx.signIn.switchUser({
        who: body.staff_id !== undefined ? { staffId: body.staff_id } : { email: body.email! },
        pin: body.pin,
        address: clientAddress(c, ctx.config.trustedProxies),
        logger: requestLogger(c, ctx.logger),
        sessionTtlMs: ctx.config.sessionTtlMs,
        currentToken: c.get("token")!,
      });
      if (result.outcome !== "signed_in") refusePin(result);
      setCookie(c, SESSION_COOKIE, result.token, {
        httpOnly: true,
        sameSite: "Strict",
        secure: secureCookie(c, ctx.config),
        path: "/",
        maxAge: maxAgeUntil(result.expiresAt),
      });
      return { access_token: result.token };
    },
    secretAnswer,
  );

  serveEndpoint(
    app,
    endpoints.logout,
    async ({ c }) => {
      const found = readToken(c);
      if (found) await ctx.signIn.signOut(found.token);
      deleteCookie(c, SESSION_COOKIE, { path: "/", secure: secureCookie(c, ctx.config), httpOnly: true, sameSite: "Strict" });
      return { logged_out: true as const };
    },
    secretAnswer,
  );

  return app;
}
