import type { ApiError } from "../../shared/api-client";

/** The live menu could not be fetched: say why and offer a retry. */
export function MenuLoadError({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const reason = error.code === "client_error" ? "Something went wrong while loading the menu." : error.message;
  return (
    <div className="live-menu-error" role="alert">
      <p>We couldn&apos;t load the menu. {reason}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
