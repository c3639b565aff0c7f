/** The kitchen boards' side of an order: seen on a board, the boards on screen, and the alarm for orders no board has shown. */
import type { BoardHeartbeat, KitchenStatus, Order } from "../../contract/schemas";
import { recordEvent } from "../events/event-log-service";
import { NotFoundError } from "../lib/errors";
import type { ServiceDeps } from "../service-deps";
import { findOrder, findOrders } from "../orders/order-queries";
import { claimUnseenOrders, markSeen, unseenOrderIds } from "../orders/kitchen-order-queries";
import { boardsSeenSince, forgetBoards, saveBoard } from "./kitchen-repository";

/** A board says it is there every ~20 s: one missed beat is not yet "offline". */
export const BOARD_ONLINE_MS = 45_000;
/** Boards quiet for this long are deleted when another board beats. */
const FORGET_BOARDS_MS = 24 * 3_600_000;

/**
 * A board shows the order: the first sighting is kept (later ones change nothing), and the diner's
 * phone hears it as `order.updated` ("The kitchen has your order"). A held order is not the kitchen's
 * yet: showing it (among those waiting for a staff OK) changes nothing.
 */
export async function markOrderSeen({ database, clock }: ServiceDeps, id: string): Promise<Order> {
  const now = clock.now();
  return database.transaction(async (tx) => {
    const order = await findOrder(tx, id);
    if (!order) throw new NotFoundError("order_not_found");
    if (order.status === "held") return order;
    const seenAt = now.toISOString();
    // Conditional on seen_at being empty: two boards showing it at once both get the first one's time.
    if (order.seen_at !== null || !(await markSeen(tx, id, seenAt))) return (await findOrder(tx, id))!;
    const updated: Order = { ...order, seen_at: seenAt, updated_at: seenAt };
    await recordEvent(
      tx,
      {
        branchId: updated.branch_id,
        type: "order.updated",
        orderId: id,
        tableId: updated.station_id,
        payload: updated,
      },
      now,
    );
    return updated;
  });
}

export async function boardHeartbeat(deps: ServiceDeps, beat: BoardHeartbeat): Promise<KitchenStatus> {
  const now = deps.clock.now();
  await deps.database.transaction(async (tx) => {
    await saveBoard(tx, { boardId: beat.board_id, branchId: beat.branch_id, prepArea: beat.station, lastSeenAt: now.toISOString() });
    await forgetBoards(tx, new Date(now.getTime() - FORGET_BOARDS_MS).toISOString());
  });
  return kitchenStatus(deps, beat.branch_id);
}

/** The boards on screen now, and the orders no board has shown within the alert time, oldest first. */
export async function kitchenStatus({ database, config, clock }: ServiceDeps, branchId: number): Promise<KitchenStatus> {
  const { db } = database;
  const [now, alertSeconds] = [clock.now(), config.unseenAlertSeconds];
  const boards = await boardsSeenSince(db, branchId, new Date(now.getTime() - BOARD_ONLINE_MS).toISOString());
  const ids = await unseenOrderIds(db, branchId, new Date(now.getTime() - alertSeconds * 1000).toISOString());
  return { boards, unseen_orders: oldestFirst(await findOrders(db, ids)) };
}

const oldestFirst = (orders: Order[]) => orders.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.number - b.number);

/**
 * Raises `order.unseen` for every order no board has shown within UNSEEN_ALERT_SECONDS, and again as
 * often while none does. Each alarm is claimed in one UPDATE, so with several instances sweeping one
 * database it goes out once. Returns the orders alarmed.
 */
export async function sweepUnseenOrders({ database, config, clock }: ServiceDeps): Promise<Order[]> {
  const [now, alertSeconds] = [clock.now(), config.unseenAlertSeconds];
  const due = new Date(now.getTime() - alertSeconds * 1000).toISOString();
  return database.transaction(async (tx) => {
    const ids = await claimUnseenOrders(tx, due, due, now.toISOString());
    const orders = oldestFirst(await findOrders(tx, ids));
    for (const order of orders) {
      // The branch stream only: the order and table streams let through their own event types.
      await recordEvent(
        tx,
        {
          branchId: order.branch_id,
          type: "order.unseen",
          orderId: order.id,
          tableId: order.station_id,
          payload: order,
        },
        now,
      );
    }
    return orders;
  });
}

/** How often an instance looks for overdue orders: a few times per alert period, at most every 5 s. */
export function sweepEveryMs(alertSeconds: number): number {
  return Math.min(5_000, Math.max(250, (alertSeconds * 1000) / 4));
}

/** Sweeps on a timer until the returned function is called; that resolves once a sweep under way has finished. */
export function scheduleUnseenSweep(deps: ServiceDeps): () => Promise<void> {
  const { logger, config } = deps;
  let running: Promise<void> | undefined;
  const sweep = () => {
    // A slow database: the next tick tries again rather than piling sweeps up.
    if (running) return;
    running = sweepUnseenOrders(deps)
      .then(
        (alarmed) => {
          if (alarmed.length > 0) logger.info("orders not seen by any kitchen board", { orders: alarmed.map((order) => order.id) });
        },
        (error: unknown) => logger.error("sweeping unseen orders failed", { error: String(error) }),
      )
      .finally(() => (running = undefined));
  };
  const timer = setInterval(sweep, sweepEveryMs(config.unseenAlertSeconds));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
