import { isRouteErrorResponse, useRouteError } from "react-router-dom";

/** Shown when a screen fails to load (e.g. a chunk could not be fetched while offline). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "This page could not be loaded. Check your connection and try again.";
  return (
    <main id="main" className="route-error" role="alert">
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
