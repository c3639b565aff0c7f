import { useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { branchName, type PrepArea } from "../../../contract/menu";
import type { Order } from "../../../contract/schemas";
import { branchEventsPath } from "../lib/staff-api";
import { focusLater } from "../../shared/focus";
import { useMenu } from "../../shared/use-menu";
import { useBranchId } from "../branch/branch-store";
import { ConfirmDialog } from "../lib/confirm-dialog";
import { ProblemMessage } from "../lib/problem-message";
import { tableLabel } from "../lib/table-label";
import { useDocumentTitle } from "../../shared/use-document-title";
import { PREP_AREA_NAMES } from "../lib/prep-area-names";
import { atPrepArea, heldOrders, openAtPrepArea } from "./board";
import { HeldOrders } from "./held-orders";
import { KitchenToolbar } from "./kitchen-toolbar";
import { OrderColumns } from "./order-columns";
import { SoldOutPanel } from "./sold-out-panel";
import { useBoardPresence } from "./use-board-presence";
import { useKitchenBoard } from "./use-kitchen-board";
import { useKitchenSound } from "../lib/use-kitchen-sound";
import { useTimedMarks, useTransientMessage } from "./use-marks";
import { useNow } from "./use-now";
import { useOrderActions } from "./use-order-actions";
import "./kitchen.css";

/** How long a new order stays highlighted, and the banner its latest news. */
const FRESH_MS = 60_000;
const NEWS_MS = 20_000;

/** `/kitchen?station=bar`: the bar's board; anything else is the kitchen's. */
function usePrepArea(): [PrepArea, (prepArea: PrepArea) => void] {
  const [params, setParams] = useSearchParams();
  const prepArea: PrepArea = params.get("station") === "bar" ? "bar" : "kitchen";
  return [prepArea, (next) => setParams(next === "kitchen" ? {} : { station: next }, { replace: true })];
}

/**
 * A prep area's board: the branch's open orders that have lines for the prep area (only those
 * lines), in three columns, arriving live with a sound and a flash; each started, bumped and served
 * with one tap. The board tells the server it is on screen and which orders it has shown. The
 * sold-out switches open beside the columns, never instead of them. Above the columns, on every board, the orders held past their table's limit wait
 * for a staff OK (Release, Turn down). Built for a tablet in landscape.
 */
export default function KitchenPage() {
  const branchId = useBranchId();
  const branch = branchName(branchId);
  const [prepArea, setPrepArea] = usePrepArea();
  useDocumentTitle(`${PREP_AREA_NAMES[prepArea]} · Limitless staff`);
  const now = useNow(15_000);
  const [soldOutOpen, setSoldOutOpen] = useState(false);
  const soldOutToggle = useRef<HTMLButtonElement>(null);
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [toTurnDown, setToTurnDown] = useState<Order | null>(null);
  const [news, announce] = useTransientMessage(NEWS_MS);
  const fresh = useTimedMarks(FRESH_MS);
  const sound = useKitchenSound();
  const menu = useMenu(branchId, { stream: branchEventsPath(branchId), noStore: true });

  const board = useKitchenBoard(branchId, (order, news) => {
    // Every board hears of a held order: any of them may give the OK.
    if (news === "held") {
      announce(`Order #${order.number} · ${tableLabel(order.station_codename)} is waiting for a staff OK`);
      sound.ring();
      return;
    }
    if (!atPrepArea(order, prepArea)) return;
    fresh.mark(order.id);
    announce(`${news === "released" ? "Released" : "New"} order #${order.number} · ${tableLabel(order.station_codename)}`);
    sound.ring();
  });
  const actions = useOrderActions(board, branchId, prepArea, announce, (order) => fresh.unmark(order.id));

  // Held orders are not the kitchen's yet: they neither count as open nor are told to the server as seen.
  const shown = openAtPrepArea(board.board, prepArea);
  const held = heldOrders(board.board);
  useBoardPresence(branchId, prepArea, shown, board.apply);
  const soldOutCount =
    menu.state.status === "ready"
      ? Object.values(menu.state.data)
          .flat()
          .filter((p) => !p.available).length
      : 0;

  return (
    <section className="kitchen" aria-labelledby="kitchen-title">
      <KitchenToolbar
        {...{ branch, prepArea, news, soldOutOpen, soldOutToggle, soldOutCount, sound }}
        connection={board.connection}
        lastBump={actions.lastBump}
        onRecall={() => void actions.recall()}
        onPrepArea={setPrepArea}
        onSoldOut={() => {
          // Opened, the list comes after the orders (below them on a phone): focus goes to it, so it is in sight.
          if (!soldOutOpen) focusLater("kitchen-sold-out-close");
          setSoldOutOpen(!soldOutOpen);
        }}
      />

      <ProblemMessage problem={actions.problem} />
      <ProblemMessage problem={board.state.status === "loading" ? null : board.state.error} onRetry={board.refresh} />

      <div className={`kitchen__body${soldOutOpen ? " kitchen__body--drawer" : ""}`}>
        <div className="kitchen__orders">
          {board.state.status === "loading" ? (
            <p role="status">Loading orders…</p>
          ) : (
            <>
              <HeldOrders
                orders={held}
                now={now}
                busyWith={actions.busyWith}
                actions={{ release: (order) => void actions.release(order), turnDown: setToTurnDown }}
              />
              <OrderColumns
                board={board.board}
                prepArea={prepArea}
                now={now}
                fresh={fresh.marked}
                busyWith={actions.busyWith}
                actions={{ start: actions.start, bump: actions.bump, serve: actions.serve, cancel: setToCancel }}
              />
            </>
          )}
        </div>
        {soldOutOpen && (
          <aside id="kitchen-sold-out" className="kitchen__drawer" aria-label="Sold-out items">
            <button
              type="button"
              id="kitchen-sold-out-close"
              className="staff-button kitchen__drawer-close"
              onClick={() => {
                setSoldOutOpen(false);
                soldOutToggle.current?.focus();
              }}
            >
              Close sold-out items
            </button>
            <SoldOutPanel state={menu.state} branch={branch} onChanged={menu.applyProduct} onRetry={menu.reload} />
          </aside>
        )}
      </div>

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

      <ConfirmDialog
        open={toTurnDown !== null}
        title={`Turn down order #${toTurnDown?.number ?? ""}?`}
        confirmLabel="Turn down order"
        cancelLabel="Keep waiting"
        onConfirm={() => {
          if (toTurnDown) void actions.turnDown(toTurnDown);
          setToTurnDown(null);
        }}
        onCancel={() => setToTurnDown(null)}
      >
        <p>
          {tableLabel(toTurnDown?.station_codename)} will see that the order was cancelled. Nothing of it is made. This can't be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
