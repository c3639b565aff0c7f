/**
 * Reference data: what nearly every order reads and staff seldom change (the dining tables, each
 * branch's catalog, the branches and their happy hours, the printers), kept in memory per database
 * handle so that an order reads none of it from the database. An entry is loaded on first use and
 * dropped after every commit that changed it, on every instance: the change is announced on the
 * entry's channel (api/db/announce.ts), locally after the commit and to the other instances by
 * PostgreSQL's NOTIFY. While another instance's announcement could go unheard (the LISTEN connection
 * is down) nothing is kept: every read goes to the database, as it did before any of this.
 *
 * A load reads committed data only: SQLite's reader connection, or on PostgreSQL the asking
 * transaction itself (a second connection could wait for a pool that the waiting transactions hold),
 * unless that transaction has changed the data itself: then it reads its own view and nothing is kept.
 */
import { announcementsOf, changingIn, committedReader } from "./announce";
import type { Announcements, Channel } from "./announcements";
import type { Db } from "./types";

export interface ReferenceSpec<K, V> {
  /** Where a change to the data is announced. */
  channel: Channel;
  /**
   * Which entry an announcement on the channel drops: its key, or `null` when it is about another kind
   * of data on the same channel, or `undefined` for every entry.
   */
  keyOf(payload: string): K | null | undefined;
  /** Reads the entry for `key` from the database. */
  load(db: Db, key: K): Promise<V>;
}

interface Kept<K, V> {
  entries: Map<K, V>;
  /** Bumped by every change heard: a load that began before it is used, but not kept. */
  generation: number;
}

/** The cached reader of one kind of reference data: `(db, key) => value`, whatever `db` is (a connection or a transaction). */
export function referenceData<K, V>(spec: ReferenceSpec<K, V>): (db: Db, key: K) => Promise<V> {
  const byHandle = new WeakMap<Announcements, Kept<K, V>>();

  const keptFor = (announcements: Announcements): Kept<K, V> => {
    let kept = byHandle.get(announcements);
    if (!kept) {
      const fresh: Kept<K, V> = { entries: new Map(), generation: 0 };
      announcements.on(spec.channel, (payload) => {
        const key = spec.keyOf(payload);
        if (key === null) return;
        fresh.generation += 1;
        if (key === undefined) fresh.entries.clear();
        else fresh.entries.delete(key);
      });
      announcements.onMissed(() => {
        fresh.generation += 1;
        fresh.entries.clear();
      });
      byHandle.set(announcements, (kept = fresh));
    }
    return kept;
  };

  return async (db, key) => {
    const announcements = announcementsOf(db);
    if (!announcements.hearsAll || changingIn(db, spec.channel)) return spec.load(db, key);
    const kept = keptFor(announcements);
    const hit = kept.entries.get(key);
    if (hit !== undefined) return hit;
    const generation = kept.generation;
    const value = await spec.load(committedReader(db), key);
    if (generation === kept.generation && announcements.hearsAll) kept.entries.set(key, value);
    return value;
  };
}
