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

/** ISO weekday of a date: Monday = 1 … Sunday = 7 (Date.getDay() says 0 for Sunday, which no special has). */
export function isoWeekday(date: Date): number {
  const day = date.getDay();
  return day === 0 ? 7 : day;
}

export const ORDER_STATUSES = ["received", "preparing", "ready", "served", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The transitions staff may make; anything else is a 409. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  received: ["preparing", "cancelled"],
  preparing: ["ready", "cancelled"],
  ready: ["served", "cancelled"],
  served: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}
