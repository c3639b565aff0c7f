/**
 * The HTTP contract, published: `GET /api/openapi.json` (the OpenAPI document contract/openapi.ts builds
 * from the endpoint table) and `GET /api/docs` (the same document as a reference page). Both are
 * public and the same for every caller, so they are built once, on the first request, and cached by
 * browsers and proxies for a few minutes, then revalidated by ETag. They describe the contract and are
 * not endpoints of it (docs/decisions/0018-openapi-from-the-contract.md).
 */
import { createHash } from "node:crypto";
import { Hono, type Context } from "hono";
import { openApiDocument } from "../../contract/openapi";
import type { AppEnv } from "../app-context";
import { matchesIfNoneMatch } from "../lib/http-cache";
import { referencePage } from "./reference-page";

/** Under `/api`, beside the contract's endpoints. */
export const DOCS_PATHS = { document: "/openapi.json", reference: "/docs" } as const;

/** A deploy changes the document; five minutes of a stale copy, then a cheap 304, costs an integrator nothing. */
const CACHE_CONTROL = "public, max-age=300";

interface Published {
  body: string;
  contentType: string;
  etag: string;
}

const published = (body: string, contentType: string): Published => ({
  body,
  contentType,
  etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`,
});

let built: { document: Published; reference: Published } | undefined;

/** ~0.1 s of zod-to-JSON-Schema conversion, so it waits for the first request instead of every start-up. */
function publishedDocs() {
  if (!built) {
    const document = openApiDocument();
    built = {
      document: published(JSON.stringify(document), "application/json; charset=utf-8"),
      reference: published(referencePage(document), "text/html; charset=utf-8"),
    };
  }
  return built;
}

function answer(c: Context<AppEnv>, { body, contentType, etag }: Published): Response {
  const headers = { "cache-control": CACHE_CONTROL, etag };
  if (matchesIfNoneMatch(c.req.header("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, "content-type": contentType } });
}

export function docsRoutes() {
  const app = new Hono<AppEnv>();
  app.get(DOCS_PATHS.document, (c) => answer(c, publishedDocs().document));
  app.get(DOCS_PATHS.reference, (c) => answer(c, publishedDocs().reference));
  return app;
}
