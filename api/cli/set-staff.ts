/** `npm run staff:set -- <email> <password>`: adds a staff account, or resets its password (and signs it out everywhere). */
import { loginBodySchema } from "../../contract/schemas";
import { upsertStaff } from "../auth/staff-accounts";
import { databaseConfigOf, describeDatabase, loadConfig } from "../config";
import { openDatabase } from "../db/database";
import { seedDatabase } from "../db/seed";

const [email, password] = process.argv.slice(2);
const parsed = loginBodySchema.safeParse({ email, password });
if (!parsed.success || (password ?? "").length < 10) {
  console.error("Usage: npm run staff:set -- <email> <password of at least 10 characters>");
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(databaseConfigOf(config), { seed: (handle) => seedDatabase(handle).then(() => undefined) });
const outcome = await upsertStaff(database, parsed.data.email, parsed.data.password);
await database.close();
console.log(`Staff account ${parsed.data.email} ${outcome} in ${describeDatabase(config)}.`);
