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
  updateProduct: { method: "PATCH", path: "/products/:id", auth: "staff" },
  exportMenuCsv: { method: "GET", path: "/products/export_csv", auth: "staff" },
  uploadMenuCsv: { method: "POST", path: "/products/upload_csv", auth: "staff" },

  /** The branch's name, time zone and happy hours (docs/decisions/0022). */
  branch: { method: "GET", path: "/branches/:id", auth: "public" },
  setHappyHours: { method: "PUT", path: "/branches/:id/happy_hours", auth: "staff" },

  diningTables: { method: "GET", path: "/stations", auth: "staff" },
  createDiningTable: { method: "POST", path: "/stations", auth: "staff" },
  updateDiningTable: { method: "PUT", path: "/stations/:id", auth: "staff" },
  deleteDiningTable: { method: "DELETE", path: "/stations/:id", auth: "staff" },
  /** Public: knowing the table's UUID is the capability. */
  diningTable: { method: "GET", path: "/stations/:id", auth: "public" },

  placeOrder: { method: "POST", path: "/orders", auth: "public" },
  orders: { method: "GET", path: "/orders", auth: "staff" },
  /** Public: the order's UUID is the capability (only the phone that placed it knows it). */
  order: { method: "GET", path: "/orders/:id", auth: "public" },
  updateOrder: { method: "PATCH", path: "/orders/:id", auth: "staff" },
  /** A kitchen board calls it for every order it shows. */
  markOrderSeen: { method: "POST", path: "/orders/:id/seen", auth: "staff" },
  /** Prints the order's tickets again, marked REPRINT. */
  printOrder: { method: "POST", path: "/orders/:id/print", auth: "staff" },

  /** Public by the table's UUID: "Call a server", "Ask for the bill". */
  callStaff: { method: "POST", path: "/stations/:id/calls", auth: "public" },
  /** The table's open calls, so a reloaded phone still says "someone is on the way". */
  diningTableCalls: { method: "GET", path: "/stations/:id/calls", auth: "public" },
  calls: { method: "GET", path: "/calls", auth: "staff" },
  finishCall: { method: "PATCH", path: "/calls/:id", auth: "staff" },

  tab: { method: "GET", path: "/stations/:id/tab", auth: "staff" },
  closeTab: { method: "POST", path: "/stations/:id/tab/close", auth: "staff" },
  openTabs: { method: "GET", path: "/tabs", auth: "staff" },

  boardHeartbeat: { method: "POST", path: "/kitchen/boards", auth: "staff" },
  kitchenStatus: { method: "GET", path: "/kitchen/status", auth: "staff" },

  salesReport: { method: "GET", path: "/reports/sales", auth: "staff" },
  ordersReportCsv: { method: "GET", path: "/reports/orders.csv", auth: "staff" },

  printers: { method: "GET", path: "/printers", auth: "staff" },
  createPrinter: { method: "POST", path: "/printers", auth: "staff" },
  updatePrinter: { method: "PATCH", path: "/printers/:id", auth: "staff" },
  deletePrinter: { method: "DELETE", path: "/printers/:id", auth: "staff" },

  branchEvents: { method: "GET", path: "/events", auth: "staff" },
  diningTableEvents: { method: "GET", path: "/stations/:id/events", auth: "public" },
  orderEvents: { method: "GET", path: "/orders/:id/events", auth: "public" },
  productEvents: { method: "GET", path: "/products/events", auth: "public" },

  /** The table's shared cart (docs/decisions/0010), public by the table's UUID. */
  tableCart: { method: "GET", path: "/stations/:id/cart", auth: "public" },
  applyCartOperations: { method: "POST", path: "/stations/:id/cart/operations", auth: "public" },
  submitTableCart: { method: "POST", path: "/stations/:id/cart/submit", auth: "public" },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;
