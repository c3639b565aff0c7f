import { detailText, type Problem } from "./errors";

/** A failed call, said so: role="alert" so screen readers hear it at once. */
export function ProblemMessage({ problem, onRetry }: { problem: Problem | null; onRetry?: () => void }) {
  if (!problem) return null;
  return (
    <div className="staff-problem" role="alert">
      <p>{problem.message}</p>
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
