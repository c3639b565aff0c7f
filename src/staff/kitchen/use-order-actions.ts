import { useState } from "react";
import type { Order, OrderPatch } from "../../../contract/schemas";
import { api } from "../../shared/api";
import { ApiError } from "../../shared/api-client";
import { problemOf, type Problem } from "../lib/errors";
import { isOpen, NEXT_STEP } from "./board";

interface Board {
  apply(order: Order): void;
  refresh(): Promise<void>;
}

const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/** Moving an order along (or cancelling it): one request per order at a time, its failure said plainly. */
export function useOrderActions(board: Board, announce: (message: string) => void, touched: (order: Order) => void) {
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [problem, setProblem] = useState<Problem | null>(null);

  const move = async (order: Order, status: NonNullable<OrderPatch["status"]>) => {
    setBusy((current) => ({ ...current, [order.id]: true }));
    setProblem(null);
    touched(order);
    try {
      const updated = await api.setOrderStatus(order.id, status);
      board.apply(updated);
      announce(`Order #${updated.number} is ${updated.status}.`);
      focusLater(isOpen(updated.status) ? `order-${updated.id}-next` : `column-${order.status}`);
    } catch (error) {
      const found = problemOf(error);
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        // Someone else moved it first (another tablet): the board is what needs fixing.
        setProblem({ message: `Order #${order.number} could not be marked ${status}: ${found.message} The board has been refreshed.`, details: [] });
        void board.refresh();
      } else {
        setProblem({ ...found, message: `Order #${order.number} was not updated: ${found.message}` });
      }
    } finally {
      setBusy(({ [order.id]: _done, ...rest }) => rest);
    }
  };

  const advance = (order: Order) => {
    if (isOpen(order.status)) void move(order, NEXT_STEP[order.status].status);
  };
  const cancel = (order: Order) => move(order, "cancelled");

  return { busy, problem, setProblem, advance, cancel };
}
