/**
 * `GET /metrics`, outside `/api` as Prometheus expects: the registry in the Prometheus text format.
 * Readable with `Authorization: Bearer <METRICS_TOKEN>` (what a Prometheus server sends), or by a
 * signed-in member of staff whom `mayReadMetrics` lets in; anyone else gets 401 (or 403) in the
 * contract's error shape.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Hono, MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "../app-context";
import { requireStaff, staffAuth } from "../auth/middleware";
import type { StaffIdentity } from "../lib/app-env";
import { ApiHttpError } from "../lib/errors";
import { noStore, requestHeader } from "../lib/response-head";
import { EXPOSITION_CONTENT_TYPE, exposition, type Metrics } from "./registry";
import { roleMay } from "../../contract/roles";

export const METRICS_PATH = "/metrics";

/** Who among signed-in staff may read the metrics: those who may read the reports (owners, managers). */
export function mayReadMetrics(staff: StaffIdentity): boolean {
  return roleMay(staff.role, "reports");
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether `Authorization` carries the metrics token. Both sides are hashed first, so the comparison
 * takes the same time whatever the token's length or how much of it a guess gets right.
 */
export function bearerMatches(authorization: string | undefined, expectedDigest: Buffer | undefined): boolean {
  if (!expectedDigest || !authorization) return false;
  const given = /^Bearer\s+(\S{1,512})$/i.exec(authorization)?.[1];
  return given !== undefined && timingSafeEqual(digest(given), expectedDigest);
}

export function serveMetrics(app: Hono<AppEnv>, ctx: AppContext, metrics: Metrics): void {
  const expected = ctx.config.metricsToken ? digest(ctx.config.metricsToken) : undefined;
  const answer = async (): Promise<Response> =>
    new Response(await exposition(metrics), { headers: { "content-type": EXPOSITION_CONTENT_TYPE } });

  // The token's holder (Prometheus) is answered here; anyone else goes on to the staff check.
  const byToken: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!bearerMatches(requestHeader(c, "authorization"), expected)) return next();
    noStore(c);
    return answer();
  };

  app.get(METRICS_PATH, staffAuth(ctx), byToken, requireStaff, async (c) => {
    if (!mayReadMetrics(c.get("staff")!)) throw new ApiHttpError(403, "forbidden", "Your account may not read the metrics.");
    return answer();
  });
}
