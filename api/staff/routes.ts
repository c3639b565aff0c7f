import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { createAccount, listAccounts, setOwnPin, updateAccount } from "../auth/staff-management-service";

export function staffRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  serveEndpoint(app, endpoints.staffAccounts, ({ c, query }) =>
    listAccounts(ctx, c.get("staff")!, query.branch_id === undefined ? undefined : knownBranch(query.branch_id)),
  );

  serveEndpoint(app, endpoints.createStaffAccount, ({ c, body }) => createAccount(ctx, c.get("staff")!, body));

  serveEndpoint(
    app,
    endpoints.updateStaffAccount,
    async ({ c, params, body, missing }) => (await updateAccount(ctx, c.get("staff")!, params.id, body)) ?? missing(),
  );

  serveEndpoint(app, endpoints.setOwnPin, ({ c, body }) => setOwnPin(ctx, c.get("staff")!, body.pin));

  return app;
}
