import { Outlet, useLocation } from "react-router-dom";
import { SiteHeader } from "../site/layout/site-header";
import { SiteFooter } from "../site/layout/site-footer";

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
    </>
  );
}
