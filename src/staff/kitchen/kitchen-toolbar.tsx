import { PREP_AREAS, type PrepArea } from "../../../contract/menu";
import type { Order } from "../../../contract/schemas";
import type { Connection } from "../../shared/use-live-events";
import { PREP_AREA_NAMES } from "../lib/prep-area-names";
import type { useKitchenSound } from "./use-kitchen-sound";

export type KitchenView = "orders" | "menu";

const CONNECTION_TEXT: Record<Connection, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting… new orders may be late",
};

interface KitchenToolbarProps {
  branch: string;
  prepArea: PrepArea;
  onPrepArea(prepArea: PrepArea): void;
  connection: Connection;
  view: KitchenView;
  onView(view: KitchenView): void;
  openCount: number;
  soldOutCount: number;
  lastBump: Order | null;
  onRecall(): void;
  sound: ReturnType<typeof useKitchenSound>;
}

/** The board's title, whether it is live, which prep area and view it shows, the recall and the sound switch. */
export function KitchenToolbar({
  branch,
  prepArea,
  onPrepArea,
  connection,
  view,
  onView,
  openCount,
  soldOutCount,
  lastBump,
  onRecall,
  sound,
}: KitchenToolbarProps) {
  return (
    <div className="kitchen__toolbar">
      <h1 id="kitchen-title">
        {PREP_AREA_NAMES[prepArea]} · {branch}
      </h1>
      <p className={`kitchen__connection kitchen__connection--${connection}`} role="status">
        <span className="kitchen__dot" aria-hidden="true" />
        {CONNECTION_TEXT[connection]}
      </p>
      <div className="staff-actions" role="group" aria-label="Station">
        {PREP_AREAS.map((name) => (
          <button key={name} type="button" className="staff-button" aria-pressed={prepArea === name} onClick={() => onPrepArea(name)}>
            {PREP_AREA_NAMES[name]}
          </button>
        ))}
      </div>
      <div className="staff-actions" role="group" aria-label="Show">
        <button type="button" className="staff-button" aria-pressed={view === "orders"} onClick={() => onView("orders")}>
          Orders ({openCount})
        </button>
        <button type="button" className="staff-button" aria-pressed={view === "menu"} onClick={() => onView("menu")}>
          Sold-out items ({soldOutCount})
        </button>
      </div>
      <button type="button" className="staff-button" disabled={!lastBump} onClick={onRecall}>
        Recall last bump{lastBump && ` (#${lastBump.number})`}
      </button>
      <button type="button" className="staff-button" aria-pressed={sound.on} onClick={sound.toggle}>
        Sound {sound.on ? "on" : "off"}
      </button>
      {sound.on && !sound.ready && <p className="kitchen__hint">Tap anywhere to allow the new-order sound.</p>}
    </div>
  );
}
