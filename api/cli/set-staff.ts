/** `npm run staff:set -- <email> <password>`: adds a staff account, or resets its password (and signs it out everywhere). */
import { loginBodySchema } from "../../contract/schemas";
import { upsertStaff } from "../auth/staff-repository";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { seedDatabase } from "../db/seed";

const [email, password] = process.argv.slice(2);
const parsed = loginBodySchema.safeParse({ email, password });
if (!parsed.success || (password ?? "").length < 10) {
  console.error("Usage: npm run staff:set -- <email> <password of at least 10 characters>");
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase(config.databasePath);
seedDatabase(database.db);
const outcome = await upsertStaff(database.db, parsed.data.email, parsed.data.password);
database.close();
console.log(`Staff account ${parsed.data.email} ${outcome} in ${config.databasePath}.`);
