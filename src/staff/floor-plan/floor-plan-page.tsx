import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { focusLater } from "../../shared/focus";
import { Link } from "react-router-dom";
import { AREA_MAX, cleanCodename } from "../../../contract/form-rules";
import { branchName } from "../../../contract/menu";
import { roleMay } from "../../../contract/roles";
import type { DiningTable, FloorPosition, FloorTable } from "../../../contract/schemas";
import { restated } from "../../shared/client-errors";
import { formatMoney } from "../../shared/i18n/format";
import { randomUuid } from "../../shared/random-uuid";
import { useDocumentTitle } from "../../shared/use-document-title";
import { useServerData } from "../../shared/use-server-data";
import { useWrite } from "../../shared/use-write";
import { useSession } from "../auth/session-store";
import { useBranchId } from "../branch/branch-store";
import { ProblemMessage } from "../lib/problem-message";
import { branchEventsPath, staffApi } from "../lib/staff-api";
import { tableLabel } from "../lib/table-label";
import { areasOf, describePosition, freeSpot, movedByKey, positionAt, STATUS_TEXT, timeSince } from "./floor-layout";
import "./floor-plan.css";

/** After the last arrow key press this long, the table's new place is saved (one PUT per move, not per key). */
const KEY_SAVE_DELAY_MS = 500;
/** "12 min" is kept current this often. */
const CLOCK_TICK_MS = 20_000;

const byCodename = (a: FloorTable, b: FloorTable) => a.codename.localeCompare(b.codename, undefined, { numeric: true });

/** Where a table opens: its tab. */
const tablePath = (table: FloorTable) => `/staff/check?station_id=${encodeURIComponent(table.id)}`;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const CALL_MARK = { bill: "Bill", server: "Server" } as const;

/** Heard between a tile's parts, so its name reads "Table 2, Ordering, 12 min", not "Table 2Ordering12 min". */
const Pause = () => <span className="visually-hidden">, </span>;

/**
 * What a table shows, in reading order: its name, state, for how long, its open calls, held orders and
 * tab; its name is these words, so what is heard is what is seen. `more`: words only heard (where it stands).
 */
function TableFace({ table, now, more }: { table: FloorTable; now: number; more?: string }) {
  const { state } = table;
  return (
    <>
      <span className="floor-table__name">{tableLabel(table.codename)}</span>
      <Pause />
      <span className="floor-table__status">{STATUS_TEXT[state.status]}</span>
      <Pause />
      <span className="floor-table__since">{timeSince(state.since, now)}</span>
      <span className="floor-table__marks">
        {state.open_calls.map((call) => (
          <span key={call.id} className={`floor-mark floor-mark--${call.kind}`}>
            <Pause />
            {CALL_MARK[call.kind]}
          </span>
        ))}
        {state.held_orders > 0 && (
          <span className="floor-mark floor-mark--held">
            <Pause />
            {state.held_orders} held
          </span>
        )}
      </span>
      {state.tab_total !== "0.00" && (
        <span className="floor-table__total">
          <Pause />
          {state.tab_balance === state.tab_total ? formatMoney(state.tab_total) : `${formatMoney(state.tab_balance)} due`}
        </span>
      )}
      {more && <span className="visually-hidden">, {more}</span>}
    </>
  );
}

/**
 * The floor plan: the branch's tables where they stand in each area, each showing live its state, for
 * how long, its open calls, held orders and tab; a table opens its tab. Owners and managers arrange
 * the tables: drag one with a finger or the mouse, or select it and move it with the arrow keys.
 */
