/**
 * Diners' phones for the crash suite: a plan of orders drawn from the served menu (each with its own
 * Idempotency-Key and body, fixed up front), and concurrent clients that send each order and, like
 * the web app's outbox, retry the same key and body until the server acknowledges it — through
 * refused connections, resets and timeouts while the server is down or being killed.
 */
import { randomUUID } from "node:crypto";

// ---------- the plan ----------

export interface MenuOption {
  id: number;
  priceCents: number;
}
export interface MenuGroup {
  exclusive: boolean;
  required: boolean;
  options: MenuOption[];
}
export interface MenuItem {
  productId: number;
  branchId: number;
  priceCents: number;
  groups: MenuGroup[];
}

export interface PlannedLine {
  productId: number;
  quantity: number;
  optionIds: number[];
  unitPriceCents: number;
}
export interface PlannedOrder {
  key: string;
  branchId: number;
  stationId: string;
  /** The request body, byte for byte the same on every attempt. */
  body: string;
  lines: PlannedLine[];
}

/** A small deterministic PRNG (mulberry32): the same seed plans the same orders. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const cents = (price: string) => {
  const match = /^(\d+)\.(\d{2})$/.exec(price);
  if (!match) throw new Error(`unexpected price "${price}" on the menu`);
  return Number(match[1]) * 100 + Number(match[2]);
};

interface WireProduct {
  id: number;
  price: string;
  available: boolean;
  weekday?: number;
  stock?: number | null;
  happy_hour_price?: string | null;
  customizations: Record<string, { exclusive: boolean; required: boolean; options: { id: number; price: string }[] }>;
}

/**
 * What the crash suite may order from a served menu: available items only, and no daily specials,
 * counted stock or happy-hour prices, whose refusals (not today, sold out, price changed) depend on
 * the day, the hour and other orders.
 */
export function orderableItems(menu: Record<string, WireProduct[]>, branchId: number): MenuItem[] {
  return Object.values(menu)
    .flat()
    .filter(
      (p) =>
        p.available &&
        p.weekday === undefined &&
        (p.stock === undefined || p.stock === null) &&
        (p.happy_hour_price === undefined || p.happy_hour_price === null),
    )
    .map((p) => ({
      productId: p.id,
      branchId,
      priceCents: cents(p.price),
      groups: Object.values(p.customizations).map((g) => ({
        exclusive: g.exclusive,
        required: g.required,
        options: g.options.map((o) => ({ id: o.id, priceCents: cents(o.price) })),
      })),
    }));
}

function pickOptions(item: MenuItem, random: () => number): number[] {
  const chosen: number[] = [];
  for (const group of item.groups) {
    const ids = group.options.map((o) => o.id);
    if (group.exclusive) {
      if (group.required || random() < 0.5) chosen.push(ids[Math.floor(random() * ids.length)]!);
    } else {
      const some = ids.filter(() => random() < 0.4);
      if (group.required && some.length === 0) some.push(ids[Math.floor(random() * ids.length)]!);
      chosen.push(...some);
    }
  }
  return chosen;
}

export function planOrders(count: number, items: MenuItem[], stations: { id: string; branchId: number }[], seed: number): PlannedOrder[] {
  const random = randomSource(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, () => {
    const station = pick(stations);
    const menu = items.filter((i) => i.branchId === station.branchId);
    const lines = Array.from({ length: 1 + Math.floor(random() * 4) }, (): PlannedLine => {
      const item = pick(menu);
      const optionIds = pickOptions(item, random);
      const options = item.groups.flatMap((g) => g.options);
      const unitPriceCents = optionIds.reduce((sum, id) => sum + options.find((o) => o.id === id)!.priceCents, item.priceCents);
      return { productId: item.productId, quantity: 1 + Math.floor(random() * 3), optionIds, unitPriceCents };
    });
    const body = JSON.stringify({
      products: lines.map((l) => ({
        id: l.productId,
        quantity: l.quantity,
        selectedCustomizations: l.optionIds,
        // Like the web app, usually with the price the phone showed.
        ...(random() < 0.7
          ? { customizedPrice: `${Math.floor(l.unitPriceCents / 100)}.${String(l.unitPriceCents % 100).padStart(2, "0")}` }
          : {}),
      })),
      station_id: station.id,
      branch_id: station.branchId,
    });
    return { key: randomUUID(), branchId: station.branchId, stationId: station.id, body, lines };
  });
}

// ---------- the clients ----------

export interface Ack {
  key: string;
  /** The first 2xx answer's body, exactly as received. */
  text: string;
  status: number;
  /** The answer said Idempotent-Replayed: the order was placed by an attempt whose answer was lost. */
  replayed: boolean;
  attempts: number;
}

export interface ClientOptions {
  /** Server addresses; attempts go round-robin over them (one address: a single server). */
  targets: readonly string[];
  concurrency: number;
  /** Stop retrying at this time (Date.now() value); unacknowledged orders are then reported. */
  deadline: number;
  /** Share of attempts that give up after a few milliseconds and retry, leaving the first in flight. */
  impatientShare: number;
  onAck?: (ack: Ack, acknowledged: number) => void;
  /** Asked before every attempt: true ends the run early (the harness around it failed). */
  stopped?: () => boolean;
}

export interface ClientRun {
  acks: Map<string, Ack>;
  /** Answers that are neither an acknowledgement nor a lost connection: each one is a defect. */
  anomalies: string[];
  attempts: number;
  /** Attempts that ended without an answer (refused, reset, timed out, abandoned). */
  unanswered: number;
  abandoned: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runClients(orders: readonly PlannedOrder[], options: ClientOptions): Promise<ClientRun> {
  const run: ClientRun = { acks: new Map(), anomalies: [], attempts: 0, unanswered: 0, abandoned: 0 };
  let next = 0;
  let turn = 0;
  const random = randomSource(orders.length * 7919);

  const going = () => Date.now() < options.deadline && !options.stopped?.();

  async function place(order: PlannedOrder): Promise<void> {
    for (let attempt = 1; going(); attempt++) {
      run.attempts++;
      const target = options.targets[turn++ % options.targets.length]!;
      const impatient = random() < options.impatientShare;
      try {
        const response = await fetch(`${target}/api/orders`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": order.key },
          body: order.body,
          signal: AbortSignal.timeout(impatient ? 2 + Math.floor(random() * 40) : 15_000),
        });
        const text = await response.text();
        if (response.status === 201) {
          const ack: Ack = {
            key: order.key,
            text,
            status: response.status,
            replayed: response.headers.get("idempotent-replayed") === "true",
            attempts: attempt,
          };
          run.acks.set(order.key, ack);
          options.onAck?.(ack, run.acks.size);
          return;
        }
        run.anomalies.push(`${order.key}: attempt ${attempt} answered ${response.status} ${text.slice(0, 300)}`);
        // A refusal of a valid order will not change on retry; a 5xx might (the phone's outbox retries those).
        if (response.status < 500) return;
      } catch (error) {
        run.unanswered++;
        if (impatient && (error as Error).name === "TimeoutError") run.abandoned++;
      }
      // Back off like a phone: quickly at first, then up to ~0.4 s while the server is away.
      await sleep(Math.min(400, 10 * 2 ** Math.min(attempt, 6)) * (0.5 + random()));
    }
  }

  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < orders.length && going()) await place(orders[next++]!);
    }),
  );
  return run;
}
