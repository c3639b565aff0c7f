/**
 * The frames the app's screens sit in, one per audience: the diner's table (the order screens) and
 * the staff app's (sign-in and the staff tools). Each frame owns what surrounds `<main>`; the main
 * region itself is the same everywhere. The public site's frame is the server's: its pages are HTML
 * rendered there (docs/decisions/0027), so the app only hands those paths back to it.
 */
import { lazy, Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { SITE_NAME } from "../site/site-identity";
import { RouteErrorBoundary } from "./route-error";

// The footer is below the fold: its own chunk keeps it out of the first screen's download.
// Each frame's header is a chunk of its own, fetched beside the screen's: the diner's first visit
// carries no public navbar, and staff screens no table header.
const TableHeader = lazy(() => import("../ordering/table-frame/table-header"));
const SiteHeader = lazy(() => import("../site/layout/site-header").then((m) => ({ default: m.SiteHeader })));
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

/**
 * The diner's table (`/order`, `/order/cart`): the table's own header (restaurant, table, language,
 * call staff, the offline banner) and no public navigation or footer: nothing here leaves the table.
 */
export function OrderFrame() {
  return (
    <>
      <Suspense fallback={<div className="frame-header-placeholder" />}>
        <TableHeader restaurant={SITE_NAME} />
      </Suspense>
      <MainRegion />
    </>
  );
}

/** The staff app: sign-in, sign-out and every staff screen (the staff bar is drawn by the screens' guard). */
export function StaffFrame() {
  return (
    <>
      <Suspense fallback={<div className="frame-header-placeholder" />}>
        <SiteHeader />
      </Suspense>
      <MainRegion />
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </>
  );
}
