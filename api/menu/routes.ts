import { Hono, type Context, type MiddlewareHandler } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { auditActor } from "../audit/audit-service";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { badRequest } from "../lib/errors";
import { readUploadedFile } from "../lib/file-upload";
import { matchesIfNoneMatch } from "../lib/http-cache";
import { requestHeader } from "../lib/response-head";
import { menuToCsv, parseMenuCsv, type ParsedProduct } from "./menu-csv";
import { menuAnswer, type CachedMenu } from "./menu-cache";
import { findProduct, loadMenu } from "./menu-repository";
import { createProduct, deleteProduct, importMenu, reorderProducts, replaceProduct, updateProduct } from "./menu-service";
import { storedImage } from "./photo-repository";
import { removeProductPhoto, setProductPhoto } from "./photo-service";
import { requestLogger } from "../lib/request-logger";

/** A stored photo's bytes never change (its URL is their hash): caches keep it for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** The uploaded menu, read and parsed; any problem with it is a 4xx, and nothing is imported. */
async function readMenuUpload(c: Context<AppEnv>): Promise<ParsedProduct[]> {
  const file = await readUploadedFile(c, endpoints.uploadMenuCsv.body);
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

  serveEndpoint(app, endpoints.uploadProductPhoto, async ({ c, params, missing }) => {
    // Before the file is read: a photo for a product that is gone is neither read nor resized.
    if (!(await findProduct(ctx.database.db, params.id))) missing();
    const file = await readUploadedFile(c, endpoints.uploadProductPhoto.body);
    return (await setProductPhoto(ctx, params.id, new Uint8Array(await file.arrayBuffer()), actor(c))) ?? missing();
  });
  serveEndpoint(app, endpoints.deleteProductPhoto, async ({ c, params, missing }) => {
    return (await removeProductPhoto(ctx, params.id, actor(c))) ?? missing();
  });
  serveEndpoint(app, endpoints.photo, async ({ c, params, missing }) => {
    const image = (await storedImage(ctx.database.db, params.hash)) ?? missing();
    const etag = `"${params.hash}"`;
    if (matchesIfNoneMatch(requestHeader(c, "if-none-match"), etag)) {
      return new Response("", { status: 304, headers: { etag, "cache-control": IMMUTABLE } });
    }
    const bytes = new Uint8Array(image.bytes);
    return new Response(bytes, {
      headers: { "content-type": image.contentType, "content-length": String(bytes.length), "cache-control": IMMUTABLE, etag },
    });
  });

  serveEndpoint(app, endpoints.exportMenuCsv, async ({ c, query }) => {
    const branchId = knownBranch(query.branch_id);
    const csv = menuToCsv(await loadMenu(ctx.database.db, branchId));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="menu-branch-${branchId}.csv"`,
      "Cache-Control": "no-store",
    });
  });

  serveEndpoint(app, endpoints.uploadMenuCsv, async ({ c, query }) => {
    const branchId = knownBranch(query.branch_id);
    const dryRun = query.dry_run ?? false;
    const summary = await importMenu(ctx, branchId, await readMenuUpload(c), dryRun, actor(c));
    if (!dryRun) requestLogger(c, ctx.logger).info("menu imported", { branchId, ...summary.imported, staff: c.get("staff")?.email });
    return summary;
  });

  return app;
}
