/**
 * The floor plan's arithmetic, apart from the screen: which areas a branch has, where a table stands
 * on screen, how far a key moves it, and what the screen says of a table's state and time.
 */
import { DEFAULT_AREA, FLOOR_SIZE } from "../../../contract/form-rules";
import type { FloorPosition, FloorStatus, FloorTable } from "../../../contract/schemas";

/** The branch's areas: "Main" first, then the others in alphabetical order. */
export function areasOf(tables: readonly Pick<FloorTable, "area">[]): string[] {
  const named = new Set(tables.map((table) => table.area));
  named.delete(DEFAULT_AREA);
  return [DEFAULT_AREA, ...[...named].sort((a, b) => a.localeCompare(b))];
}

const clamp = (value: number) => Math.min(FLOOR_SIZE, Math.max(0, Math.round(value)));

/** One arrow key press moves a table this far (Shift: five times as far): 2 % of the plan. */
export const KEY_STEP = 20;

const KEY_MOVES: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Where an arrow key moves a table to; null for any other key. */
export function movedByKey(position: FloorPosition, key: string, large: boolean): FloorPosition | null {
  const move = KEY_MOVES[key];
  if (!move) return null;
  const step = large ? KEY_STEP * 5 : KEY_STEP;
  return { x: clamp(position.x + move[0] * step), y: clamp(position.y + move[1] * step) };
}

/**
 * The place on the plan under a pointer at (`clientX`, `clientY`), the table's top-left corner being
 * `grab` pixels away from it, on a plan of `plan` where a tile is `tile` pixels: positions span the
 * room the tile's top-left corner has, so a table at 1000 still shows whole.
 */
export function positionAt(
  pointer: { x: number; y: number },
  grab: { x: number; y: number },
  plan: { left: number; top: number; width: number; height: number },
  tile: { width: number; height: number },
): FloorPosition {
  const roomX = Math.max(1, plan.width - tile.width);
  const roomY = Math.max(1, plan.height - tile.height);
  return {
    x: clamp(((pointer.x - grab.x - plan.left) / roomX) * FLOOR_SIZE),
    y: clamp(((pointer.y - grab.y - plan.top) / roomY) * FLOOR_SIZE),
  };
}

/** Where a newly placed table goes: the middle of the plan, clear of the tables already there. */
export function freeSpot(placed: readonly FloorPosition[]): FloorPosition {
  for (let ring = 0; ring < 10; ring++) {
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [-1, 0],
      [0, -1],
      [1, 1],
      [-1, -1],
      [1, -1],
      [-1, 1],
    ] as const) {
      const spot = { x: clamp(500 + dx * ring * 120), y: clamp(500 + dy * ring * 120) };
      if (placed.every((p) => Math.abs(p.x - spot.x) >= 100 || Math.abs(p.y - spot.y) >= 100)) return spot;
    }
  }
  return { x: 500, y: 500 };
}

/** How far across and down, in words a screen reader says after a move. */
export function describePosition(position: FloorPosition): string {
  return `${Math.round(position.x / 10)}% across, ${Math.round(position.y / 10)}% down`;
}

export const STATUS_TEXT: Record<FloorStatus, string> = {
  free: "Free",
  ordering: "Ordering",
  in_kitchen: "In the kitchen",
  ready: "Food ready",
  served: "Served",
  bill_requested: "Bill requested",
};

/** "just now", "12 min", "1 h 05"; a time in the future (another device's clock) is "just now". */
export function timeSince(since: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(since)) / 60_000);
  if (!(minutes >= 1)) return "just now";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours >= 24) return `${Math.floor(hours / 24)} d`;
  return `${hours} h ${String(minutes % 60).padStart(2, "0")}`;
}
