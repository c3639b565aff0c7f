/**
 * The HTTP contract (../shared/API.md) as code: zod schemas for what clients send,
 * TypeScript types for what the server answers. The server validates with these;
 * the web app imports the types (and only `import type`, to keep zod out of the diner's bundle).
 */
import { z } from "zod";
import { CAPACITY_MAX, CAPACITY_MIN, cleanCodename, CODENAME_MAX, EMAIL_MAX, LOGIN_MESSAGES, PASSWORD_MAX } from "./form-rules";
import { CATEGORY_KEYS, ORDER_STATUSES, type CategoryKey, type OrderStatus } from "./menu";

// ---------- shared pieces ----------
// Digits only: Number() would also read "0x1" or "1e0" as branch 1.
export const branchIdSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "branch_id is required" : "branch_id must be a whole number") })
  .regex(/^\d{1,9}$/, "branch_id must be a whole number")
  .transform(Number)
  .pipe(z.number().positive("branch_id must be positive"));

export const branchQuerySchema = z.object({ branch_id: branchIdSchema });

const uuid = z.string().uuid("must be a UUID");

// ---------- auth ----------
export const loginBodySchema = z.object({
  email: z.string().trim().max(EMAIL_MAX).email(LOGIN_MESSAGES.email),
  password: z.string().min(1, LOGIN_MESSAGES.password).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

// ---------- stations ----------
const codename = z
  .string()
  .transform(cleanCodename)
  .pipe(z.string().min(1, "codename must not be blank").max(CODENAME_MAX, `codename is at most ${CODENAME_MAX} characters`));
const capacity = z.number().int("capacity must be a whole number").min(CAPACITY_MIN).max(CAPACITY_MAX);

export const stationCreateSchema = z.object({
  codename,
  capacity,
  branch_id: z.number().int().positive().optional(),
});
export const stationUpdateSchema = z
  .object({ codename: codename.optional(), capacity: capacity.optional() })
  .refine((body) => body.codename !== undefined || body.capacity !== undefined, {
    message: "send codename and/or capacity",
  });
export type StationCreate = z.infer<typeof stationCreateSchema>;
export type StationUpdate = z.infer<typeof stationUpdateSchema>;

// ---------- products ----------
export const productPatchSchema = z.object({ available: z.boolean() });

// ---------- orders ----------
export const MAX_ORDER_LINES = 100;
export const orderLineInputSchema = z.object({
  id: z.number().int().positive(),
  quantity: z.number().int("quantity must be a whole number").min(1, "quantity must be 1–99").max(99, "quantity must be 1–99"),
  selectedCustomizations: z.array(z.number().int().positive()).max(50).default([]),
  customizedPrice: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, "customizedPrice must be a price like 15.99")
    .optional(),
});
export const orderCreateSchema = z.object({
  products: z.array(orderLineInputSchema).min(1, "the order has no lines").max(MAX_ORDER_LINES),
  station_id: uuid,
  branch_id: z.number().int().positive(),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;
export type OrderCreate = z.infer<typeof orderCreateSchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const orderPatchSchema = z.object({
  status: z.enum(["preparing", "ready", "served", "cancelled"]),
});
/**
 * `status` takes one status or several, comma-separated ("received,preparing,ready");
 * `station_id` one table, in any case (stations are stored lower-case).
 */
export const orderListQuerySchema = z.object({
  branch_id: branchIdSchema,
  status: z
    .string()
    .transform((value) => value.split(",").map((part) => part.trim()))
    .pipe(z.array(orderStatusSchema).min(1))
    .optional(),
  station_id: uuid.transform((value) => value.toLowerCase()).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

export const IDEMPOTENCY_KEY_MAX = 255;

// ---------- responses ----------
export interface ApiErrorDetail {
  line?: number;
  column?: string;
  path?: string;
  message: string;
  [extra: string]: unknown;
}
export interface ApiErrorBody {
  error: { code: string; message: string; details?: ApiErrorDetail[] };
}

export interface CustomizationOption {
  id: number;
  name: string;
  price: string;
}
export interface CustomizationGroup {
  exclusive: boolean;
  required: boolean;
  options: CustomizationOption[];
}
export interface Product {
  id: number;
  name: string;
  description: string;
  price: string;
  available: boolean;
  weekday?: number;
  customizations: Record<string, CustomizationGroup>;
}
export type Menu = Record<CategoryKey, Product[]>;
export const MENU_KEYS = CATEGORY_KEYS;

export interface Station {
  id: string;
  codename: string;
  capacity: number;
  branch_id: number;
}
export type PublicStation = Pick<Station, "id" | "codename" | "branch_id">;

export interface OrderLineOption {
  id: number;
  name: string;
  price: string;
}
export interface OrderLine {
  product_id: number;
  name: string;
  quantity: number;
  unit_price: string;
  options: OrderLineOption[];
  line_total: string;
}
export interface Order {
  id: string;
  number: number;
  status: OrderStatus;
  station_id: string;
  /** The table's codename when the station still exists (a convenience for the kitchen board). */
  station_codename?: string | null;
  branch_id: number;
  lines: OrderLine[];
  subtotal: string;
  tax: string;
  total: string;
  created_at: string;
  updated_at?: string;
}

export interface LoginResponse {
  access_token: string;
}
export interface CurrentUserResponse {
  logged_in_as: string;
}
export interface CsvImportSummary {
  imported: { products: number; options: number; groups: number };
  dry_run: boolean;
  changes?: { added: string[]; updated: string[]; removed: string[] };
}

/** Server-sent event payloads (`event:` name → `data:` JSON). */
export interface ServerEvents {
  "order.created": Order;
  "order.updated": Order;
  "product.updated": Product & { branch_id: number; category: CategoryKey };
}
