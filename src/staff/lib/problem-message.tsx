import { useEffect } from "react";
import { ApiError } from "../../shared/api-client";
import { useSession } from "../auth/session-store";
import { describeProblem, detailText, type Problem } from "./errors";

/**
 * A failed call, said so: role="alert" so screen readers hear it at once. An ApiError is the client's
 * one error (src/shared/api-client.ts): a 401 among them means the session ended, so the tab signs out.
 */
export function ProblemMessage({ problem, onRetry }: { problem: Problem | ApiError | null; onRetry?: () => void }) {
  useEffect(() => {
    if (problem instanceof ApiError && problem.status === 401) useSession.getState().signedOut();
  }, [problem]);
  if (!problem) return null;
  const { message, details } = problem instanceof ApiError ? describeProblem(problem) : problem;
  return (
    <div className="staff-problem" role="alert">
      <p>{message}</p>
      {details.length > 0 && (
        <ul>
          {details.map((detail, index) => (
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
