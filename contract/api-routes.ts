import type { Permission } from "./roles";

/**
 * Where each endpoint lives and who may call it, under `/api`. The rest of each endpoint — its
 * schemas, status and error codes — is in endpoints.ts under the same name. This half is zod-free so
 * the web app's client can use it at runtime without bundling zod into the diner's order screen.
 */
export interface ApiRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Hono style: `/stations/:id`. */
  path: string;
  /**
   * `{ permission }`: a signed-in session (401 `unauthenticated` without one) whose role has that
   * permission (roles.ts; 403 `forbidden` otherwise), and a branch the request names that is the
   * account's (403 `forbidden` otherwise).
   */
  auth: "public" | { permission: Permission };
}

export const API_ROUTES = {
  health: { method: "GET", path: "/health", auth: "public" },

  login: { method: "POST", path: "/login", auth: "public" },
  currentUser: { method: "GET", path: "/current_user", auth: { permission: "signedIn" } },
  logout: { method: "POST", path: "/logout", auth: "public" },
  /** A shared tablet taken over by another person with their PIN (docs/decisions/0023-staff-roles.md). */
  switchUser: { method: "POST", path: "/session/switch", auth: { permission: "signedIn" } },
  /** The signed-in person sets (or removes) their own take-over PIN. */
  setOwnPin: { method: "PUT", path: "/current_user/pin", auth: { permission: "signedIn" } },

  staffAccounts: { method: "GET", path: "/staff", auth: { permission: "staffAccounts" } },
  createStaffAccount: { method: "POST", path: "/staff", auth: { permission: "staffAccounts" } },
  updateStaffAccount: { method: "PATCH", path: "/staff/:id", auth: { permission: "staffAccounts" } },
  auditLog: { method: "GET", path: "/audit_log", auth: { permission: "auditLog" } },

  menu: { method: "GET", path: "/products_by_category", auth: "public" },
  updateProduct: { method: "PATCH", path: "/products/:id", auth: { permission: "kitchen" } },
  /** The menu editor (docs/decisions/0024-menu-editor.md). */
  createProduct: { method: "POST", path: "/products", auth: { permission: "menu" } },
  replaceProduct: { method: "PUT", path: "/products/:id", auth: { permission: "menu" } },
  deleteProduct: { method: "DELETE", path: "/products/:id", auth: { permission: "menu" } },
  reorderProducts: { method: "POST", path: "/products/reorder", auth: { permission: "menu" } },
  exportMenuCsv: { method: "GET", path: "/products/export_csv", auth: { permission: "menu" } },
  uploadMenuCsv: { method: "POST", path: "/products/upload_csv", auth: { permission: "menu" } },

  /** The branch's name, time zone and happy hours (docs/decisions/0022). */
  branch: { method: "GET", path: "/branches/:id", auth: "public" },
  setHappyHours: { method: "PUT", path: "/branches/:id/happy_hours", auth: { permission: "menu" } },

  diningTables: { method: "GET", path: "/stations", auth: { permission: "tablesList" } },
  createDiningTable: { method: "POST", path: "/stations", auth: { permission: "tables" } },
  updateDiningTable: { method: "PUT", path: "/stations/:id", auth: { permission: "tables" } },
  deleteDiningTable: { method: "DELETE", path: "/stations/:id", auth: { permission: "tables" } },
  /** Public: knowing the table's UUID is the capability. */
  diningTable: { method: "GET", path: "/stations/:id", auth: "public" },

  placeOrder: { method: "POST", path: "/orders", auth: "public" },
  orders: { method: "GET", path: "/orders", auth: { permission: "kitchen" } },
  /** Public: the order's UUID is the capability (only the phone that placed it knows it). */
  order: { method: "GET", path: "/orders/:id", auth: "public" },
  updateOrder: { method: "PATCH", path: "/orders/:id", auth: { permission: "kitchen" } },
  /** A kitchen board calls it for every order it shows. */
  markOrderSeen: { method: "POST", path: "/orders/:id/seen", auth: { permission: "kitchen" } },
  /** Prints the order's tickets again, marked REPRINT. */
  printOrder: { method: "POST", path: "/orders/:id/print", auth: { permission: "kitchen" } },

  /** Public by the table's UUID: "Call a server", "Ask for the bill". */
  callStaff: { method: "POST", path: "/stations/:id/calls", auth: "public" },
  /** The table's open calls, so a reloaded phone still says "someone is on the way". */
  diningTableCalls: { method: "GET", path: "/stations/:id/calls", auth: "public" },
  calls: { method: "GET", path: "/calls", auth: { permission: "service" } },
  finishCall: { method: "PATCH", path: "/calls/:id", auth: { permission: "service" } },

  tab: { method: "GET", path: "/stations/:id/tab", auth: { permission: "service" } },
  closeTab: { method: "POST", path: "/stations/:id/tab/close", auth: { permission: "service" } },
  openTabs: { method: "GET", path: "/tabs", auth: { permission: "service" } },

  boardHeartbeat: { method: "POST", path: "/kitchen/boards", auth: { permission: "kitchen" } },
  kitchenStatus: { method: "GET", path: "/kitchen/status", auth: { permission: "kitchen" } },

  salesReport: { method: "GET", path: "/reports/sales", auth: { permission: "reports" } },
  ordersReportCsv: { method: "GET", path: "/reports/orders.csv", auth: { permission: "reports" } },

  printers: { method: "GET", path: "/printers", auth: { permission: "menu" } },
  createPrinter: { method: "POST", path: "/printers", auth: { permission: "menu" } },
  updatePrinter: { method: "PATCH", path: "/printers/:id", auth: { permission: "menu" } },
  deletePrinter: { method: "DELETE", path: "/printers/:id", auth: { permission: "menu" } },

  branchEvents: { method: "GET", path: "/events", auth: { permission: "kitchen" } },
  diningTableEvents: { method: "GET", path: "/stations/:id/events", auth: "public" },
  orderEvents: { method: "GET", path: "/orders/:id/events", auth: "public" },
  productEvents: { method: "GET", path: "/products/events", auth: "public" },

  /** The table's shared cart (docs/decisions/0010), public by the table's UUID. */
  tableCart: { method: "GET", path: "/stations/:id/cart", auth: "public" },
  applyCartOperations: { method: "POST", path: "/stations/:id/cart/operations", auth: "public" },
  submitTableCart: { method: "POST", path: "/stations/:id/cart/submit", auth: "public" },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;
