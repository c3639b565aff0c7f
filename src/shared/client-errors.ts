/**
 * ApiErrors a screen makes itself, for forms and staff screens (kept apart from api-client.ts, which
 * every first screen loads).
 */
import type { ApiErrorDetail } from "../../contract/schemas";
import { ApiError, asApiError } from "./api-client";

/** A failure the screen itself found (a PIN too short), in the same shape as the server's. */
export const clientError = (message: string): ApiError => new ApiError(0, "client_error", message, [], false);

/** The same failure in the screen's words ("Order #12 was not updated: …"); a 401 still ends the session. */
export const restated = (error: unknown, say: (message: string) => string, details?: ApiErrorDetail[]): ApiError => {
  const { status, code, message, details: all, fromServer } = asApiError(error);
  return new ApiError(status, code, say(message), details ?? all, fromServer);
};
