/** The schema's PostgreSQL tables: the types every repository is written against (see columns.ts). */
import { postgresColumns } from "./columns";
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
} = defineTables(postgresColumns);
