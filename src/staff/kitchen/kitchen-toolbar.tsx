import type { RefObject } from "react";
import { PREP_AREAS, type PrepArea } from "../../../contract/menu";
import type { Order } from "../../../contract/schemas";
import type { Connection } from "../../shared/use-live-events";
import { PREP_AREA_NAMES } from "../lib/prep-area-names";
import type { useKitchenSound } from "../lib/use-kitchen-sound";

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
  /** The latest news ("New order #12 · Table 5"), said once and shown for a while. */
  news: string;
  soldOutOpen: boolean;
  soldOutToggle: RefObject<HTMLButtonElement | null>;
  onSoldOut(): void;
  soldOutCount: number;
  lastBump: Order | null;
  onRecall(): void;
  sound: ReturnType<typeof useKitchenSound>;
}

/**
 * The board's one row above the columns (at 1180 × 820 at most a tenth of the height, nothing
 * wrapping): the title, whether it is live, which prep area, the latest news, the sold-out list
 * beside the orders, the recall and the sound switch. The branch is the rail's, said to screen readers.
 */
export function KitchenToolbar({
  branch,
  prepArea,
  onPrepArea,
  connection,
  news,
  soldOutOpen,
  soldOutToggle,
  onSoldOut,
  soldOutCount,
  lastBump,
  onRecall,
  sound,
}: KitchenToolbarProps) {
  const hint = sound.on && !sound.ready ? "Tap anywhere to allow the new-order sound." : "";
  return (
    <div className="kitchen__toolbar">
      <h1 id="kitchen-title">
        {PREP_AREA_NAMES[prepArea]}
        <span className="visually-hidden"> · {branch}</span>
      </h1>
      <p className={`kitchen__connection kitchen__connection--${connection}`} role="status">
        <span className="kitchen__dot" aria-hidden="true" />
        {CONNECTION_TEXT[connection]}
      </p>
      <div className="staff-actions kitchen__areas" role="group" aria-label="Station">
        {PREP_AREAS.map((name) => (
          <button key={name} type="button" className="staff-button" aria-pressed={prepArea === name} onClick={() => onPrepArea(name)}>
            {PREP_AREA_NAMES[name]}
          </button>
        ))}
      </div>
      {/* Always there, empty or not: the board must not jump under a cook's finger when news comes or goes. */}
      <p
        className={`kitchen__announcement${news ? " kitchen__announcement--shown" : ""}`}
        role="status"
        aria-live="polite"
        title={news || hint}
      >
        {news || hint}
      </p>
      <button
        ref={soldOutToggle}
        type="button"
        className="staff-button"
        aria-expanded={soldOutOpen}
        aria-controls="kitchen-sold-out"
        onClick={onSoldOut}
      >
        Sold-out items ({soldOutCount})
      </button>
      <button type="button" className="staff-button" disabled={!lastBump} onClick={onRecall}>
        Recall{lastBump && ` #${lastBump.number}`}
      </button>
      <button type="button" className="staff-button" aria-pressed={sound.on} onClick={sound.toggle}>
        Sound {sound.on ? "on" : "off"}
      </button>
    </div>
  );
}
