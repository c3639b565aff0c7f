import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { useFocusHeadingOnRouteChange } from "../shared/focus";
import { useMessages } from "../shared/i18n/i18n";
import { headerMessages } from "../site/layout/messages";
import { SiteHeader } from "../site/layout/site-header";
import { RouteErrorBoundary } from "./route-error";

// The footer is below the fold and absent from the diner's order screens: its own chunk keeps it out
// of the order route's budget.
const SiteFooter = lazy(() => import("../site/layout/site-footer").then((m) => ({ default: m.SiteFooter })));
// Service worker + "new version" prompt: its own chunk, fetched after the page, never in a route's bundle.
const PwaUpdatePrompt = lazy(() => import("../ordering/pwa/pwa-update-prompt"));

/** The common layout: navbar everywhere, footer everywhere but the diner's order screens (they need the room). */
const mainElement = () => document.getElementById("main");

export function RootLayout() {
  const { pathname, hash } = useLocation();
  // After a route change (sign-in, opening the cart, any link) focus starts on the new screen's heading.
  useFocusHeadingOnRouteChange(pathname, hash, mainElement);
  const isOrdering = pathname === "/order" || pathname.startsWith("/order/");
  const t = useMessages(headerMessages);
  return (
    <>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={pathname}>
          {/* Screens are lazy chunks; navigations run as transitions, so the old screen stays until the new one is ready. */}
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      {!isOrdering && (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
      {import.meta.env.PROD && (
        <Suspense fallback={null}>
          <PwaUpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
