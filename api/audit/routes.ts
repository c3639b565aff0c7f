import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { readAuditLog } from "./audit-service";

const DEFAULT_LIMIT = 100;

export function auditRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  serveEndpoint(app, endpoints.auditLog, async ({ query }) =>
    readAuditLog(ctx.database.db, {
      branchId: query.branch_id === undefined ? undefined : knownBranch(query.branch_id),
      limit: query.limit ?? DEFAULT_LIMIT,
    }),
  );

  return app;
}
