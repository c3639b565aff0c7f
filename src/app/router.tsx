/**
 * Routes in the spec's order. Every screen is a lazy chunk so the diner's /order route
 * never downloads the public site's or the staff tools' code.
 */
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

type Loader = () => Promise<{ default: React.ComponentType }>;
const page = (load: Loader) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        lazy: page(() => import("../staff/auth/require-staff")),
        children: [
          { path: "/stations", lazy: page(() => import("../staff/stations/stations-page")) },
          { path: "/upload_menu", lazy: page(() => import("../staff/upload-menu/upload-menu-page")) },
          { path: "/kitchen", lazy: page(() => import("../staff/kitchen/kitchen-page")) },
        ],
      },
      { path: "/", lazy: page(() => import("../site/landing/landing-page")) },
      { path: "/menu", lazy: page(() => import("../site/menu/thornhill-menu-page")) },
      { path: "/menu2", lazy: page(() => import("../site/menu/pickering-menu-page")) },
      { path: "/about", lazy: page(() => import("../site/about-page")) },
      { path: "/reserve", lazy: page(() => import("../site/reserve-page")) },
      { path: "/login", lazy: page(() => import("../staff/auth/login-page")) },
      { path: "/logout", lazy: page(() => import("../staff/auth/logout-page")) },
      { path: "/order", lazy: page(() => import("../ordering/order-page")) },
      { path: "/order/cart", lazy: page(() => import("../ordering/cart-page")) },
      { path: "*", lazy: page(() => import("../site/not-found-page")) },
    ],
  },
];

export const router = createBrowserRouter(routes);
