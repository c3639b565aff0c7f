import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { SiteHeader } from "../site/layout/site-header";
import { SiteFooter } from "../site/layout/site-footer";

// Service worker + "new version" prompt: its own chunk, fetched after the page, never in a route's bundle.
const PwaUpdatePrompt = lazy(() => import("../ordering/pwa/pwa-update-prompt"));

/** The spec's common layout: navbar everywhere, footer everywhere but the diner's order screens. */
export function RootLayout() {
  const { pathname } = useLocation();
  const isOrdering = pathname === "/order" || pathname.startsWith("/order/");
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {!isOrdering && <SiteFooter />}
      {import.meta.env.PROD && (
        <Suspense fallback={null}>
          <PwaUpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
