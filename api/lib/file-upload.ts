/**
 * The one way a route reads a file upload: an entry whose body is a `FileUpload` (contract/endpoints.ts)
 * names the form field and the largest file. `serveEndpoint` puts `uploadBodyLimit` in front of the
 * route, so a body over the limit is refused with 413 before it is buffered (a declared Content-Length
 * at once, a chunked body as it is counted); the route then calls `readUploadedFile` when it is ready
 * for the file (after checking what the path names, so a refused request is never read). Every problem
 * is a 4xx in the contract's error shape.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { FileUpload } from "../../contract/endpoints";
import type { AppEnv } from "./app-env";
import { ApiHttpError, badRequest } from "./errors";

/** Room for the multipart framing around the file: boundaries and part headers. */
const FRAMING_BYTES = 64 * 1024;

const MB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes >= MB ? `${bytes / MB} MB` : `${bytes / 1024} KB`);

const fileTooLarge = (upload: FileUpload) =>
  new ApiHttpError(413, "file_too_large", `The file is too large; the limit is ${sizeText(upload.maxBytes)}.`);

/** Refuses a body larger than the file and its framing before the route reads it. */
export function uploadBodyLimit(upload: FileUpload): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: upload.maxBytes + FRAMING_BYTES,
    onError: () => {
      throw fileTooLarge(upload);
    },
  });
}

/** The uploaded file, from the entry's field (or the older name `alias`, where the entry has one). */
export async function readUploadedFile(c: Context<AppEnv>, upload: FileUpload): Promise<File> {
  const contentType = c.req.header("content-type") ?? "";
  if (!contentType) throw badRequest("file_required", "File required.");
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw new ApiHttpError(415, "unsupported_media_type", `Send the file as multipart/form-data, in the field \`${upload.field}\`.`);
  }
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw badRequest("invalid_multipart", "The upload could not be read; send the file as multipart/form-data.");
  }
  // Own properties only: a field named "__proto__" or "constructor" is not the file.
  const named = (field: string | undefined) => (field !== undefined && Object.hasOwn(body, field) ? body[field] : undefined);
  const file = named(upload.field) ?? named(upload.alias);
  if (!(file instanceof File)) throw badRequest("file_required", "File required.");
  if (file.size > upload.maxBytes) throw fileTooLarge(upload);
  return file;
}
