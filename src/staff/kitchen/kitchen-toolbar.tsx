import type { Connection } from "../../shared/use-live-events";
import type { useKitchenSound } from "./use-kitchen-sound";

export type KitchenView = "orders" | "menu";

const CONNECTION_TEXT: Record<Connection, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting… new orders may be late",
};

interface KitchenToolbarProps {
  branch: string;
  connection: Connection;
  view: KitchenView;
  onView(view: KitchenView): void;
  openCount: number;
  soldOutCount: number;
  sound: ReturnType<typeof useKitchenSound>;
}

/** The board's title, whether it is live, which view is shown, and the sound switch. */
export function KitchenToolbar({ branch, connection, view, onView, openCount, soldOutCount, sound }: KitchenToolbarProps) {
  return (
    <div className="kitchen__toolbar">
      <h1 id="kitchen-title">Kitchen · {branch}</h1>
      <p className={`kitchen__connection kitchen__connection--${connection}`} role="status">
        <span className="kitchen__dot" aria-hidden="true" />
        {CONNECTION_TEXT[connection]}
      </p>
      <div className="staff-actions" role="group" aria-label="Show">
        <button type="button" className="staff-button" aria-pressed={view === "orders"} onClick={() => onView("orders")}>
          Orders ({openCount})
        </button>
        <button type="button" className="staff-button" aria-pressed={view === "menu"} onClick={() => onView("menu")}>
          Sold-out items ({soldOutCount})
        </button>
      </div>
      <button type="button" className="staff-button" aria-pressed={sound.on} onClick={sound.toggle}>
        Sound {sound.on ? "on" : "off"}
      </button>
      {sound.on && !sound.ready && <p className="kitchen__hint">Tap anywhere to allow the new-order sound.</p>}
    </div>
  );
}
