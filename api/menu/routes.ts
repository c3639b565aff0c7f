import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { auditActor } from "../audit/audit-service";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { ApiHttpError, badRequest } from "../lib/errors";
import { requestHeader } from "../lib/response-head";
import { MAX_CSV_BYTES, menuToCsv, parseMenuCsv, type ParsedProduct } from "./menu-csv";
import { menuAnswer, type CachedMenu } from "./menu-cache";
import { loadMenu } from "./menu-repository";
import { createProduct, deleteProduct, importMenu, reorderProducts, replaceProduct, updateProduct } from "./menu-service";

const fileTooLarge = () => new ApiHttpError(413, "file_too_large", `The file is too large; the limit is ${MAX_CSV_BYTES / 1024} KB.`);

/** The uploaded menu, read and parsed; any problem with it is a 4xx, and nothing is imported. */
async function readMenuUpload(c: Context<AppEnv>): Promise<ParsedProduct[]> {
  const contentType = c.req.header("content-type") ?? "";
  if (!contentType) throw badRequest("file_required", "File required.");
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw new ApiHttpError(415, "unsupported_media_type", "Send the file as multipart/form-data, in the field `file`.");
  }
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw badRequest("invalid_multipart", "The upload could not be read; send the file as multipart/form-data.");
  }
  const file = body.file ?? body.menu;
  if (!(file instanceof File)) throw badRequest("file_required", "File required.");
  if (file.size > MAX_CSV_BYTES) throw fileTooLarge();
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw badRequest("invalid_csv", "The file is not UTF-8 text. Save it as CSV UTF-8.", [
      { line: 1, column: "(file)", message: "Not UTF-8 text." },
    ]);
  }
  const parsed = parseMenuCsv(text);
  if (!parsed.ok) throw badRequest("invalid_csv", `The file has ${parsed.errors.length} problem(s); nothing was imported.`, parsed.errors);
  return parsed.products;
}

export function menuRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  const answer = (c: Context<AppEnv>, menu: CachedMenu) =>
    menuAnswer(menu, requestHeader(c, "if-none-match"), requestHeader(c, "accept-encoding"));
  // A cached branch is served without validating the query or asking the database.
  const fromCache: MiddlewareHandler<AppEnv> = async (c, next) => {
    const menu = ctx.menuCache.peek(c.req.query("branch_id"));
    return menu ? answer(c, menu) : next();
  };
  serveEndpoint(app, endpoints.menu, async ({ c, query }) => answer(c, await ctx.menuCache.get(knownBranch(query.branch_id))), fromCache);

  const actor = (c: Context<AppEnv>) => auditActor(c.get("staff")!, ctx);

  serveEndpoint(app, endpoints.updateProduct, async ({ c, params, body, missing }) => {
    const located = await updateProduct(ctx, params.id, body, actor(c));
    return located ? located.product : missing();
  });

  serveEndpoint(app, endpoints.createProduct, async ({ c, query, body }) =>
    createProduct(ctx, knownBranch(query.branch_id), body, actor(c)),
  );
  serveEndpoint(app, endpoints.replaceProduct, async ({ c, params, body, missing }) => {
    return (await replaceProduct(ctx, params.id, body, actor(c))) ?? missing();
  });
  serveEndpoint(app, endpoints.deleteProduct, async ({ c, params, missing }) => {
    if (!(await deleteProduct(ctx, params.id, actor(c)))) missing();
  });
  serveEndpoint(app, endpoints.reorderProducts, async ({ c, query, body }) =>
    reorderProducts(ctx, knownBranch(query.branch_id), body, actor(c)),
  );

  serveEndpoint(app, endpoints.exportMenuCsv, async ({ c, query }) => {
    const branchId = knownBranch(query.branch_id);
    const csv = menuToCsv(await loadMenu(ctx.database.db, branchId));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="menu-branch-${branchId}.csv"`,
      "Cache-Control": "no-store",
    });
  });

  const csvBodyLimit = bodyLimit({
    maxSize: MAX_CSV_BYTES + 64 * 1024,
    onError: () => {
      throw fileTooLarge();
    },
  });
  serveEndpoint(
    app,
    endpoints.uploadMenuCsv,
    async ({ c, query }) => {
      const branchId = knownBranch(query.branch_id);
      const dryRun = query.dry_run ?? false;
      const summary = await importMenu(ctx, branchId, await readMenuUpload(c), dryRun, actor(c));
      if (!dryRun) ctx.logger.info("menu imported", { branchId, ...summary.imported, staff: c.get("staff")?.email });
      return summary;
    },
    csvBodyLimit,
  );

  return app;
}
