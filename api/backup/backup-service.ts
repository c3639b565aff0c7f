/**
 * Backups (API.md "Running the restaurant", Backups; docs/decisions/0019): a consistent copy of the
 * database in BACKUP_DIR, by `npm run backup` while the server runs and by the server itself every
 * BACKUP_EVERY_MINUTES, the newest BACKUP_KEEP kept.
 *
 * SQLite: the online backup API (sqlite-backup.ts). PostgreSQL: `pg_dump -Fc`. A file appears under
 * its final name only once it is whole and on disk, so a crash half-way never leaves a file that looks
 * like a backup, and pruning never counts one.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import type { AppConfig } from "../config";
import type { DatabaseHandle } from "../db/database";
import type { Clock } from "../lib/clock";
import type { Logger } from "../lib/logger";
import { LOCK_SCOPES } from "../db/dialect";
import { pgDump } from "./postgres-tools";
import { backupSqliteFile } from "./sqlite-backup";

/** Where the data lives: a SQLite file, or a PostgreSQL URL. */
export type BackupSource = { dialect: "sqlite"; path: string } | { dialect: "postgres"; url: string };

export interface BackupSettings {
  /** BACKUP_DIR. */
  dir: string;
  /** BACKUP_KEEP: the newest this many backups stay, older ones are deleted. */
  keep: number;
}

/** What the file name ends with, per dialect; `restore` tells them apart by their content, not by this. */
const EXTENSIONS = { sqlite: ".sqlite", postgres: ".pgdump" } as const;
const BACKUP_NAME = /^limitless-(\d{8}T\d{9}Z)(-\d+)?\.(sqlite|pgdump)$/;
const PARTIAL = ".partial";

/** limitless-20261126T143005123Z.sqlite: the UTC moment, sortable as text. */
export function backupFileName(dialect: BackupSource["dialect"], at: Date, suffix = ""): string {
  const stamp = at.toISOString().replace(/[-:.]/g, "");
  return `limitless-${stamp}${suffix}${EXTENSIONS[dialect]}`;
}

function fsyncPath(path: string, flags: "r" | "r+"): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Takes one backup into `dir`; resolves with the new file's absolute path. */
export async function takeBackup(source: BackupSource, dir: string, clock: Clock): Promise<string> {
  const folder = resolve(dir);
  mkdirSync(folder, { recursive: true });
  const existing = new Set(readdirSync(folder));
  const at = clock.now();
  let name = backupFileName(source.dialect, at);
  // Two backups in the same millisecond (a manual one beside the scheduled one) keep both.
  for (let n = 2; existing.has(name) || existing.has(name + PARTIAL); n++) name = backupFileName(source.dialect, at, `-${n}`);
  const final = join(folder, name);
  const partial = final + PARTIAL;
  try {
    if (source.dialect === "sqlite") await backupSqliteFile(source.path, partial);
    else await pgDump(source.url, partial);
    fsyncPath(partial, "r+");
    renameSync(partial, final);
    fsyncPath(folder, "r");
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return final;
}

/** The backups in `dir`, oldest first (other files there are not ours and are left alone). */
export function listBackups(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(resolve(dir));
  } catch {
    return [];
  }
  return names.filter((name) => BACKUP_NAME.test(name)).sort(compareBackupNames);
}

function compareBackupNames(a: string, b: string): number {
  const [, stampA, suffixA] = BACKUP_NAME.exec(a)!;
  const [, stampB, suffixB] = BACKUP_NAME.exec(b)!;
  if (stampA !== stampB) return stampA! < stampB! ? -1 : 1;
  return Number(suffixA?.slice(1) ?? 1) - Number(suffixB?.slice(1) ?? 1);
}

