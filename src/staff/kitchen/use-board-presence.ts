import { useEffect, useRef } from "react";
import type { PrepArea } from "../../../contract/menu";
import type { Order } from "../../../contract/schemas";
import { staffApi } from "../lib/staff-api";
import { randomUuid } from "../../shared/random-uuid";

/** Every ~20 s: the server counts a board online for ~45 s after its last beat, so one missed beat is not "offline". */
const HEARTBEAT_MS = 20_000;
const BOARD_ID_KEY = "kitchen-board-id";

/** This tab's board id: kept for the tab's life, so a reload is the same board and a second tab another. */
function boardId(): string {
  let id = sessionStorage.getItem(BOARD_ID_KEY);
  if (!id) {
    id = randomUuid();
    sessionStorage.setItem(BOARD_ID_KEY, id);
  }
  return id;
}

/**
 * Tells the server this board is on screen (its heartbeat), and that it has shown each of `shown`
 * (once per order; a failed call is tried again when the board next changes). `onSeen` gets the
 * order with its `seen_at`.
 */
export function useBoardPresence(branchId: number, prepArea: PrepArea, shown: Order[], onSeen: (order: Order) => void) {
  useEffect(() => {
    // A failed beat is simply the next one's job; the staff screens say when no board is online.
    const beat = () => void staffApi.boardHeartbeat({ branch_id: branchId, board_id: boardId(), station: prepArea }).catch(() => undefined);
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [branchId, prepArea]);

  const acknowledged = useRef(new Set<string>());
  const onSeenRef = useRef(onSeen);
  useEffect(() => {
    onSeenRef.current = onSeen;
  });
  const unseen = shown.filter((order) => order.seen_at === null && !acknowledged.current.has(order.id));
  const unseenKey = unseen.map((order) => order.id).join(",");
  useEffect(() => {
    for (const id of unseenKey ? unseenKey.split(",") : []) {
      acknowledged.current.add(id);
      staffApi.markOrderSeen(id, prepArea).then(
        (order) => onSeenRef.current(order),
        () => acknowledged.current.delete(id),
      );
    }
  }, [unseenKey, prepArea]);
}
