import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Order } from "../../../contract/schemas";
import { ApiError, apiFetch } from "../../lib/api-client";
import { useSession } from "../auth/session-store";
import { branchName, useBranchId } from "../branch/branch-store";
import { ConfirmDialog } from "../lib/confirm-dialog";
import { isAbort, problemOf, type Problem } from "../lib/errors";
import { ProblemMessage } from "../lib/problem-message";
import { tableLabel } from "../lib/table-label";
import { useDocumentTitle } from "../lib/use-document-title";
import { beep, unlockSound } from "./beep";
import { applyOrder, column, COLUMN_TITLES, isOpen, NEXT_STEP, OPEN_STATUSES, replaceBoard, type Board } from "./board";
import { OrderCard } from "./order-card";
import { SoldOutPanel } from "./sold-out-panel";
import { useBranchMenu } from "./use-branch-menu";
import { useLiveEvents, type Connection, type LiveEvent } from "./use-live-events";
import { useNow } from "./use-now";
import "./kitchen.css";

/** How long a new order stays highlighted. */
const FRESH_MS = 60_000;
const SOUND_KEY = "kitchen-sound";

const CONNECTION_TEXT: Record<Connection, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting… new orders may be late",
};

/**
 * The kitchen board: the branch's open orders in three columns by status, arriving live, each moved
 * along with one tap; plus the sold-out switches. Built for a tablet in landscape.
 */
