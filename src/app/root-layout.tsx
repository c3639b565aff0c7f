import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { afterFirstScreen, firstScreenShown } from "../shared/after-first-screen";
import { useFocusHeadingOnRouteChange } from "../shared/focus";
import { useMessages } from "../shared/i18n/i18n";
import { headerMessages } from "../site/layout/messages";
import { SiteHeader } from "../site/layout/site-header";
import { RouteErrorBoundary } from "./route-error";

// The footer is below the fold and absent from the diner's order screens: its own chunk keeps it out
// of the order route's budget.
const SiteFooter = lazy(() => import("../site/layout/site-footer").then((m) => ({ default: m.SiteFooter })));
// Service worker + "new version" prompt: its own chunk, fetched once the first screen is shown.
const PwaUpdatePrompt = lazy(() => import("../ordering/pwa/pwa-update-prompt"));

const mainElement = () => document.getElementById("main");

/** The common layout: navbar everywhere, footer everywhere but the diner's order screens (they need the room). */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  // After a route change (sign-in, opening the cart, any link) focus starts on the new screen's heading.
  useFocusHeadingOnRouteChange(pathname, hash, mainElement);
  const isOrdering = pathname === "/order" || pathname.startsWith("/order/");
  const t = useMessages(headerMessages);
  const [firstScreenDone, setFirstScreenDone] = useState(false);

  // The order screen says itself when its menu is up (it waits for the table and the menu); every
  // other screen is shown as soon as it renders.
  useEffect(() => {
    if (pathname !== "/order") firstScreenShown();
  }, [pathname]);
  useEffect(() => afterFirstScreen(() => setFirstScreenDone(true)), []);

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
      {import.meta.env.PROD && firstScreenDone && (
        <Suspense fallback={null}>
          <PwaUpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
