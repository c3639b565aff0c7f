/**
 * The three frames the app's screens sit in, one per audience: the public site's (its header and
 * footer), the diner's table (the order screens), and the staff app's (sign-in and the staff tools).
 * Each frame owns what surrounds `<main>`; the main region itself is the same everywhere.
 */
import { lazy, Suspense } from "react";
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

/** The public website: header, the page, footer. */
export function SiteFrame() {
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
