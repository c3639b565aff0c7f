import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { serveEndpoint } from "../lib/endpoint";
import { findBranch } from "./branch-queries";
import { changeHappyHours } from "./branch-service";

export function branchRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  serveEndpoint(app, endpoints.branch, async ({ params, missing }) => (await findBranch(ctx.database.db, params.id)) ?? missing());

  // Staff for now; owners and managers once accounts have roles (API.md "Running the restaurant").
  serveEndpoint(
    app,
    endpoints.setHappyHours,
    async ({ params, body, missing }) => (await changeHappyHours(ctx.database, params.id, body)) ?? missing(),
  );

  return app;
}
