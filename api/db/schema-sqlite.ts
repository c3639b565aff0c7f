/** The schema's SQLite tables, typed as the PostgreSQL ones (see columns.ts). */
import { sqliteColumns } from "./columns";
import { defineTables } from "./schema";

export const {
  branches,
  categories,
  products,
  optionGroups,
  options,
  photoVariants,
  productPhotos,
  diningTables,
  orders,
  orderLines,
  staffUsers,
  sessions,
  auditLog,
  idempotencyKeys,
  events,
  loginAttempts,
  serverSecrets,
  calls,
  tabs,
  kitchenBoards,
  carts,
  cartLines,
  cartOperations,
  printers,
  printJobs,
  mailOutbox,
} = defineTables(sqliteColumns);
