import { useEffect, useState } from "react";
import type { PrepArea } from "../../../contract/menu";
import type { Order } from "../../../contract/schemas";
import { staffApi } from "../lib/staff-api";
import { restated } from "../../shared/client-errors";
import { focusLater } from "../../shared/focus";
import { useWrite } from "../../shared/use-write";
import { PREP_AREA_NAMES } from "../lib/prep-area-names";

interface Board {
  apply(order: Order): void;
  refresh(): void;
}

/** How many of this board's bumps "Recall last bump" can walk back through. */
const RECALLABLE = 10;

/**
 * What a prep area's board does to an order: start it, bump it (this prep area's part is done), mark it
 * served, cancel it, or recall its last bump; release a held order to the kitchen or turn it down. One request per order at a time, its failure said plainly.
 */
export function useOrderActions(
  board: Board,
  branchId: number,
  prepArea: PrepArea,
  announce: (message: string) => void,
  touched: (order: Order) => void,
) {
  const { run: write, busyWith, problem, setProblem } = useWrite();
  const [bumps, setBumps] = useState<Order[]>([]);
  useEffect(() => {
    setProblem(null);
    setBumps([]);
  }, [branchId, prepArea, setProblem]);

  const run = (order: Order, what: string, send: () => Promise<Order>, then: (updated: Order) => void) => {
    touched(order);
    return write(
      async () => {
        const updated = await send();
        board.apply(updated);
        then(updated);
      },
      {
        key: order.id,
        problem: (error) => {
          if (error.status !== 409 && error.status !== 404)
            return restated(error, (message) => `Order #${order.number} was not updated: ${message}`);
          // Someone else changed it first (another tablet): the board is what needs fixing.
          void board.refresh();
          return restated(error, (message) => `Order #${order.number} could not be ${what}: ${message} The board has been refreshed.`, []);
        },
      },
    );
  };

  const start = (order: Order) =>
    run(
      order,
      "started",
      () => staffApi.setOrderStatus(order.id, "preparing"),
      (updated) => {
        announce(`Order #${updated.number} is being prepared.`);
        focusLater(`order-${updated.id}-next`);
      },
    );

  const bump = (order: Order) =>
    run(
      order,
      "bumped",
      () => staffApi.bumpOrder(order.id, prepArea),
      (updated) => {
        setBumps((current) => [...current.filter((o) => o.id !== updated.id), updated].slice(-RECALLABLE));
        const waitingFor = updated.lines.find((line) => !updated.bumped.includes(line.prep_station))?.prep_station;
        announce(
          waitingFor
            ? `Order #${updated.number} bumped; waiting for the ${PREP_AREA_NAMES[waitingFor].toLowerCase()}.`
            : `Order #${updated.number} is ready.`,
        );
        focusLater("column-ready");
      },
    );

  // The card goes away with these two: focus goes to a column heading rather than to nowhere.
  const serve = (order: Order) =>
    run(
      order,
      "marked served",
      () => staffApi.setOrderStatus(order.id, "served"),
      (updated) => {
        announce(`Order #${updated.number} is served.`);
        focusLater("column-ready");
      },
    );

  const cancel = (order: Order) =>
    run(
      order,
      "cancelled",
      () => staffApi.setOrderStatus(order.id, "cancelled"),
      (updated) => {
        announce(`Order #${updated.number} is cancelled.`);
        focusLater("column-received");
      },
    );

  // A held order leaves the waiting list either way: focus goes to where it went, or to the list.
  const release = (order: Order) =>
    run(
      order,
      "released",
      () => staffApi.setOrderStatus(order.id, "received"),
      (updated) => {
        announce(`Order #${updated.number} is released to the kitchen.`);
        focusLater("column-received");
      },
    );

  const turnDown = (order: Order) =>
    run(
      order,
      "turned down",
      () => staffApi.setOrderStatus(order.id, "cancelled"),
      (updated) => {
        announce(`Order #${updated.number} is turned down.`);
        focusLater("column-received");
      },
    );

  const lastBump = bumps.at(-1) ?? null;
  const recall = async () => {
    if (!lastBump) return;
    await run(
      lastBump,
      "recalled",
      () => staffApi.recallBump(lastBump.id, prepArea),
      (updated) => announce(`Order #${updated.number} is back on the board.`),
    );
    // Recalled, or refused (served or cancelled meanwhile): either way the next recall is the bump before.
    setBumps((current) => current.filter((o) => o.id !== lastBump.id));
  };

  return { busyWith, problem, start, bump, serve, cancel, release, turnDown, lastBump, recall };
}
