/**
 * One screen for each path in contract/app-routes.ts (the server's list for its 404s), so a path
 * cannot be added on one side only: the table below must name every AppRoute. Every screen is a lazy
 * chunk so the diner's /order route never downloads the staff tools' code. The public site is not
 * here: its pages are HTML from the server (docs/decisions/0027), and a link the app follows to one
 * of them (or to any path not below) loads it from the server.
 * Declarative routing (not the data router): no screen uses loaders or actions, and this keeps the
 * diner's first download within its budget.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { Route, Routes } from "react-router-dom";
import type { AppRoute } from "../../contract/app-routes";
import { OrderFrame, ServerPage, SignInFrame, StaffFrame } from "./frames";
import { RootLayout } from "./root-layout";

type Page = LazyExoticComponent<ComponentType>;
const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(load);

/**
 * `frame`: which frame (app/frames.tsx) the screen sits in; "staff" screens are for signed-in staff
 * only (others are sent to /login and back), each offered to the roles of its permission
 * (src/staff/lib/screens.ts).
 */
type Frame = "order" | "sign-in" | "staff";
const SCREENS: Record<AppRoute, { Page: Page; frame: Frame }> = {
  "/login": { Page: page(() => import("../staff/auth/login-page")), frame: "sign-in" },
  "/logout": { Page: page(() => import("../staff/auth/logout-page")), frame: "sign-in" },
  "/order": { Page: page(() => import("../ordering/order-page")), frame: "order" },
  "/order/cart": { Page: page(() => import("../ordering/cart-page")), frame: "order" },
  "/staff": { Page: page(() => import("../staff/home/staff-home-page")), frame: "staff" },
  "/stations": { Page: page(() => import("../staff/dining-tables/dining-tables-page")), frame: "staff" },
  "/upload_menu": { Page: page(() => import("../staff/upload-menu/upload-menu-page")), frame: "staff" },
  "/kitchen": { Page: page(() => import("../staff/kitchen/kitchen-page")), frame: "staff" },
  "/staff/floor": { Page: page(() => import("../staff/floor-plan/floor-plan-page")), frame: "staff" },
  "/staff/tabs": { Page: page(() => import("../staff/tabs/tabs-page")), frame: "staff" },
  "/staff/check": { Page: page(() => import("../staff/check/check-page")), frame: "staff" },
  "/staff/day": { Page: page(() => import("../staff/check/day-page")), frame: "staff" },
  "/staff/reports": { Page: page(() => import("../staff/reports/reports-page")), frame: "staff" },
  "/staff/printers": { Page: page(() => import("../staff/printers/printers-page")), frame: "staff" },
  "/staff/menu": { Page: page(() => import("../staff/menu-editor/menu-editor-page")), frame: "staff" },
  "/staff/happy-hours": { Page: page(() => import("../staff/happy-hours/happy-hours-page")), frame: "staff" },
  "/staff/accounts": { Page: page(() => import("../staff/staff-accounts/staff-accounts-page")), frame: "staff" },
};

const routes = (frame: Frame) =>
  Object.entries(SCREENS)
    .filter(([, screen]) => screen.frame === frame)
    .map(([path, { Page }]) => <Route key={path} path={path} element={<Page />} />);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="*" element={<ServerPage />} />
        <Route element={<OrderFrame />}>{routes("order")}</Route>
        <Route element={<SignInFrame />}>{routes("sign-in")}</Route>
        <Route element={<StaffFrame />}>{routes("staff")}</Route>
      </Route>
    </Routes>
  );
}
