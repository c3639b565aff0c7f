import type { ApiRoute } from "./api-route";

/**
 * The endpoints the diner's phone and the public site call (api-routes.ts has them all): the only ones
 * the web app's first screens carry, so the staff's routes are never part of a diner's download.
 */
export const PUBLIC_API_ROUTES = {
  health: { method: "GET", path: "/health", auth: "public" },
  menu: { method: "GET", path: "/products_by_category", auth: "public" },
  /** The branch's name, time zone and happy hours (docs/decisions/0022). */
  branch: { method: "GET", path: "/branches/:id", auth: "public" },
  /** Public: knowing the table's UUID is the capability. */
  diningTable: { method: "GET", path: "/stations/:id", auth: "public" },
  placeOrder: { method: "POST", path: "/orders", auth: "public" },
  /** Public: the order's UUID is the capability (only the phone that placed it knows it). */
  order: { method: "GET", path: "/orders/:id", auth: "public" },
  /** Public by the table's UUID: "Call a server", "Ask for the bill". */
  callStaff: { method: "POST", path: "/stations/:id/calls", auth: "public" },
  /** The table's open calls, so a reloaded phone still says "someone is on the way". */
  diningTableCalls: { method: "GET", path: "/stations/:id/calls", auth: "public" },
  diningTableEvents: { method: "GET", path: "/stations/:id/events", auth: "public" },
  orderEvents: { method: "GET", path: "/orders/:id/events", auth: "public" },
  productEvents: { method: "GET", path: "/products/events", auth: "public" },
  /** The table's shared cart (docs/decisions/0010), public by the table's UUID. */
  tableCart: { method: "GET", path: "/stations/:id/cart", auth: "public" },
  applyCartOperations: { method: "POST", path: "/stations/:id/cart/operations", auth: "public" },
  submitTableCart: { method: "POST", path: "/stations/:id/cart/submit", auth: "public" },
} as const satisfies Record<string, ApiRoute>;
