import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { auditActor } from "../audit/audit-service";
import { serveEndpoint } from "../lib/endpoint";
import { findBranch } from "./branch-queries";
import { changeHappyHours } from "./branch-service";

export function branchRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  // The restaurant's settings staff screens need (the QR codes' origin); one per server, not per branch.
  serveEndpoint(app, endpoints.staffSettings, () => ({ public_origin: ctx.config.publicOrigin ?? null }));

  serveEndpoint(app, endpoints.branch, async ({ params, missing }) => (await findBranch(ctx.database.db, params.id)) ?? missing());

  serveEndpoint(
    app,
    endpoints.setHappyHours,
    async ({ c, params, body, missing }) => (await changeHappyHours(ctx, params.id, body, auditActor(c.get("staff")!, ctx))) ?? missing(),
  );

  return app;
}
