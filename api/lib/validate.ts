/**
 * Request parsing with the contract's zod schemas. Malformed JSON, a wrong content type and
 * schema failures all become 4xx in the one error shape — never a 500.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { ApiHttpError, badRequest, validationError } from "./errors";

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const contentType = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new ApiHttpError(415, "unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
  }
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw badRequest("invalid_json", "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error, "body");
  return parsed.data;
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw validationError(parsed.error, "query");
  return parsed.data;
}
