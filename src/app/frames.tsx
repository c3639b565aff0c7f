/**
 * The frames the app's screens sit in, one per audience: the diner's table (the order screens) and
 * the staff app's (sign-in, and the staff tools in their own layout, docs/decisions/0031). Each frame
 * owns what surrounds `<main>`; the main region itself is the same everywhere. The public site's frame is the server's: its pages are HTML
 * rendered there (docs/decisions/0027), so the app only hands those paths back to it.
 */
import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { SITE_NAME } from "../site/site-identity";
import { RouteErrorBoundary } from "./route-error";

// Each frame's header is a chunk of its own, fetched beside the screen's: the diner's first visit
// carries no staff layout, and staff screens no table header.
const TableHeader = lazy(() => import("../ordering/table-frame/table-header"));
// The staff app's layout (session, navigation, alerts): a chunk the diner never downloads.
const StaffShell = lazy(() => import("../staff/layout/staff-shell"));

/**
 * `<main>`, the target of the skip link and of focus after a route change, holding the screen (or
 * what a frame shows in its place: the staff app's "Loading…", its alerts above the screen).
 */
function MainRegion({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <main id="main" tabIndex={-1}>
      <RouteErrorBoundary resetKey={pathname}>
        {/* Screens are lazy chunks; navigations run as transitions, so the old screen stays until the new one is ready. */}
        <Suspense fallback={null}>{children ?? <Outlet />}</Suspense>
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

/** Staff sign-in and sign-out: the staff app's, so none of the public site's header, footer or links. */
export function SignInFrame() {
  return <MainRegion />;
}

/** Every signed-in staff screen: the staff layout (its rail, who, which branch) around the main region. */
export function StaffFrame() {
  return (
    <Suspense fallback={null}>
      <StaffShell main={(content) => <MainRegion>{content}</MainRegion>} />
    </Suspense>
  );
}
