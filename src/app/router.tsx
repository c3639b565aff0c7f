/**
 * One screen for each path in contract/app-routes.ts (the server's list for its 404s), so a path
 * cannot be added on one side only: the table below must name every AppRoute. Every screen is a lazy
 * chunk so the diner's /order route never downloads the public site's or the staff tools' code.
 * Declarative routing (not the data router): no screen uses loaders or actions, and this keeps the
 * diner's first download within its budget.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { Route, Routes } from "react-router-dom";
import type { AppRoute } from "../../contract/app-routes";
import { RootLayout } from "./root-layout";

type Page = LazyExoticComponent<ComponentType>;
const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(load);

const RequireStaff = page(() => import("../staff/auth/require-staff"));
const NotFoundPage = page(() => import("../site/not-found-page"));

/** `staff`: signed-in staff only (others are sent to /login and back). */
const SCREENS: Record<AppRoute, { Page: Page; staff?: true }> = {
  "/": { Page: page(() => import("../site/landing/landing-page")) },
  "/menu": { Page: page(() => import("../site/menu/thornhill-menu-page")) },
  "/menu2": { Page: page(() => import("../site/menu/pickering-menu-page")) },
  "/about": { Page: page(() => import("../site/about-page")) },
  "/reserve": { Page: page(() => import("../site/reserve-page")) },
  "/login": { Page: page(() => import("../staff/auth/login-page")) },
  "/logout": { Page: page(() => import("../staff/auth/logout-page")) },
  "/order": { Page: page(() => import("../ordering/order-page")) },
  "/order/cart": { Page: page(() => import("../ordering/cart-page")) },
  "/stations": { Page: page(() => import("../staff/dining-tables/dining-tables-page")), staff: true },
  "/upload_menu": { Page: page(() => import("../staff/upload-menu/upload-menu-page")), staff: true },
  "/kitchen": { Page: page(() => import("../staff/kitchen/kitchen-page")), staff: true },
  "/staff/tabs": { Page: page(() => import("../staff/tabs/tabs-page")), staff: true },
  "/staff/reports": { Page: page(() => import("../staff/reports/reports-page")), staff: true },
  "/staff/printers": { Page: page(() => import("../staff/printers/printers-page")), staff: true },
  "/staff/menu": { Page: page(() => import("../staff/menu-editor/menu-editor-page")), staff: true },
  "/staff/accounts": { Page: page(() => import("../staff/staff-accounts/staff-accounts-page")), staff: true },
};

const routes = (staff: boolean) =>
  Object.entries(SCREENS)
    .filter(([, screen]) => Boolean(screen.staff) === staff)
    .map(([path, { Page }]) => <Route key={path} path={path} element={<Page />} />);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<RequireStaff />}>{routes(true)}</Route>
        {routes(false)}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
