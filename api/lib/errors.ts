/** One error shape everywhere: {"error": {"code", "message", "details"?}} (API.md "Errors"). */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { ApiErrorBody, ApiErrorDetail } from "../../contract/schemas";

export class ApiHttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: ApiErrorDetail[],
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, details?: ApiErrorDetail[]) =>
  new ApiHttpError(400, code, message, details);
export const notFound = (code: string, message: string) => new ApiHttpError(404, code, message);
export const conflict = (code: string, message: string, details?: ApiErrorDetail[]) =>
  new ApiHttpError(409, code, message, details);

export function errorBody(code: string, message: string, details?: ApiErrorDetail[]): ApiErrorBody {
  return { error: details && details.length > 0 ? { code, message, details } : { code, message } };
}

export function sendError(c: Context, error: ApiHttpError) {
  // A 413 is answered before the body is read; @hono/node-server then tries to drain the unread rest
  // for 500 ms and drops the connection if it cannot (it usually cannot: the body stream is already
  // opened and nobody reads it). Saying "close" keeps clients from sending their next request on that
  // dying keep-alive connection, where it would fail as a network error instead of getting an answer.
  if (error.status === 413) c.header("Connection", "close");
  return c.json(errorBody(error.code, error.message, error.details), error.status);
}

/** zod issues → details a client can show next to the right field. */
export function zodDetails(error: ZodError): ApiErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.join(".") || "(body)",
    message: issue.message,
  }));
}

export function validationError(error: ZodError, where: "body" | "query" | "param" = "body"): ApiHttpError {
  const details = zodDetails(error);
  const first = details[0];
  const summary = first ? `${first.path}: ${first.message}` : "invalid request";
  return badRequest(`invalid_${where}`, `The request ${where} is invalid (${summary}).`, details);
}
