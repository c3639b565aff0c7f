/**
 * `npm run restore -- <file> [--force]`: restores a backup (`npm run backup`'s file) into the database
 * the settings name (DATABASE_URL, else DATABASE_PATH), which must be empty of orders unless --force.
 * Stop the server first. Exit code 0 restored, 1 refused or failed (the reason on stderr), 2 usage.
 */
import { parseArgs } from "node:util";
import { restoreBackup, RestoreError } from "../backup/restore";
import { databaseConfigOf, describeDatabase, loadConfig } from "../config";

const USAGE = "Usage: npm run restore -- <backup file> [--force]   (--force replaces a database that already holds orders)";

let file: string | undefined;
let force = false;
let config;
try {
  const { values, positionals } = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true });
  if (positionals.length !== 1) throw new Error(positionals.length ? "one backup file at a time" : "which backup file?");
  file = positionals[0]!;
  force = values.force ?? false;
  config = loadConfig();
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

try {
  const { orders } = await restoreBackup(file, databaseConfigOf(config), { force });
  console.log(`Restored ${file} into ${describeDatabase(config)}: ${orders} order${orders === 1 ? "" : "s"}.`);
} catch (error) {
  console.error(error instanceof RestoreError ? `Not restored: ${error.message}` : error);
  process.exit(1);
}
