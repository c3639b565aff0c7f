import { useEffect } from "react";
import type { ApiErrorDetail } from "../../../contract/schemas";
import type { ApiError } from "../../shared/api-client";
import { useSession } from "../auth/session-store";

/** The words for a failure; a 401 means the session ended (expired, or signed out elsewhere). */
export const problemText = (problem: ApiError): string =>
  problem.status === 401 ? "Your session has ended. Please sign in again." : problem.message;

/** One line per detail, e.g. "codename: must not be blank" or "Line 4, price: not a price". */
export function detailText(detail: ApiErrorDetail): string {
  const where = [detail.line !== undefined ? `Line ${detail.line}` : null, detail.column ?? detail.path ?? null].filter(Boolean).join(", ");
  return where ? `${where}: ${detail.message}` : detail.message;
}

/** A 401 marks this tab signed out: the protected-route wrapper then sends the user to /login and back afterwards. */
export function useSignOutOnEnd(problem: ApiError | null): void {
  useEffect(() => {
    if (problem?.status === 401) useSession.getState().signedOut();
  }, [problem]);
}

/**
 * A failed call, said so: role="alert" so screen readers hear it at once. It takes the client's one
 * error (ApiError, src/shared/api-client.ts); a 401 among them means the session ended, so the tab signs out.
 */
export function ProblemMessage({ problem, onRetry }: { problem: ApiError | null; onRetry?: () => void }) {
  useSignOutOnEnd(problem);
  if (!problem) return null;
  return (
    <div className="staff-problem" role="alert">
      <p>{problemText(problem)}</p>
      {problem.details.length > 0 && (
        <ul>
          {problem.details.map((detail, index) => (
            <li key={index}>{detailText(detail)}</li>
          ))}
        </ul>
      )}
      {onRetry && (
        <button type="button" className="staff-button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
