/**
 * The frames the app's screens sit in, one per audience: the diner's table (the order screens) and
 * the staff app's (sign-in and the staff tools). Each frame owns what surrounds `<main>`; the main
 * region itself is the same everywhere. The public site's frame is the server's: its pages are HTML
 * rendered there (docs/decisions/0027), so the app only hands those paths back to it.
 */
import { lazy, Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { SiteHeader } from "../site/layout/site-header";
import { RouteErrorBoundary } from "./route-error";

// The footer is below the fold: its own chunk keeps it out of the first screen's download.
const SiteFooter = lazy(() => import("../site/layout/site-footer").then((m) => ({ default: m.SiteFooter })));

/** `<main>`, the target of the skip link and of focus after a route change, holding the screen. */
function MainRegion() {
  const { pathname } = useLocation();
  return (
    <main id="main" tabIndex={-1}>
      <RouteErrorBoundary resetKey={pathname}>
        {/* Screens are lazy chunks; navigations run as transitions, so the old screen stays until the new one is ready. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </main>
  );
}

/**
 * A path the app has no screen for (a public page such as `/` or `/fil/menu`, or a mistyped one),
 * reached by a link inside the app: the server has its page (or its not-found page), so load it from
 * there, in place of this history entry.
 */
export function ServerPage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.replace(pathname + search + hash), [pathname, search, hash]);
  return null;
}

/** The diner's table (`/order`, `/order/cart`): no footer, the screens need the room. */
export function OrderFrame() {
  return (
    <>
      <SiteHeader />
      <MainRegion />
    </>
  );
}

/** The staff app: sign-in, sign-out and every staff screen (the staff bar is drawn by the screens' guard). */
export function StaffFrame() {
  return (
    <>
      <SiteHeader />
      <MainRegion />
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </>
  );
}
