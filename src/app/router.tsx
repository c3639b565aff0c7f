/**
 * Routes in the spec's order. Every screen is a lazy chunk so the diner's /order route never downloads
 * the public site's or the staff tools' code. Declarative routing (not the data router): no screen uses
 * loaders or actions, and this keeps the diner's first download within its budget.
 */
import { lazy, type ComponentType } from "react";
import { Route, Routes } from "react-router-dom";
import { RootLayout } from "./root-layout";

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const RequireStaff = page(() => import("../staff/auth/require-staff"));
const StationsPage = page(() => import("../staff/stations/stations-page"));
const UploadMenuPage = page(() => import("../staff/upload-menu/upload-menu-page"));
const KitchenPage = page(() => import("../staff/kitchen/kitchen-page"));
const LandingPage = page(() => import("../site/landing/landing-page"));
const ThornhillMenuPage = page(() => import("../site/menu/thornhill-menu-page"));
const PickeringMenuPage = page(() => import("../site/menu/pickering-menu-page"));
const AboutPage = page(() => import("../site/about-page"));
const ReservePage = page(() => import("../site/reserve-page"));
const LoginPage = page(() => import("../staff/auth/login-page"));
const LogoutPage = page(() => import("../staff/auth/logout-page"));
const OrderPage = page(() => import("../ordering/order-page"));
const CartPage = page(() => import("../ordering/cart-page"));
const NotFoundPage = page(() => import("../site/not-found-page"));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<RequireStaff />}>
          <Route path="/stations" element={<StationsPage />} />
          <Route path="/upload_menu" element={<UploadMenuPage />} />
          <Route path="/kitchen" element={<KitchenPage />} />
        </Route>
        <Route path="/" element={<LandingPage />} />
        <Route path="/menu" element={<ThornhillMenuPage />} />
        <Route path="/menu2" element={<PickeringMenuPage />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/reserve" element={<ReservePage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="/order" element={<OrderPage />} />
        <Route path="/order/cart" element={<CartPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
