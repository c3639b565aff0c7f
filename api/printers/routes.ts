import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { reprintOrder } from "./print-job-service";
import { branchPrinters, createPrinter, deletePrinter, updatePrinter } from "./printer-service";

export function printerRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  const { database } = ctx;

  serveEndpoint(app, endpoints.printers, async ({ query }) => {
    const branchId = knownBranch(query.branch_id);
    return branchPrinters(database.db, branchId);
  });

  serveEndpoint(app, endpoints.createPrinter, async ({ body }) => {
    const printer = await createPrinter(ctx, body);
    ctx.logger.info("printer added", { printerId: printer.id, branchId: printer.branch_id });
    return printer;
  });

  serveEndpoint(app, endpoints.updatePrinter, ({ params, body }) => updatePrinter(ctx, params.id, body));

  serveEndpoint(app, endpoints.deletePrinter, ({ params }) => deletePrinter(ctx, params.id));

  serveEndpoint(app, endpoints.printOrder, ({ params }) => reprintOrder(ctx, params.id));

  return app;
}
