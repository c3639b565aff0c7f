/** The live menu could not be fetched: say why and offer a retry (the old site stayed on "loading..." forever). */
export function MenuLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="live-menu-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
