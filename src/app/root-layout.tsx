import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { afterFirstScreen, firstScreenShown } from "../shared/after-first-screen";
import { useFocusHeadingOnRouteChange } from "../shared/focus";
import { useMessages } from "../shared/i18n/i18n";
import { shellMessages } from "./messages";

// Service worker + "new version" prompt: its own chunk, fetched once the first screen is shown.
const PwaUpdatePrompt = lazy(() => import("../ordering/pwa/pwa-update-prompt"));

const mainElement = () => document.getElementById("main");

/** What every screen shares whatever its frame (app/frames.tsx): the skip link, focus after a route change, the update prompt. */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  // After a route change (sign-in, opening the cart, any link) focus starts on the new screen's heading.
  useFocusHeadingOnRouteChange(pathname, hash, mainElement);
  const t = useMessages(shellMessages);
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
      <Outlet />
      {import.meta.env.PROD && firstScreenDone && (
        <Suspense fallback={null}>
          <PwaUpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
