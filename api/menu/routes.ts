import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { branchQuerySchema, productPatchSchema } from "../../contract/schemas";
import type { AppContext, AppEnv } from "../app-context";
import { requireStaff } from "../auth/middleware";
import { ApiHttpError, badRequest, notFound } from "../lib/errors";
import { requestHeader } from "../lib/response-head";
import { readJson, readQuery } from "../lib/validate";
import { MAX_CSV_BYTES, menuToCsv, parseMenuCsv } from "./menu-csv";
import { menuAnswer } from "./menu-cache";
import { branchExists, loadMenu } from "./menu-repository";
import { importMenu, setAvailability } from "./menu-service";

const idParam = (raw: string) => {
  if (!/^\d{1,12}$/.test(raw)) throw notFound("product_not_found", "There is no such product.");
  return Number(raw);
};

/** `dry_run=1`; a value that is neither yes nor no is refused rather than read as "import for real". */
function dryRunFlag(raw: string | undefined): boolean {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === "0" || value === "false") return false;
  if (value === "1" || value === "true") return true;
  throw badRequest("invalid_query", "dry_run is 1 (check only) or 0 (import); nothing was imported.", [
    { path: "dry_run", message: "dry_run must be 1 or 0" },
  ]);
}

export function menuRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  const branchFrom = async (c: Parameters<typeof readQuery>[0]) => {
    const { branch_id } = readQuery(c, branchQuerySchema);
    if (!(await branchExists(ctx.database.db, branch_id))) throw notFound("unknown_branch", `There is no branch ${branch_id}.`);
    return branch_id;
  };

  app.get("/products_by_category", async (c) => {
    // A cached branch is served without re-validating the query or asking the database.
    const menu = ctx.menuCache.peek(c.req.query("branch_id")) ?? (await ctx.menuCache.get(await branchFrom(c)));
    return menuAnswer(menu, requestHeader(c, "if-none-match"), requestHeader(c, "accept-encoding"));
  });

  app.patch("/products/:id", requireStaff, async (c) => {
    const productId = idParam(c.req.param("id"));
    const { available } = await readJson(c, productPatchSchema);
    const located = await setAvailability(ctx, productId, available);
    if (!located) throw notFound("product_not_found", "There is no such product.");
    return c.json(located.product);
  });

  app.get("/products/export_csv", requireStaff, async (c) => {
    const branchId = await branchFrom(c);
    const csv = menuToCsv(await loadMenu(ctx.database.db, branchId));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="menu-branch-${branchId}.csv"`,
      "Cache-Control": "no-store",
    });
  });

  app.post(
    "/products/upload_csv",
    requireStaff,
    bodyLimit({
      maxSize: MAX_CSV_BYTES + 64 * 1024,
      onError: () => {
        throw new ApiHttpError(413, "file_too_large", `The file is too large; the limit is ${MAX_CSV_BYTES / 1024} KB.`);
      },
    }),
    async (c) => {
      const branchId = await branchFrom(c);
      const dryRun = dryRunFlag(c.req.query("dry_run"));
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
      if (file.size > MAX_CSV_BYTES) {
        throw new ApiHttpError(413, "file_too_large", `The file is too large; the limit is ${MAX_CSV_BYTES / 1024} KB.`);
      }
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
      } catch {
        throw badRequest("invalid_csv", "The file is not UTF-8 text. Save it as CSV UTF-8.", [
          { line: 1, column: "(file)", message: "Not UTF-8 text." },
        ]);
      }
      const parsed = parseMenuCsv(text);
      if (!parsed.ok) {
        throw badRequest("invalid_csv", `The file has ${parsed.errors.length} problem(s); nothing was imported.`, parsed.errors);
      }
      const summary = await importMenu(ctx, branchId, parsed.products, dryRun);
      if (!dryRun) {
        ctx.logger.info("menu imported", { branchId, ...summary.imported, staff: c.get("staff")?.email });
      }
      return c.json(summary);
    },
  );

  return app;
}
