import { Hono, type Context } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { auditActor } from "../audit/audit-service";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { reprintOrder } from "./print-job-service";
import { branchPrinters, createPrinter, deletePrinter, updatePrinter } from "./printer-service";
import { requestLogger } from "../lib/request-logger";

export function printerRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  const { database } = ctx;
  const actor = (c: Context<AppEnv>) => auditActor(c.get("staff")!, ctx);

  serveEndpoint(app, endpoints.printers, async ({ query }) => {
    const branchId = knownBranch(query.branch_id);
    return branchPrinters(database.db, branchId);
  });

  serveEndpoint(app, endpoints.createPrinter, async ({ c, body }) => {
    const printer = await createPrinter(ctx, body, actor(c));
    requestLogger(c, ctx.logger).info("printer added", { printerId: printer.id, branchId: printer.branch_id });
    return printer;
  });

  serveEndpoint(app, endpoints.updatePrinter, ({ c, params, body }) => updatePrinter(ctx, params.id, body, actor(c)));

  serveEndpoint(app, endpoints.deletePrinter, ({ c, params }) => deletePrinter(ctx, params.id, actor(c)));

  serveEndpoint(app, endpoints.printOrder, ({ params }) => reprintOrder(ctx, params.id));

  return app;
}
