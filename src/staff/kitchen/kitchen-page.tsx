import { useEffect, useState } from "react";
import { branchName } from "../../../contract/menu";
import type { Order } from "../../../contract/schemas";
import { branchEventsPath } from "../../shared/api";
import { useMenu } from "../../shared/use-menu";
import { useBranchId } from "../branch/branch-store";
import { ConfirmDialog } from "../lib/confirm-dialog";
import { ProblemMessage } from "../lib/problem-message";
import { tableLabel } from "../lib/table-label";
import { useDocumentTitle } from "../lib/use-document-title";
import { KitchenToolbar, type KitchenView } from "./kitchen-toolbar";
import { OrderColumns } from "./order-columns";
import { SoldOutPanel } from "./sold-out-panel";
import { useKitchenBoard } from "./use-kitchen-board";
import { useKitchenSound } from "./use-kitchen-sound";
import { useTimedMarks, useTransientMessage } from "./use-marks";
import { useNow } from "./use-now";
import { useOrderActions } from "./use-order-actions";
import "./kitchen.css";

/** How long a new order stays highlighted, and the banner its latest news. */
const FRESH_MS = 60_000;
const NEWS_MS = 20_000;

/**
 * The kitchen board: the branch's open orders in three columns by status, arriving live, each moved
 * along with one tap; plus the sold-out switches. Built for a tablet in landscape.
 */
export default function KitchenPage() {
  useDocumentTitle("Kitchen");
  const branchId = useBranchId();
  const branch = branchName(branchId);
  const now = useNow(15_000);
  const [view, setView] = useState<KitchenView>("orders");
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [news, announce] = useTransientMessage(NEWS_MS);
  const fresh = useTimedMarks(FRESH_MS);
  const sound = useKitchenSound();
  const menu = useMenu(branchId, { stream: branchEventsPath(branchId), noStore: true });

  const board = useKitchenBoard(branchId, (order) => {
    fresh.mark(order.id);
    announce(`New order #${order.number} · ${tableLabel(order.station_codename)}`);
    sound.ring();
  });
  const actions = useOrderActions(board, announce, (order) => fresh.unmark(order.id));
  const clearActionProblem = actions.setProblem;
  useEffect(() => clearActionProblem(null), [branchId, clearActionProblem]);

  const openCount = Object.keys(board.board).length;
  const soldOutCount = menu.state.status === "ready" ? Object.values(menu.state.menu).flat().filter((p) => !p.available).length : 0;

  return (
    <section className="kitchen" aria-labelledby="kitchen-title">
      <KitchenToolbar {...{ branch, view, openCount, soldOutCount, sound }} connection={board.connection} onView={setView} />

      <p className={`kitchen__announcement${news ? " kitchen__announcement--shown" : ""}`} role="status" aria-live="polite">
        {news}
      </p>

      <ProblemMessage problem={actions.problem} />
      <ProblemMessage problem={board.problem} onRetry={() => void board.refresh()} />

      {view === "menu" ? (
        <SoldOutPanel state={menu.state} branch={branch} onChanged={menu.applyProduct} onRetry={menu.retry} />
      ) : !board.loaded && !board.problem ? (
        <p role="status">Loading orders…</p>
      ) : (
        <OrderColumns board={board.board} now={now} fresh={fresh.marked} busy={actions.busy} onAdvance={actions.advance} onCancel={setToCancel} />
      )}

      <ConfirmDialog
        open={toCancel !== null}
        title={`Cancel order #${toCancel?.number ?? ""}?`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        onConfirm={() => {
          if (toCancel) void actions.cancel(toCancel);
          setToCancel(null);
        }}
        onCancel={() => setToCancel(null)}
      >
        <p>{tableLabel(toCancel?.station_codename)} will see that the order was cancelled. This can't be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
