/** One error shape everywhere: {"error": {"code", "message", "details"?}} (API.md "Errors"). */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { MissingCode } from "../../contract/endpoints";
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

/**
 * A refusal that says when to try again (a table at its order or call limit, a busy cart, too many
 * sign-in attempts, a full hash gate or stream cap): whoever throws it names the wait, and the answer
 * carries it as `Retry-After` (sendError), so no route sets that header by hand.
 */
export class RetryLaterError extends ApiHttpError {
  constructor(
    status: 409 | 429 | 503,
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, code, message);
  }
}

/** What each 404 of a path's id calls the thing it names, for people: "There is no such table." */
const MISSING_THINGS: Record<MissingCode, string> = {
  unknown_branch: "branch",
  station_not_found: "table",
  order_not_found: "order",
  product_not_found: "product",
  call_not_found: "call",
  printer_not_found: "printer",
  staff_not_found: "staff account",
  photo_not_found: "photo",
  tab_not_found: "check",
  adjustment_not_found: "adjustment",
  payment_not_found: "payment",
};

/** 404 for a resource that does not exist: its code, and a message from the resource's name. */
export class NotFoundError extends ApiHttpError {
  constructor(readonly missing: MissingCode) {
    super(404, missing, `There is no such ${MISSING_THINGS[missing]}.`);
  }
}

export const badRequest = (code: string, message: string, details?: ApiErrorDetail[]) => new ApiHttpError(400, code, message, details);
export const notFound = (code: string, message: string) => new ApiHttpError(404, code, message);
export const conflict = (code: string, message: string, details?: ApiErrorDetail[]) => new ApiHttpError(409, code, message, details);

export function errorBody(code: string, message: string, details?: ApiErrorDetail[]): ApiErrorBody {
  return { error: details && details.length > 0 ? { code, message, details } : { code, message } };
}

export function sendError(c: Context, error: ApiHttpError) {
  // A refusal sent before the body was read (413, or a bad query, an unknown branch, a wrong content
  // type…) leaves the rest of that body on the connection: @hono/node-server drains it for 500 ms and
  // then drops the connection, and a client that sent its next request on that kept-alive connection
  // gets a network error instead of an answer. Saying "close" makes the client open a fresh one.
  if (error.status === 413 || bodyLeftUnread(c)) c.header("Connection", "close");
  if (error instanceof RetryLaterError) c.header("Retry-After", String(error.retryAfterSeconds));
  return c.json(errorBody(error.code, error.message, error.details), error.status);
}

function bodyLeftUnread(c: Context): boolean {
  const declared = c.req.header("content-length");
  const sent = (declared !== undefined && declared !== "0") || c.req.header("transfer-encoding") !== undefined;
  if (!sent) return false;
  // Read straight from Node's stream (lib/validate.ts) or through the Fetch API's Request.
  const incoming = (c.env as { incoming?: { readableEnded: boolean } } | undefined)?.incoming;
  return incoming ? !incoming.readableEnded : !c.req.raw.bodyUsed;
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