export default function KitchenPage() {
  useDocumentTitle("Kitchen");
  const branchId = useBranchId();
  const branch = branchName(branchId);
  const now = useNow(15_000);

  const [board, setBoard] = useState<Board>({});
  const [loaded, setLoaded] = useState(false);
  const [listProblem, setListProblem] = useState<Problem | null>(null);
  const [actionProblem, setActionProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [fresh, setFresh] = useState<Record<string, boolean>>({});
  const [announcement, setAnnouncement] = useState("");
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [view, setView] = useState<"orders" | "menu">("orders");
  const [soundOn, setSoundOn] = useState(() => localStorage.getItem(SOUND_KEY) !== "off");
  const [soundReady, setSoundReady] = useState(false);
  const menu = useBranchMenu(branchId);

  const boardRef = useRef(board);
  useLayoutEffect(() => {
    boardRef.current = board;
  });
  /** Orders the stream reported while a list request was in flight (see replaceBoard). */
  const collectors = useRef(new Set<Order[]>());
  const fetchGeneration = useRef(0);
  const freshTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  // ----- the list -----
  const refresh = useCallback(async () => {
    const generation = ++fetchGeneration.current;
    const seen: Order[] = [];
    collectors.current.add(seen);
    try {
      const query = new URLSearchParams({ branch_id: String(branchId), status: OPEN_STATUSES.join(","), limit: "500" });
      const orders = await apiFetch<Order[]>(`/orders?${query}`);
      if (generation !== fetchGeneration.current) return; // a newer request will answer
      setBoard(replaceBoard(orders, seen));
      setLoaded(true);
      setListProblem(null);
    } catch (error) {
      if (!isAbort(error) && generation === fetchGeneration.current) setListProblem(problemOf(error));
    } finally {
      collectors.current.delete(seen);
    }
  }, [branchId]);

  useEffect(() => {
    setBoard({});
    setLoaded(false);
    setActionProblem(null);
    void refresh();
  }, [refresh]);

  // The banner says the latest news for a while, then clears.
  useEffect(() => {
    if (!announcement) return;
    const timer = setTimeout(() => setAnnouncement(""), 20_000);
    return () => clearTimeout(timer);
  }, [announcement]);

  // ----- live events -----
  const markFresh = (order: Order) => {
    setFresh((current) => ({ ...current, [order.id]: true }));
    clearTimeout(freshTimers.current.get(order.id));
    freshTimers.current.set(
      order.id,
      setTimeout(() => unmarkFresh(order.id), FRESH_MS),
    );
  };
  const unmarkFresh = (orderId: string) => {
    freshTimers.current.delete(orderId);
    setFresh((current) => {
      if (!current[orderId]) return current;
      const { [orderId]: _gone, ...rest } = current;
      return rest;
    });
  };
  useEffect(() => {
    const timers = freshTimers.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);

  const onEvent = (event: LiveEvent) => {
    if (event.type === "product.updated") {
      menu.applyProduct(event.data);
      return;
    }
    const order = event.data;
    for (const seen of collectors.current) seen.push(order);
    const known = order.id in boardRef.current;
    setBoard((current) => applyOrder(current, order));
    if (event.type === "order.created" && isOpen(order.status) && !known) {
      markFresh(order);
      setAnnouncement(`New order #${order.number} · ${tableLabel(order.station_codename)}`);
      if (soundOn) beep();
    }
  };

  const connection = useLiveEvents(`/events?branch_id=${branchId}`, {
    onEvent,
    onOpen: () => {
      // Catch up: the stream replays what it can, and the list covers the rest.
      void refresh();
      void menu.reload();
    },
    onRefused: () => {
      // Refused streams are usually an ended session: find out, and go to sign-in if so.
      apiFetch("/current_user").catch((error) => {
        if (error instanceof ApiError && error.status === 401) useSession.getState().signedOut();
      });
    },
  });

  // ----- sound: browsers allow it only after a tap or key press -----
  useEffect(() => {
    if (!soundOn || soundReady) return;
    const unlock = () => void unlockSound().then(setSoundReady);
    void unlockSound().then(setSoundReady);
    document.addEventListener("pointerdown", unlock);
    document.addEventListener("keydown", unlock);
    return () => {
      document.removeEventListener("pointerdown", unlock);
      document.removeEventListener("keydown", unlock);
    };
  }, [soundOn, soundReady]);

  const toggleSound = () => {
    const next = !soundOn;
    setSoundOn(next);
    localStorage.setItem(SOUND_KEY, next ? "on" : "off");
    if (next) void unlockSound().then((ready) => ready && beep());
  };

  // ----- actions -----
  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  const move = async (order: Order, status: Order["status"]) => {
    setBusy((current) => ({ ...current, [order.id]: true }));
    setActionProblem(null);
    unmarkFresh(order.id);
    try {
      const updated = await apiFetch<Order>(`/orders/${encodeURIComponent(order.id)}`, { method: "PATCH", body: { status } });
      setBoard((current) => applyOrder(current, updated));
      setAnnouncement(`Order #${updated.number} is ${updated.status}.`);
      focusLater(isOpen(updated.status) ? `order-${updated.id}-next` : `column-${order.status}`);
      return true;
    } catch (error) {
      const problem = problemOf(error);
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        setActionProblem({
          message: `Order #${order.number} could not be marked ${status}: ${problem.message} The board has been refreshed.`,
          details: [],
        });
        void refresh();
      } else {
        setActionProblem({ ...problem, message: `Order #${order.number} was not updated: ${problem.message}` });
      }
      return false;
    } finally {
      setBusy(({ [order.id]: _done, ...rest }) => rest);
    }
  };

  const advance = (order: Order) => {
    if (isOpen(order.status)) void move(order, NEXT_STEP[order.status].status);
  };

  const confirmCancel = async () => {
    if (!toCancel) return;
    const order = toCancel;
    setToCancel(null);
    await move(order, "cancelled");
  };

  const openCount = Object.keys(board).length;
  const soldOutCount = menu.state.status === "ready" ? Object.values(menu.state.menu).flat().filter((p) => !p.available).length : 0;

  return (
    <section className="kitchen" aria-labelledby="kitchen-title">
      <div className="kitchen__toolbar">
        <h1 id="kitchen-title">Kitchen · {branch}</h1>
        <p className={`kitchen__connection kitchen__connection--${connection}`} role="status">
          <span className="kitchen__dot" aria-hidden="true" />
          {CONNECTION_TEXT[connection]}
        </p>
        <div className="staff-actions" role="group" aria-label="Show">
          <button type="button" className="staff-button" aria-pressed={view === "orders"} onClick={() => setView("orders")}>
            Orders ({openCount})
          </button>
          <button type="button" className="staff-button" aria-pressed={view === "menu"} onClick={() => setView("menu")}>
            Sold-out items ({soldOutCount})
          </button>
        </div>
        <button type="button" className="staff-button" aria-pressed={soundOn} onClick={toggleSound}>
          Sound {soundOn ? "on" : "off"}
        </button>
        {soundOn && !soundReady && <p className="kitchen__hint">Tap anywhere to allow the new-order sound.</p>}
      </div>

      <p className={`kitchen__announcement${announcement ? " kitchen__announcement--shown" : ""}`} role="status" aria-live="polite">
        {announcement}
      </p>

      <ProblemMessage problem={actionProblem} />
      <ProblemMessage problem={listProblem} onRetry={() => void refresh()} />

      {view === "orders" ? (
        !loaded && !listProblem ? (
          <p role="status">Loading orders…</p>
        ) : (
          <div className="kitchen__columns">
            {OPEN_STATUSES.map((status) => {
              const orders = column(board, status);
              return (
                <section key={status} className={`kitchen__column kitchen__column--${status}`} aria-labelledby={`column-${status}`}>
                  <h2 id={`column-${status}`} tabIndex={-1}>
                    {COLUMN_TITLES[status]} <span className="kitchen__count">({orders.length})</span>
                  </h2>
                  {orders.length === 0 ? (
                    <p className="kitchen__empty">No orders.</p>
                  ) : (
                    <ol className="kitchen__cards">
                      {orders.map((order) => (
                        <OrderCard
                          key={order.id}
                          order={order as Order & { status: typeof status }}
                          now={now}
                          fresh={Boolean(fresh[order.id])}
                          busy={Boolean(busy[order.id])}
                          onAdvance={advance}
                          onCancel={setToCancel}
                        />
                      ))}
                    </ol>
                  )}
                </section>
              );
            })}
          </div>
        )
      ) : (
        <SoldOutPanel state={menu.state} branch={branch} onChanged={menu.applyProduct} onRetry={() => void menu.reload()} />
      )}

      <ConfirmDialog
        open={toCancel !== null}
        title={`Cancel order #${toCancel?.number ?? ""}?`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        onConfirm={() => void confirmCancel()}
        onCancel={() => setToCancel(null)}
      >
        <p>{tableLabel(toCancel?.station_codename)} will see that the order was cancelled. This can't be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
