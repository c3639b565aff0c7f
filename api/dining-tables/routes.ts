import { Hono, type Context } from "hono";
import { auditActor } from "../audit/audit-service";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { badRequest } from "../lib/errors";
import { findPublicDiningTable, listDiningTables } from "./dining-table-queries";
import { changeDiningTable, createDiningTable, removeDiningTable } from "./dining-table-service";
import { readFloor } from "./floor-service";

export function diningTableRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  const { database } = ctx;
  const actor = (c: Context<AppEnv>) => auditActor(c.get("staff")!, ctx);

  serveEndpoint(app, endpoints.diningTables, async ({ query }) => listDiningTables(database.db, knownBranch(query.branch_id)));

  serveEndpoint(app, endpoints.createDiningTable, async ({ c, query, body }) => {
    if (query.branch_id !== undefined && body.branch_id !== undefined && query.branch_id !== body.branch_id) {
      throw badRequest("branch_mismatch", "branch_id in the query and in the body differ.");
    }
    const branchId = query.branch_id ?? body.branch_id;
    if (branchId === undefined) throw badRequest("invalid_body", "branch_id is required (in the query or the body).");
    return createDiningTable(ctx, knownBranch(branchId), body, actor(c));
  });

  serveEndpoint(app, endpoints.updateDiningTable, async ({ c, params, body, missing }) => {
    return (await changeDiningTable(ctx, params.id, body, actor(c))) ?? missing();
  });

  serveEndpoint(app, endpoints.deleteDiningTable, async ({ c, params, missing }) => {
    if (!(await removeDiningTable(ctx, params.id, actor(c)))) missing();
  });

  serveEndpoint(app, endpoints.floor, async ({ query }) => readFloor(ctx, knownBranch(query.branch_id)));

  serveEndpoint(
    app,
    endpoints.diningTable,
    async ({ params, missing }) => (await findPublicDiningTable(database.db, params.id)) ?? missing(),
  );

  return app;
}