/** Deletes all but the newest `keep` backups in `dir`; returns the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const all = listBackups(dir);
  const removed = all.slice(0, Math.max(0, all.length - keep));
  for (const name of removed) rmSync(join(resolve(dir), name), { force: true });
  return removed;
}

/** A backup and then the pruning, as `npm run backup` and the schedule do it. */
export async function backupAndPrune(
  source: BackupSource,
  settings: BackupSettings,
  clock: Clock,
): Promise<{ path: string; pruned: string[] }> {
  const path = await takeBackup(source, settings.dir, clock);
  return { path, pruned: pruneBackups(settings.dir, settings.keep) };
}

export interface BackupSchedule {
  /**
   * One scheduled round: the backup's path, or null when another instance holds the backup lock
   * (PostgreSQL) or a round is still running here.
   */
  runOnce(): Promise<string | null>;
  /** Stops the timer; a round under way finishes first. */
  stop(): Promise<void>;
}

/**
 * Every `everyMs` (0 = never) takes a backup and prunes. On PostgreSQL several instances share the
 * database: the one that wins `pg_try_advisory_lock` on its own connection keeps the lock, and so the
 * backups, for as long as it runs; the others find it taken and skip their rounds, and one of them
 * takes over at its next round after the holder's connection ends.
 */
export function scheduleBackups(
  source: BackupSource,
  settings: BackupSettings,
  logger: Logger,
  clock: Clock,
  everyMs: number,
): BackupSchedule {
  let lockClient: pg.Client | null = null;
  let running: Promise<string | null> | null = null;
  let stopped = false;

  const holdLock = async (url: string): Promise<boolean> => {
    if (lockClient) return true;
    const client = new pg.Client({ connectionString: url });
    // The connection ending (a server restart) gives up the lock: another instance may take it.
    client.on("error", (error) => {
      logger.warn("the backup lock's connection failed", { error: error.message });
      if (lockClient === client) lockClient = null;
      void client.end().catch(() => {});
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1, 0) AS locked", [LOCK_SCOPES.backups]);
      if (rows[0]?.locked && !stopped) {
        lockClient = client;
        return true;
      }
    } catch (error) {
      logger.error("could not ask for the backup lock", { error: String(error) });
    }
    await client.end().catch(() => {});
    return false;
  };

  const round = async (): Promise<string | null> => {
    if (source.dialect === "postgres" && !(await holdLock(source.url))) return null;
    const { path, pruned } = await backupAndPrune(source, settings, clock);
    logger.info("backup written", { path, pruned: pruned.length });
    return path;
  };

  const runOnce = (): Promise<string | null> => {
    if (running || stopped) return Promise.resolve(null);
    running = round().finally(() => (running = null));
    return running;
  };

  const timer =
    everyMs > 0
      ? setInterval(
          () => void runOnce().catch((error: unknown) => logger.error("scheduled backup failed", { error: String(error) })),
          everyMs,
        )
      : null;
  timer?.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
      const client = lockClient;
      lockClient = null;
      await client?.end().catch(() => {});
    },
  };
}

/** The server's own schedule (server.ts): BACKUP_EVERY_MINUTES of the open database. */
export function scheduleServerBackups(
  database: DatabaseHandle,
  config: Pick<AppConfig, "databaseUrl" | "backupDir" | "backupKeep" | "backupEveryMinutes">,
  logger: Logger,
  clock: Clock,
): BackupSchedule {
  const source: BackupSource =
    database.dialect === "sqlite" ? { dialect: "sqlite", path: database.path } : { dialect: "postgres", url: config.databaseUrl! };
  return scheduleBackups(source, { dir: config.backupDir, keep: config.backupKeep }, logger, clock, config.backupEveryMinutes * 60_000);
}

/** The database the settings name (DATABASE_URL, else DATABASE_PATH), for `npm run backup`. */
export function backupSourceOf(config: Pick<AppConfig, "databaseUrl" | "databasePath">): BackupSource {
  return config.databaseUrl ? { dialect: "postgres", url: config.databaseUrl } : { dialect: "sqlite", path: resolve(config.databasePath) };
}
