/**
 * `npm run backup`: a consistent copy of the database the settings name (DATABASE_URL, else
 * DATABASE_PATH) into BACKUP_DIR, safe while the server runs; prints the file's path. The oldest
 * backups beyond BACKUP_KEEP are deleted, as after a scheduled one.
 */
import { existsSync } from "node:fs";
import { backupAndPrune, backupSourceOf } from "../backup/backup-service";
import { describeDatabase, loadConfig } from "../config";
import { systemClock } from "../lib/clock";

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const source = backupSourceOf(config);
if (source.dialect === "sqlite" && !existsSync(source.path)) {
  console.error(`There is no database at ${source.path} (DATABASE_PATH) to back up.`);
  process.exit(1);
}
try {
  const { path, pruned } = await backupAndPrune(source, { dir: config.backupDir, keep: config.backupKeep }, systemClock);
  if (pruned.length > 0)
    console.error(`Deleted ${pruned.length} old backup${pruned.length === 1 ? "" : "s"} (BACKUP_KEEP=${config.backupKeep}).`);
  console.error(`Backed up ${describeDatabase(config)}:`);
  console.log(path);
} catch (error) {
  console.error(`The backup of ${describeDatabase(config)} failed: ${(error as Error).message}`);
  process.exit(1);
}
