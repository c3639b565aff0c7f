import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { reprintOrder } from "./print-queue";
import { branchPrinters, createPrinter, deletePrinter, updatePrinter } from "./printer-service";

export function printerRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  const { database } = ctx;

  serveEndpoint(app, endpoints.printers, async ({ c, query }) => {
    const branchId = knownBranch(query.branch_id);
    c.header("Cache-Control", "no-store");
    return branchPrinters(database.db, branchId);
  });

  serveEndpoint(app, endpoints.createPrinter, async ({ body }) => {
    const printer = await createPrinter(database, body, ctx.clock.now());
    ctx.logger.info("printer added", { printerId: printer.id, branchId: printer.branch_id });
    return printer;
  });

  serveEndpoint(app, endpoints.updatePrinter, ({ params, body }) => updatePrinter(database, params.id, body, ctx.clock.now()));

  serveEndpoint(app, endpoints.deletePrinter, ({ params }) => deletePrinter(database, params.id));

  serveEndpoint(app, endpoints.printOrder, ({ params }) => reprintOrder(database, params.id, ctx.clock.now()));

  return app;
}
