import type { ApiErrorDetail } from "../../../contract/schemas";
import { ApiError } from "../../shared/api-client";
import { useSession } from "../auth/session-store";

export interface Problem {
  message: string;
  details: ApiErrorDetail[];
}

/**
 * Turns any failure into something to show. A 401 means the session ended (expired, or signed out
 * elsewhere), so it also marks this tab signed out: the protected-route wrapper then sends the
 * user to /login and back here afterwards.
 */
export function problemOf(error: unknown): Problem {
  if (error instanceof ApiError && error.status === 401) useSession.getState().signedOut();
  return describeProblem(error);
}

/** The words for a failure, without acting on it (safe while rendering). */
export function describeProblem(error: unknown): Problem {
  if (error instanceof ApiError) {
    if (error.status === 401) return { message: "Your session has ended. Please sign in again.", details: [] };
    return { message: error.message, details: error.details };
  }
  return { message: error instanceof Error ? error.message : String(error), details: [] };
}

/** One line per detail, e.g. "codename: must not be blank" or "Line 4, price: not a price". */
export function detailText(detail: ApiErrorDetail): string {
  const where = [detail.line !== undefined ? `Line ${detail.line}` : null, detail.column ?? detail.path ?? null].filter(Boolean).join(", ");
  return where ? `${where}: ${detail.message}` : detail.message;
}
