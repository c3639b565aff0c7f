import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { closeTab, listOpenTabs, readTab } from "./tab-service";
import { requestLogger } from "../lib/request-logger";

export function tabRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  serveEndpoint(app, endpoints.tab, async ({ c, params }) => {
    c.header("Cache-Control", "no-store");
    return readTab(ctx, params.id);
  });

  serveEndpoint(app, endpoints.closeTab, async ({ c, params, body }) => {
    const tab = await closeTab(ctx, params.id, body.paid_with);
    requestLogger(c, ctx.logger).info("tab closed", { tabId: tab.id, tableId: tab.station_id, total: tab.total, paidWith: tab.paid_with });
    return tab;
  });

  serveEndpoint(app, endpoints.openTabs, async ({ c, query }) => {
    const branchId = knownBranch(query.branch_id);
    c.header("Cache-Control", "no-store");
    return listOpenTabs(ctx, branchId);
  });

  return app;
}
