import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { badRequest } from "../lib/errors";
import { findPublicStation, listStations } from "./station-queries";
import { changeStation, createDiningTable, removeStation } from "./station-service";

export function stationRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  const { database } = ctx;

  serveEndpoint(app, endpoints.diningTables, async ({ query }) => listStations(database.db, knownBranch(query.branch_id)));

  serveEndpoint(app, endpoints.createDiningTable, async ({ query, body }) => {
    if (query.branch_id !== undefined && body.branch_id !== undefined && query.branch_id !== body.branch_id) {
      throw badRequest("branch_mismatch", "branch_id in the query and in the body differ.");
    }
    const branchId = query.branch_id ?? body.branch_id;
    if (branchId === undefined) throw badRequest("invalid_body", "branch_id is required (in the query or the body).");
    return createDiningTable(ctx, knownBranch(branchId), body.codename, body.capacity);
  });

  serveEndpoint(app, endpoints.updateDiningTable, async ({ params, body, missing }) => {
    return (await changeStation(ctx, params.id, body)) ?? missing();
  });

  serveEndpoint(app, endpoints.deleteDiningTable, async ({ params, missing }) => {
    if (!(await removeStation(ctx, params.id))) missing();
  });

  serveEndpoint(app, endpoints.diningTable, async ({ params, missing }) => (await findPublicStation(database.db, params.id)) ?? missing());

  return app;
}
