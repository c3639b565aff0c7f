import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { boardHeartbeat, kitchenStatus, markOrderSeen } from "./kitchen-service";

export function kitchenRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  serveEndpoint(app, endpoints.markOrderSeen, ({ params }) => markOrderSeen(ctx, params.id));

  serveEndpoint(app, endpoints.boardHeartbeat, async ({ c, body }) => {
    knownBranch(body.branch_id);
    c.header("Cache-Control", "no-store");
    return boardHeartbeat(ctx, body);
  });

  serveEndpoint(app, endpoints.kitchenStatus, async ({ c, query }) => {
    const branchId = knownBranch(query.branch_id);
    c.header("Cache-Control", "no-store");
    return kitchenStatus(ctx, branchId);
  });

  return app;
}
