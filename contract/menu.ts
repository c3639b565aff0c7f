/** Menu categories: the wire keys, in menu order, with their section titles. */
export const CATEGORY_KEYS = ["special", "starter", "fries", "burger", "seafood", "main", "drink", "bucket"] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

export const CATEGORY_TITLES: Record<CategoryKey, string> = {
  special: "Specials",
  starter: "Starters",
  fries: "Fries",
  burger: "Burgers",
  seafood: "Seafood",
  main: "Mains",
  drink: "Drinks",
  bucket: "Buckets",
};

export function isCategoryKey(value: string): value is CategoryKey {
  return (CATEGORY_KEYS as readonly string[]).includes(value);
}

export const BRANCHES = [
  { id: 1, name: "Thornhill" },
  { id: 2, name: "Pickering" },
] as const;
export type BranchId = (typeof BRANCHES)[number]["id"];

/** The guard for a branch id from outside (a stored setting, a link): only the branches above exist. */
export function isBranchId(value: unknown): value is BranchId {
  return BRANCHES.some((branch) => branch.id === value);
}

export function branchName(branchId: number): string {
  return BRANCHES.find((branch) => branch.id === branchId)?.name ?? `Branch ${branchId}`;
}

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/**
 * The restaurant's time zone, where both branches are: a branch's own (branches.time_zone) decides its
 * specials' weekdays, happy hours and report days (restaurant-time.ts); this is the one it starts with.
 */
export const RESTAURANT_TIME_ZONE = "America/Toronto";

/**
 * `held`: placed past the table's order limit, waiting for a staff OK (released to `received`, or
 * turned down to `cancelled`); not prepared, counted in stock or in reports until released.
 */
export const ORDER_STATUSES = ["held", "received", "preparing", "ready", "served", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The transitions staff may make; anything else is a 409. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  held: ["received", "cancelled"],
  received: ["preparing", "cancelled"],
  preparing: ["ready", "cancelled"],
  ready: ["served", "cancelled"],
  served: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Health Canada's priority food allergens, as the menu data names them. */
export const ALLERGENS = [
  "peanuts",
  "tree_nuts",
  "sesame",
  "milk",
  "eggs",
  "fish",
  "crustaceans",
  "molluscs",
  "soy",
  "wheat",
  "mustard",
  "sulphites",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const DIETS = ["vegetarian", "vegan", "contains_pork", "spicy"] as const;
export type Diet = (typeof DIETS)[number];

/** Where a dish is made: each has its own board, and an order is ready when every one of its stations has bumped it. */
export const PREP_AREAS = ["kitchen", "bar"] as const;
export type PrepArea = (typeof PREP_AREAS)[number];

/** The languages menu data is translated into, besides English (the menu's own names). */
export const TRANSLATION_LANGUAGES = ["fil", "zh"] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** "3 left" shows at this many or fewer; at 0 a counted product sells out by itself. */
export const LOW_STOCK_AT = 5;
/** A line's note for the kitchen ("no onions"). */
export const LINE_NOTE_MAX = 140;
/** The largest menu CSV upload (contract/endpoints.ts `uploadMenuCsv`). */
export const MAX_CSV_BYTES = 1024 * 1024;

export const CALL_KINDS = ["server", "bill"] as const;
export type CallKind = (typeof CALL_KINDS)[number];
export const PAYMENT_METHODS = ["cash", "card", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
