import type { ApiRoute } from "./api-route";

/**
 * The endpoints the diner's phone and the public site call (api-routes.ts has them all): the only ones
 * the web app's first screens carry, so the staff's routes are never part of a diner's download. All
 * are public (api-routes.ts says so), so they carry no `auth` of their own.
 */
export const PUBLIC_API_ROUTES = {
  menu: { method: "GET", path: "/products_by_category" },
  /** The branch's name, time zone and happy hours (docs/decisions/0022). */
  branch: { method: "GET", path: "/branches/:id" },
  /** Public: knowing the table's UUID is the capability. */
  diningTable: { method: "GET", path: "/stations/:id" },
  placeOrder: { method: "POST", path: "/orders" },
  /** Public: the order's UUID is the capability (only the phone that placed it knows it). */
  order: { method: "GET", path: "/orders/:id" },
  /** Public by the table's UUID: "Call a server", "Ask for the bill". */
  callStaff: { method: "POST", path: "/stations/:id/calls" },
  /** A diner's e-mailed receipt of the table's check, while the visit lasts. */
  dinerReceipt: { method: "POST", path: "/stations/:id/receipt" },
  /** The table's open calls, so a reloaded phone still says "someone is on the way". */
  diningTableCalls: { method: "GET", path: "/stations/:id/calls" },
  diningTableEvents: { method: "GET", path: "/stations/:id/events" },
  orderEvents: { method: "GET", path: "/orders/:id/events" },
  productEvents: { method: "GET", path: "/products/events" },
  /** The table's shared cart (docs/decisions/0010), public by the table's UUID. */
  tableCart: { method: "GET", path: "/stations/:id/cart" },
  applyCartOperations: { method: "POST", path: "/stations/:id/cart/operations" },
  submitTableCart: { method: "POST", path: "/stations/:id/cart/submit" },
} as const satisfies Record<string, Omit<ApiRoute, "auth">>;
