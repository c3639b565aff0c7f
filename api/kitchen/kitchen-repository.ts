/** The kitchen boards on screen: each says so every ~20 s, so any instance knows which are online. */
import { and, asc, desc, eq, gte, lt } from "drizzle-orm";
import type { PrepArea } from "../../contract/menu";
import type { KitchenBoard } from "../../contract/schemas";
import type { Db } from "../db/database";
import { tablesOf } from "../db/dialect";

export async function saveBoard(
  tx: Db,
  board: { boardId: string; branchId: number; prepArea: PrepArea; lastSeenAt: string },
): Promise<void> {
  const { kitchenBoards } = tablesOf(tx);
  await tx
    .insert(kitchenBoards)
    .values(board)
    .onConflictDoUpdate({
      target: kitchenBoards.boardId,
      set: { branchId: board.branchId, prepArea: board.prepArea, lastSeenAt: board.lastSeenAt },
    });
}

/** Boards gone quiet long ago (a tablet switched off, a closed tab): nobody asks about them any more. */
export async function forgetBoards(tx: Db, quietSince: string): Promise<void> {
  const { kitchenBoards } = tablesOf(tx);
  await tx.delete(kitchenBoards).where(lt(kitchenBoards.lastSeenAt, quietSince));
}

export async function boardsSeenSince(db: Db, branchId: number, since: string): Promise<KitchenBoard[]> {
  const { kitchenBoards } = tablesOf(db);
  const rows = await db
    .select()
    .from(kitchenBoards)
    .where(and(eq(kitchenBoards.branchId, branchId), gte(kitchenBoards.lastSeenAt, since)))
    .orderBy(asc(kitchenBoards.prepArea), desc(kitchenBoards.lastSeenAt));
  return rows.map((row) => ({ board_id: row.boardId, station: row.prepArea, last_seen_at: row.lastSeenAt }));
}
