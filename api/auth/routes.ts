import { Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { getConnInfo } from "@hono/node-server/conninfo";
import { loginBodySchema, type CurrentUserResponse, type LoginResponse } from "../../contract/schemas";
import type { AppContext, AppEnv } from "../app-context";
import { ApiHttpError } from "../lib/errors";
import { readJson } from "../lib/validate";
import { SESSION_COOKIE, requireStaff } from "./middleware";
import { timingDummyHash, verifyPassword } from "./passwords";
import { createSession, deleteSession, findStaffByEmail, normalizeEmail } from "./staff-repository";

function clientAddress(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}

export function authRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  app.post("/login", async (c) => {
    const { email, password } = await readJson(c, loginBodySchema);
    const account = normalizeEmail(email);
    const address = clientAddress(c);

    const waitMs = ctx.throttle.retryAfterMs(account, address);
    if (waitMs > 0) {
      c.header("Retry-After", String(Math.ceil(waitMs / 1000)));
      throw new ApiHttpError(429, "too_many_attempts", "Too many sign-in attempts. Wait a few minutes and try again.");
    }

    const staff = findStaffByEmail(ctx.db, account);
    const valid = await verifyPassword(password, staff?.passwordHash ?? (await timingDummyHash()));
    if (!staff || !valid) {
      ctx.throttle.recordFailure(account, address);
      ctx.logger.warn("login failed", { account, address });
      throw new ApiHttpError(401, "invalid_credentials", "The e-mail or password is incorrect.");
    }

    ctx.throttle.recordSuccess(account);
    const { token, expiresAt } = createSession(ctx.db, staff.id, ctx.config.sessionTtlMs);
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "Strict",
      secure: ctx.config.secureCookies,
      path: "/",
      expires: expiresAt,
    });
    ctx.logger.info("login", { account });
    return c.json<LoginResponse>({ access_token: token });
  });

  app.get("/current_user", requireStaff, (c) => c.json<CurrentUserResponse>({ logged_in_as: c.get("staff")!.email }));

  app.post("/logout", (c) => {
    const token = c.get("token");
    if (token) deleteSession(ctx.db, token);
    deleteCookie(c, SESSION_COOKIE, { path: "/", secure: ctx.config.secureCookies, httpOnly: true, sameSite: "Strict" });
    return c.json({ logged_out: true });
  });

  return app;
}
