/**
 * Where each endpoint lives and who may call it, under `/api`. The rest of each endpoint — its
 * schemas, status and error codes — is in endpoints.ts under the same name. This half is zod-free so
 * the web app's client can use it at runtime without bundling zod into the diner's order screen.
 */
export interface ApiRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Hono style: `/stations/:id`. */
  path: string;
  /** "staff" needs a signed-in session (401 `unauthenticated` without one). */
  auth: "public" | "staff";
}

export const API_ROUTES = {
  health: { method: "GET", path: "/health", auth: "public" },

  login: { method: "POST", path: "/login", auth: "public" },
  currentUser: { method: "GET", path: "/current_user", auth: "staff" },
  logout: { method: "POST", path: "/logout", auth: "public" },

  menu: { method: "GET", path: "/products_by_category", auth: "public" },
  setProductAvailable: { method: "PATCH", path: "/products/:id", auth: "staff" },
  exportMenuCsv: { method: "GET", path: "/products/export_csv", auth: "staff" },
  uploadMenuCsv: { method: "POST", path: "/products/upload_csv", auth: "staff" },

  stations: { method: "GET", path: "/stations", auth: "staff" },
  createStation: { method: "POST", path: "/stations", auth: "staff" },
  updateStation: { method: "PUT", path: "/stations/:id", auth: "staff" },
  deleteStation: { method: "DELETE", path: "/stations/:id", auth: "staff" },
  /** Public: knowing the table's UUID is the capability. */
  station: { method: "GET", path: "/stations/:id", auth: "public" },

  placeOrder: { method: "POST", path: "/orders", auth: "public" },
  orders: { method: "GET", path: "/orders", auth: "staff" },
  /** Public: the order's UUID is the capability (only the phone that placed it knows it). */
  order: { method: "GET", path: "/orders/:id", auth: "public" },
  setOrderStatus: { method: "PATCH", path: "/orders/:id", auth: "staff" },

  branchEvents: { method: "GET", path: "/events", auth: "staff" },
  stationEvents: { method: "GET", path: "/stations/:id/events", auth: "public" },
  orderEvents: { method: "GET", path: "/orders/:id/events", auth: "public" },
  productEvents: { method: "GET", path: "/products/events", auth: "public" },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;
