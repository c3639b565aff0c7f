import type { ApiRoute } from "./api-route";

/**
 * The endpoints only staff screens call, sign-in included, and the public ones no screen calls (the
 * health check, a photo's bytes) (api-routes.ts has them all): loaded with the staff's code
 * (src/staff/lib/staff-api.ts), never by a diner's phone.
 */
export const STAFF_API_ROUTES = {
  /** No screen calls it: load balancers and monitoring do. */
  health: { method: "GET", path: "/health", auth: "public" },
  /** No screen calls it: an `<img>` loads it by the URL a product's `photo` carries (content-addressed, cached for good). */
  photo: { method: "GET", path: "/photos/:hash", auth: "public" },
  login: { method: "POST", path: "/login", auth: "public" },
  currentUser: { method: "GET", path: "/current_user", auth: { permission: "signedIn" } },
  logout: { method: "POST", path: "/logout", auth: "public" },
  /** A shared tablet taken over by another person with their PIN (docs/decisions/0023-staff-roles.md). */
  switchUser: { method: "POST", path: "/session/switch", auth: { permission: "signedIn" } },
  /** The signed-in person sets (or removes) their own take-over PIN. */
  setOwnPin: { method: "PUT", path: "/current_user/pin", auth: { permission: "signedIn" } },
  /** The server's settings the staff screens need: the origin QR codes print (PUBLIC_ORIGIN). */
  staffSettings: { method: "GET", path: "/settings", auth: { permission: "signedIn" } },
  staffAccounts: { method: "GET", path: "/staff", auth: { permission: "staffAccounts" } },
  createStaffAccount: { method: "POST", path: "/staff", auth: { permission: "staffAccounts" } },
  updateStaffAccount: { method: "PATCH", path: "/staff/:id", auth: { permission: "staffAccounts" } },
  auditLog: { method: "GET", path: "/audit_log", auth: { permission: "auditLog" } },
  updateProduct: { method: "PATCH", path: "/products/:id", auth: { permission: "kitchen" } },
  /** The menu editor (docs/decisions/0024): the same rules as the CSV import. */
  createProduct: { method: "POST", path: "/products", auth: { permission: "menu" } },
  replaceProduct: { method: "PUT", path: "/products/:id", auth: { permission: "menu" } },
  deleteProduct: { method: "DELETE", path: "/products/:id", auth: { permission: "menu" } },
  reorderProducts: { method: "POST", path: "/products/reorder", auth: { permission: "menu" } },
  /** A dish photo (docs/decisions/0025-dish-photos.md): resized, stripped of camera data, stored in the database. */
  uploadProductPhoto: { method: "POST", path: "/products/:id/photo", auth: { permission: "menu" } },
  deleteProductPhoto: { method: "DELETE", path: "/products/:id/photo", auth: { permission: "menu" } },
  exportMenuCsv: { method: "GET", path: "/products/export_csv", auth: { permission: "menu" } },
  uploadMenuCsv: { method: "POST", path: "/products/upload_csv", auth: { permission: "menu" } },
  setHappyHours: { method: "PUT", path: "/branches/:id/happy_hours", auth: { permission: "menu" } },
  diningTables: { method: "GET", path: "/stations", auth: { permission: "tablesList" } },
  createDiningTable: { method: "POST", path: "/stations", auth: { permission: "tables" } },
  updateDiningTable: { method: "PUT", path: "/stations/:id", auth: { permission: "tables" } },
  deleteDiningTable: { method: "DELETE", path: "/stations/:id", auth: { permission: "tables" } },
  /** The floor plan: every table of the branch with its live state (the floor role's home). */
  floor: { method: "GET", path: "/floor", auth: { permission: "service" } },
  orders: { method: "GET", path: "/orders", auth: { permission: "kitchen" } },
  updateOrder: { method: "PATCH", path: "/orders/:id", auth: { permission: "kitchen" } },
  /** A kitchen board calls it for every order it shows. */
  markOrderSeen: { method: "POST", path: "/orders/:id/seen", auth: { permission: "kitchen" } },
  /** Prints the order's tickets again, marked REPRINT. */
  printOrder: { method: "POST", path: "/orders/:id/print", auth: { permission: "kitchen" } },
  calls: { method: "GET", path: "/calls", auth: { permission: "calls" } },
  finishCall: { method: "PATCH", path: "/calls/:id", auth: { permission: "service" } },
  tab: { method: "GET", path: "/stations/:id/tab", auth: { permission: "service" } },
  closeTab: { method: "POST", path: "/stations/:id/tab/close", auth: { permission: "service" } },
  openTabs: { method: "GET", path: "/tabs", auth: { permission: "service" } },
  /** A check by its id, open or closed (a closed one for its refunds and receipts). */
  check: { method: "GET", path: "/tabs/:id", auth: { permission: "service" } },
  /** The check's receipt, printed or e-mailed (docs/decisions/0029). */
  tabReceipt: { method: "POST", path: "/tabs/:id/receipt", auth: { permission: "service" } },
  createAdjustment: { method: "POST", path: "/tabs/:id/adjustments", auth: { permission: "service" } },
  /** A manager's or owner's PIN on the same tablet approves a floor account's adjustment (no sign-out). */
  approveAdjustment: { method: "POST", path: "/adjustments/:id/approve", auth: { permission: "service" } },
  rejectAdjustment: { method: "POST", path: "/adjustments/:id/reject", auth: { permission: "service" } },
  splitCheck: { method: "POST", path: "/tabs/:id/split", auth: { permission: "service" } },
  payCheck: { method: "POST", path: "/tabs/:id/payments", auth: { permission: "service" } },
  refundPayment: { method: "POST", path: "/payments/:id/refund", auth: { permission: "refunds" } },
  boardHeartbeat: { method: "POST", path: "/kitchen/boards", auth: { permission: "kitchen" } },
  kitchenStatus: { method: "GET", path: "/kitchen/status", auth: { permission: "kitchen" } },
  salesReport: { method: "GET", path: "/reports/sales", auth: { permission: "reports" } },
  ordersReportCsv: { method: "GET", path: "/reports/orders.csv", auth: { permission: "reports" } },
  /** The end of a branch's day (its time zone). */
  dayReport: { method: "GET", path: "/reports/day", auth: { permission: "reports" } },
  dayReportCsv: { method: "GET", path: "/reports/day.csv", auth: { permission: "reports" } },
  setCashCount: { method: "PUT", path: "/reports/day/cash_count", auth: { permission: "reports" } },
  printDayReport: { method: "POST", path: "/reports/day/print", auth: { permission: "reports" } },
  printers: { method: "GET", path: "/printers", auth: { permission: "menu" } },
  createPrinter: { method: "POST", path: "/printers", auth: { permission: "menu" } },
  updatePrinter: { method: "PATCH", path: "/printers/:id", auth: { permission: "menu" } },
  deletePrinter: { method: "DELETE", path: "/printers/:id", auth: { permission: "menu" } },
  branchEvents: { method: "GET", path: "/events", auth: { permission: "kitchen" } },
} as const satisfies Record<string, ApiRoute>;
