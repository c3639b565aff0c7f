/**
 * Every path the web app renders. The server uses this list for its history fallback:
 * a path here gets the app shell with 200; any other path gets the shell with 404,
 * so the app shows its not-found page and crawlers see the right status.
 */
export const APP_ROUTES = [
  "/",
  "/menu",
  "/menu2",
  "/about",
  "/reserve",
  "/login",
  "/logout",
  "/order",
  "/order/cart",
  "/stations",
  "/upload_menu",
  "/kitchen",
  "/staff/tabs",
  "/staff/reports",
  "/staff/printers",
  "/staff/menu",
  "/staff/accounts",
] as const;
export type AppRoute = (typeof APP_ROUTES)[number];

export function isAppRoute(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (APP_ROUTES as readonly string[]).includes(normalized);
}
