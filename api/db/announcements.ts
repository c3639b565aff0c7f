/** Who hears the after-commit announcements on one database handle (api/db/announce.ts says what they are). */

export const CHANNELS = ["events", "printers", "menu", "sessions", "reference", "mail"] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * The channels whose hearers only drop what this process keeps in memory (a menu, reference data).
 * Their announcement runs as soon as other connections can read the commit, before it is known to be
 * durable (SQLite's FULL fsync, api/db/wal-sync.ts): a live stream's tick may read the transaction's
 * events from then on (api/events/broadcaster.ts), and whoever it tells must not re-read a stale copy.
 * Dropping early costs nothing: what is read instead is the committed data.
 */
export const DROPPING_CHANNELS: ReadonlySet<Channel> = new Set<Channel>(["menu", "reference"]);

export type Hearer = (payload: string) => void;

/** Who hears the announcements on one database handle: this instance's own, and the other instances'. */
export class Announcements {
  private readonly hearers = new Map<Channel, Set<Hearer>>();
  private readonly restarts = new Set<() => void>();
  private hearing = true;

  /** `report`: where a hearer that throws is reported (the others still hear). */
  constructor(private readonly report: (error: unknown) => void = () => {}) {}

  /** Subscribes to a channel; returns what unsubscribes. */
  on(channel: Channel, hearer: Hearer): () => void {
    let set = this.hearers.get(channel);
    if (!set) this.hearers.set(channel, (set = new Set()));
    set.add(hearer);
    return () => void set.delete(hearer);
  }

  /** Hands an announcement to this instance's hearers: after a commit here, or a NOTIFY from another instance. */
  hear(channel: Channel, payload: string): void {
    for (const hearer of this.hearers.get(channel) ?? []) {
      try {
        hearer(payload);
      } catch (error) {
        this.report(error);
      }
    }
  }

  /**
   * Whether every other instance's announcement reaches this one: false while PostgreSQL's LISTEN
   * connection is down. Meanwhile nothing read from the database may be kept in memory.
   */
  get hearsAll(): boolean {
    return this.hearing;
  }

  /** The listener lost, or got back, the other instances' announcements: whatever was kept from before may be stale. */
  setHearsAll(hearing: boolean): void {
    this.hearing = hearing;
    for (const restart of this.restarts) {
      try {
        restart();
      } catch (error) {
        this.report(error);
      }
    }
  }

  /** Called whenever announcements may have been missed (setHearsAll): drop what is kept, read what was missed. */
  onMissed(restart: () => void): () => void {
    this.restarts.add(restart);
    return () => void this.restarts.delete(restart);
  }
}
