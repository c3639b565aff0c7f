/**
 * Request parsing with the contract's zod schemas. Malformed JSON, a wrong content type and
 * schema failures all become 4xx in the one error shape — never a 500.
 */
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import type { z } from "zod";
import { ApiHttpError, badRequest, validationError } from "./errors";
import { requestHeader } from "./response-head";

/** The largest JSON body any call takes (file uploads have their own limits: lib/file-upload.ts). */
export const MAX_JSON_BYTES = 64 * 1024;

export const payloadTooLarge = () =>
  new ApiHttpError(413, "payload_too_large", `The request body is larger than ${MAX_JSON_BYTES / 1024} KB.`);

/** The Node request behind a Hono context, when served by @hono/node-server. */
export function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** Refused bodies up to this size are read and dropped before the answer (see discardBody); nginx allows 2 MB. */
const DISCARD_UP_TO_BYTES = 4 * 1024 * 1024;
const DISCARD_FOR_AT_MOST_MS = 5_000;

/**
 * Reads and drops a body the server refuses by its declared size, when it is not huge, before the refusal
 * is sent. A proxy still sending the body when the connection closes under it (the refusal says "close")
 * answers its own 502 instead of our 413; a body already read leaves nothing to cut off.
 */
export function discardBody(c: Context): Promise<void> {
  const incoming = incomingOf(c);
  if (!incoming || incoming.readableEnded || !(Number(c.req.header("content-length")) <= DISCARD_UP_TO_BYTES)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      incoming.off("end", done).off("error", done).off("close", done);
      resolve();
    };
    const timer = setTimeout(done, DISCARD_FOR_AT_MOST_MS);
    incoming.on("end", done).on("error", done).on("close", done);
    incoming.resume();
  });
}

/**
 * The body as text, at most `maxBytes`. Read straight from Node's request stream: going through the
 * Fetch API's Request (an AbortSignal, a web stream) cost more per order than validating it.
 */
async function readBodyText(c: Context, maxBytes: number): Promise<string> {
  const incoming = incomingOf(c);
  if (!incoming || incoming.readableEnded) return c.req.text();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of incoming as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw payloadTooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ApiHttpError) throw error;
    // The client went away half-way: nobody is left to read the answer, but it must still be a 4xx.
    throw badRequest("incomplete_body", "The request body did not arrive whole.");
  }
  return chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8");
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;
const unsupportedMediaType = () =>
  new ApiHttpError(415, "unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");

/**
 * The JSON body parsed by `schema`. With `optional` (the schema accepts no body at all), a request
 * without a body — no bytes, with no Content-Type or with a JSON one — is what the schema makes of
 * `undefined`: `fetch(url, { method: "POST" })` and most HTTP clients send an action that way. A body
 * that is there is checked all the same (415 without a JSON type, 400 when it does not parse).
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S, optional = false): Promise<z.infer<S>> {
  const contentType = requestHeader(c, "content-type") || undefined;
  const isJson = contentType !== undefined && JSON_TYPE.test(contentType);
  // Another declared type is refused unread, body or not: a client speaking forms is not speaking JSON.
  if (!isJson && (!optional || contentType !== undefined)) throw unsupportedMediaType();
  const text = await readBodyText(c, MAX_JSON_BYTES);
  if (optional && text === "") return schema.parse(undefined);
  if (!isJson) throw unsupportedMediaType();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
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

/** Headers by the names the schema lists; a bad one is 400 `invalid_<name>` with the schema's message. */
export function readHeaders<S extends z.ZodObject>(c: Context, schema: S, names = Object.keys(schema.shape)): z.infer<S> {
  const parsed = schema.safeParse(
    Object.fromEntries(names.map((name) => [name, requestHeader(c, name.toLowerCase() as Lowercase<string>)])),
  );
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badRequest(`invalid_${String(issue.path[0]).toLowerCase().replace(/-/g, "_")}`, issue.message);
}
