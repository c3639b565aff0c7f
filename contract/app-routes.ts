/**
 * Every path the web app (the single-page app: the diner's table and the staff app) renders. The
 * server uses this list for its history fallback: a path here gets the app shell with 200; the public
 * site's pages are the server's own (api/site, docs/decisions/0027), and any other path gets the
 * site's not-found page with 404. The service worker answers only these paths with the shell.
 */
export const APP_ROUTES = [
  "/login",
  "/logout",
  "/order",
  "/order/cart",
  "/staff",
  "/stations",
  "/upload_menu",
  "/kitchen",
  "/staff/tabs",
  "/staff/floor",
  "/staff/check",
  "/staff/day",
  "/staff/reports",
  "/staff/printers",
  "/staff/menu",
  "/staff/happy-hours",
  "/staff/accounts",
] as const;
export type AppRoute = (typeof APP_ROUTES)[number];

export function isAppRoute(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (APP_ROUTES as readonly string[]).includes(normalized);
}
