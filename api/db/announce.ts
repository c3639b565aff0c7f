/**
 * After-commit wake-ups, one way for all: a service calls `announce(tx, channel, payload)` in its
 * transaction, next to the write it follows from. Once the transaction commits, what this instance
 * subscribed to the channel (`announcements.on`) hears the payload; on PostgreSQL every other instance
 * does too, through a NOTIFY sent in the same transaction (PostgreSQL delivers it at the commit, and
 * api/db/listener.ts hands it to that instance's announcements). A rollback announces nothing.
 *
 * The channels and what their payload says:
 * - `events`: the id of the last event the transaction appended → the live streams read the log;
 * - `printers`: print jobs were queued → the print dispatcher sends them;
 * - `menu`: a branch id → that branch's cached menu and catalog go;
 * - `sessions`: staff were signed out or changed → open staff streams are re-checked now;
 * - `reference`: which reference data changed (`tables`, `branches`, `printers`) → it is read again
 *   (api/db/reference-data.ts);
 * - `mail`: mails were queued in the outbox → the mailer sends them (api/mail/mailer.ts).
 */
import { sql } from "drizzle-orm";
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgTransaction } from "drizzle-orm/pg-core";
import { afterCommit, notificationKey, runningTransaction } from "./after-commit";
import { DROPPING_CHANNELS, type Announcements, type Channel } from "./announcements";
import { dialectOf } from "./dialect";
import type { Db } from "./types";

export { Announcements, CHANNELS, type Channel } from "./announcements";

/**
 * Announces `payload` on `channel` once the transaction `tx` commits, on this instance and (on
 * PostgreSQL) every other one. One announcement per (channel, payload) and transaction, however
 * often it is made: ten product changes of one branch drop its menu once.
 */
export async function announce(tx: Db, channel: Channel, payload = ""): Promise<void> {
  const transaction = runningTransaction(tx);
  if (!transaction) throw new Error("announce() needs the tx of a running transaction");
  const key = notificationKey(channel, payload);
  transaction.channels.add(channel);
  if (!transaction.notified.has(key)) {
    transaction.notified.add(key);
    if (dialectOf(tx) === "postgres") {
      await (tx as PgTransaction<NodePgQueryResultHKT>).execute(sql`select pg_notify(${channel}, ${payload})`);
    }
  }
  const { announcements } = transaction;
  const hear = () => announcements.hear(channel, payload);
  afterCommit(tx, DROPPING_CHANNELS.has(channel) ? Object.assign(hear, { onceVisible: true }) : hear, key);
}

/** Whether the running transaction `db` has announced a change on `channel` (what it reads of it is not yet committed). */
export function changingIn(db: Db, channel: Channel): boolean {
  return runningTransaction(db)?.channels.has(channel) ?? false;
}

interface Connection {
  announcements: Announcements;
  /** Reads committed data only (SQLite's reader); undefined where the connection itself does (a PostgreSQL pool). */
  committed?: Db;
}

const connections = new WeakMap<object, Connection>();

/** For database.ts: the handle's connections (its `db`, SQLite's writer) and who hears its announcements. */
export function registerConnection(db: Db, connection: Connection): void {
  connections.set(db, connection);
}

/** The announcements of the handle `db` (a connection or a running transaction) belongs to. */
export function announcementsOf(db: Db): Announcements {
  const found = runningTransaction(db)?.announcements ?? connections.get(db)?.announcements;
  if (!found) throw new Error("This db belongs to no open database handle");
  return found;
}

/** Where to read committed data for `db`: SQLite's reader for its writer, else `db` itself. */
export function committedReader(db: Db): Db {
  return connections.get(db)?.committed ?? db;
}