export default function FloorPlanPage() {
  useDocumentTitle("Floor · Limitless staff");
  const branchId = useBranchId();
  const mayArrange = useSession((state) => state.user !== null && roleMay(state.user.role, "tables"));
  const now = useNow();
  const floor = useServerData<number, FloorTable[]>({
    key: branchId,
    stream: branchEventsPath(branchId),
    load: async (id, signal) => [...(await staffApi.floor(id, { signal })).tables].sort(byCodename),
    reduce: (tables, event, id) => {
      if (event.type !== "table.updated" || event.data.branch_id !== id || !tables) return undefined;
      const others = tables.filter((table) => table.id !== event.data.id);
      return [...others, event.data].sort(byCodename);
    },
  });
  const [chosenArea, setChosenArea] = useState<string | null>(null);
  const [arranging, setArranging] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  /** Places shown before the server has them (a drag under way, keys not yet saved). */
  const [moving, setMoving] = useState<ReadonlyMap<string, FloorPosition>>(new Map());
  const [announcement, setAnnouncement] = useState("");
  const { run, problem } = useWrite();
  const planRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ id: string; pointerId: number; grab: { x: number; y: number }; to: FloorPosition | null } | null>(null);
  const keySave = useRef<{ id: string; timer: ReturnType<typeof setTimeout> } | null>(null);

  useEffect(() => {
    setChosenArea(null);
    setSelectedId(null);
    setMoving(new Map());
  }, [branchId]);

  const tables = floor.state.status === "ready" ? floor.state.data : [];
  const area = chosenArea ?? "Main";
  // An area just named has no table yet: it is listed until one is moved in (or another is chosen).
  const areas = areasOf(tables);
  if (!areas.includes(area)) areas.push(area);
  const inArea = tables.filter((table) => table.area === area);
  const placeOf = (table: FloorTable) => moving.get(table.id) ?? table.position;
  const placed = inArea.filter((table) => placeOf(table) !== null);
  const unplaced = inArea.filter((table) => placeOf(table) === null);
  const selected = tables.find((table) => table.id === selectedId) ?? null;

  const setMove = (id: string, position: FloorPosition | null) =>
    setMoving((current) => {
      const next = new Map(current);
      if (position) next.set(id, position);
      else next.delete(id);
      return next;
    });

  /**
   * Saves a table's change; the answer (and its table.updated) replaces what shows, a refusal puts it
   * back. Every move is its own write: one made while the last is still out is sent too, not dropped.
   */
  const save = async (table: FloorTable, body: Partial<Pick<DiningTable, "area" | "position">>, said: string) => {
    await run(
      async () => {
        const saved = await staffApi.updateDiningTable(table.id, body);
        floor.update((current) => (current ?? []).map((t) => (t.id === saved.id ? { ...t, ...saved } : t)));
        setAnnouncement(said);
      },
      {
        key: randomUuid(),
        problem: (error) => restated(error, (message) => `${tableLabel(table.codename)} was not moved: ${message}`, []),
      },
    );
    setMove(table.id, null);
  };

  const savePosition = (table: FloorTable, position: FloorPosition) =>
    save(table, { position }, `${tableLabel(table.codename)} saved at ${describePosition(position)}.`);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>, table: FloorTable) => {
    if (event.button !== 0) return;
    // No text selection or native drag starts under the finger; focus still goes to the table.
    event.preventDefault();
    event.currentTarget.focus();
    const tile = event.currentTarget.getBoundingClientRect();
    drag.current = {
      id: table.id,
      pointerId: event.pointerId,
      grab: { x: event.clientX - tile.left, y: event.clientY - tile.top },
      to: null,
    };
    event.currentTarget.setPointerCapture(event.pointerId);
    setSelectedId(table.id);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>, table: FloorTable) => {
    const current = drag.current;
    if (!current || current.id !== table.id || current.pointerId !== event.pointerId || !planRef.current) return;
    const plan = planRef.current.getBoundingClientRect();
    const tile = event.currentTarget.getBoundingClientRect();
    current.to = positionAt({ x: event.clientX, y: event.clientY }, current.grab, plan, tile);
    setMove(table.id, current.to);
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>, table: FloorTable) => {
    const current = drag.current;
    if (!current || current.id !== table.id || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (current.to) void savePosition(table, current.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, table: FloorTable) => {
    const from = placeOf(table);
    if (!from) return;
    const to = movedByKey(from, event.key, event.shiftKey);
    if (!to) return;
    event.preventDefault();
    setSelectedId(table.id);
    setMove(table.id, to);
    setAnnouncement(`${tableLabel(table.codename)}: ${describePosition(to)}.`);
    if (keySave.current) clearTimeout(keySave.current.timer);
    keySave.current = { id: table.id, timer: setTimeout(() => void savePosition(table, to), KEY_SAVE_DELAY_MS) };
  };

  /** Puts a table on this area's plan at a free spot, and keeps the keyboard on it. */
  const place = (table: FloorTable, body: { area?: string } = {}) => {
    const spot = freeSpot(placed.map((t) => placeOf(t)!));
    setSelectedId(table.id);
    void save(table, { ...body, position: spot }, `${tableLabel(table.codename)} placed in ${area}, ${describePosition(spot)}.`).then(() =>
      focusLater(`floor-table-${table.id}`),
    );
  };
  const moveHere = (table: FloorTable) => place(table, { area });

  return (
    <section className="floor-page" aria-labelledby="floor-title">
      <div className="staff-header-row floor-page__header">
        <h1 id="floor-title">Floor · {branchName(branchId)}</h1>
        {mayArrange && (
          <button
            type="button"
            className={`staff-button${arranging ? " staff-button--primary" : ""}`}
            aria-pressed={arranging}
            onClick={() => {
              setArranging(!arranging);
              setSelectedId(null);
            }}
          >
            {arranging ? "Done arranging" : "Arrange tables"}
          </button>
        )}
      </div>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <ProblemMessage problem={problem} />
      {floor.state.status === "loading" && <p role="status">Loading the floor…</p>}
      {floor.state.status === "failed" && <ProblemMessage problem={floor.state.error} onRetry={floor.reload} />}
      {floor.state.status === "ready" && (
        <>
          <ProblemMessage problem={floor.state.error} onRetry={floor.reload} />
          <div className="floor-areas" role="group" aria-label="Areas">
            {areas.map((name) => (
              <button
                key={name}
                type="button"
                className="staff-button floor-areas__area"
                aria-pressed={name === area}
                onClick={() => {
                  setChosenArea(name);
                  setSelectedId(null);
                }}
              >
                {name} <span className="floor-areas__count">({tables.filter((table) => table.area === name).length})</span>
              </button>
            ))}
            {arranging && <NewArea onAdd={(name) => setChosenArea(name)} />}
          </div>
          {arranging && (
            <p id="floor-arrange-help" className="floor-page__help">
              Drag a table to move it, or select it and use the arrow keys (Shift moves further). Each move is saved.
            </p>
          )}
          <div
            ref={planRef}
            className={`floor-plan${arranging ? " floor-plan--arranging" : ""}`}
            aria-label={`${area} floor plan`}
            role="region"
          >
            {placed.length === 0 && <p className="floor-plan__empty">No table is placed in {area} yet.</p>}
            {placed.map((table) => {
              const position = placeOf(table)!;
              const style = {
                left: `calc(${position.x / 10}% - ${position.x / 1000} * var(--tile-width))`,
                top: `calc(${position.y / 10}% - ${position.y / 1000} * var(--tile-height))`,
              };
              const className = `floor-table floor-table--${table.state.status}${selectedId === table.id ? " floor-table--selected" : ""}`;
              return arranging ? (
                <button
                  key={table.id}
                  id={`floor-table-${table.id}`}
                  type="button"
                  className={className}
                  style={style}
                  aria-pressed={selectedId === table.id}
                  aria-describedby="floor-arrange-help"
                  onClick={() => setSelectedId(table.id)}
                  onPointerDown={(event) => onPointerDown(event, table)}
                  onPointerMove={(event) => onPointerMove(event, table)}
                  onPointerUp={(event) => onPointerUp(event, table)}
                  onPointerCancel={() => {
                    drag.current = null;
                    setMove(table.id, null);
                  }}
                  onKeyDown={(event) => onKeyDown(event, table)}
                >
                  <TableFace table={table} now={now} more={describePosition(position)} />
                </button>
              ) : (
                <Link key={table.id} id={`floor-table-${table.id}`} className={className} style={style} to={tablePath(table)}>
                  <TableFace table={table} now={now} />
                </Link>
              );
            })}
          </div>
          {arranging && selected && selected.area === area && (
            <TableSettings
              key={selected.id}
              table={selected}
              areas={areas}
              onArea={(name) => {
                setChosenArea(name);
                void save(selected, { area: name }, `${tableLabel(selected.codename)} moved to ${name}.`);
              }}
              onUnplace={() => {
                setSelectedId(null);
                void save(selected, { position: null }, `${tableLabel(selected.codename)} taken off the plan.`);
              }}
            />
          )}
          {arranging && tables.some((table) => table.area !== area) && (
            <section className="floor-unplaced" aria-labelledby="floor-elsewhere-title">
              <h2 id="floor-elsewhere-title">Tables in other areas</h2>
              <ul>
                {tables
                  .filter((table) => table.area !== area)
                  .map((table) => (
                    <li key={table.id}>
                      <button type="button" className="staff-button" onClick={() => moveHere(table)}>
                        Move {tableLabel(table.codename)} ({table.area}) here
                      </button>
                    </li>
                  ))}
              </ul>
            </section>
          )}
          {unplaced.length > 0 && (
            <section className="floor-unplaced" aria-labelledby="floor-unplaced-title">
              <h2 id="floor-unplaced-title">Not on the plan yet</h2>
              <ul>
                {unplaced.map((table) => (
                  <li key={table.id}>
                    {arranging ? (
                      <button type="button" className="staff-button" onClick={() => place(table)}>
                        Place {tableLabel(table.codename)}
                      </button>
                    ) : (
                      <Link className={`floor-table floor-table--inline floor-table--${table.state.status}`} to={tablePath(table)}>
                        <TableFace table={table} now={now} />
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </section>
  );
}

/** The selected table's area, and taking it off the plan. */
function TableSettings({
  table,
  areas,
  onArea,
  onUnplace,
}: {
  table: FloorTable;
  areas: string[];
  onArea(name: string): void;
  onUnplace(): void;
}) {
  return (
    <div className="floor-settings" role="group" aria-label={`${tableLabel(table.codename)} settings`}>
      <label className="staff-field floor-settings__area">
        <span>Area of {tableLabel(table.codename)}</span>
        <select value={table.area} onChange={(event) => onArea(event.target.value)}>
          {areas.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="staff-button" onClick={onUnplace}>
        Take {tableLabel(table.codename)} off the plan
      </button>
    </div>
  );
}

/** A new area: named here, it exists once a table is moved into it. */
function NewArea({ onAdd }: { onAdd(name: string): void }) {
  const [name, setName] = useState("");
  const cleaned = cleanCodename(name);
  return (
    <form
      className="floor-areas__new"
      onSubmit={(event) => {
        event.preventDefault();
        if (cleaned.length === 0) return;
        onAdd(cleaned);
        setName("");
      }}
    >
      <label className="visually-hidden" htmlFor="floor-new-area">
        New area
      </label>
      <input
        id="floor-new-area"
        type="text"
        placeholder="New area"
        maxLength={AREA_MAX}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="staff-button" disabled={cleaned.length === 0}>
        Add area
      </button>
    </form>
  );
}
