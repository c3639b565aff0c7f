import { Hono } from "hono";
import { branchQuerySchema, stationCreateSchema, stationUpdateSchema } from "../../contract/schemas";
import type { AppContext, AppEnv } from "../app-context";
import { requireStaff } from "../auth/middleware";
import { badRequest, notFound } from "../lib/errors";
import { readJson, readQuery } from "../lib/validate";
import { branchExists } from "../menu/menu-repository";
import { deleteStation, findPublicStation, insertStation, listStations, updateStation } from "./station-repository";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const stationNotFound = () => notFound("station_not_found", "There is no such station.");

export function stationRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  const { database } = ctx;
  const knownBranch = async (branchId: number) => {
    if (!(await branchExists(database.db, branchId))) throw notFound("unknown_branch", `There is no branch ${branchId}.`);
    return branchId;
  };
  const stationId = (raw: string) => {
    if (!UUID.test(raw)) throw stationNotFound();
    return raw;
  };

  app.get("/stations", requireStaff, async (c) => {
    const { branch_id } = readQuery(c, branchQuerySchema);
    return c.json(await listStations(database.db, await knownBranch(branch_id)));
  });

  app.post("/stations", requireStaff, async (c) => {
    const body = await readJson(c, stationCreateSchema);
    const query = c.req.query("branch_id");
    const fromQuery = query === undefined ? undefined : readQuery(c, branchQuerySchema).branch_id;
    if (fromQuery !== undefined && body.branch_id !== undefined && fromQuery !== body.branch_id) {
      throw badRequest("branch_mismatch", "branch_id in the query and in the body differ.");
    }
    const branchId = fromQuery ?? body.branch_id;
    if (branchId === undefined) throw badRequest("invalid_body", "branch_id is required (in the query or the body).");
    const known = await knownBranch(branchId);
    const station = await database.transaction((tx) => insertStation(tx, known, body.codename, body.capacity));
    return c.json(station, 201);
  });

  app.put("/stations/:id", requireStaff, async (c) => {
    const id = stationId(c.req.param("id"));
    const changes = await readJson(c, stationUpdateSchema);
    const station = await database.transaction((tx) => updateStation(tx, id, changes));
    if (!station) throw stationNotFound();
    return c.json(station);
  });

  app.delete("/stations/:id", requireStaff, async (c) => {
    const id = stationId(c.req.param("id"));
    if (!(await database.transaction((tx) => deleteStation(tx, id)))) throw stationNotFound();
    return c.body(null, 204);
  });

  // Public: the order screen learns the table's branch from it. Knowing the UUID is the capability.
  app.get("/stations/:id", async (c) => {
    const station = await findPublicStation(database.db, stationId(c.req.param("id")));
    if (!station) throw stationNotFound();
    return c.json(station);
  });

  return app;
}
