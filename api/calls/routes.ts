import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { branchOpenCalls, callStaff, finishCall, tableOpenCalls } from "./call-service";
import { requestLogger } from "../lib/request-logger";

export function callRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  serveEndpoint(app, endpoints.callStaff, async ({ c, params, body }) => {
    const { call, created } = await callStaff(ctx, params.id, body.kind);
    if (created) requestLogger(c, ctx.logger).info("table called staff", { callId: call.id, tableId: call.station_id, kind: call.kind });
    // 201 for a new call; the open one again is 200.
    return created ? call : c.json(call, 200);
  });

  serveEndpoint(app, endpoints.diningTableCalls, async ({ c, params }) => {
    c.header("Cache-Control", "no-store");
    return tableOpenCalls(ctx, params.id);
  });

  serveEndpoint(app, endpoints.calls, async ({ c, query }) => {
    const branchId = knownBranch(query.branch_id);
    c.header("Cache-Control", "no-store");
    return branchOpenCalls(ctx, branchId);
  });

  serveEndpoint(app, endpoints.finishCall, ({ params }) => finishCall(ctx, params.id));

  return app;
}
