/** `npm run staff:set -- <email> <password>`: adds a staff account, or resets its password (and signs it out everywhere). */
import { loginBodySchema } from "../../contract/schemas";
import { MIN_PASSWORD_LENGTH, passwordVerdict } from "../auth/password-policy";
import { upsertStaff } from "../auth/staff-account-service";
import { databaseConfigOf, describeDatabase, loadConfig } from "../config";
import { openDatabase } from "../db/database";
import { seedDatabase } from "../seed/seed";

const [email, password] = process.argv.slice(2);
const parsedEmail = loginBodySchema.shape.email.safeParse(email);
if (!parsedEmail.success || password === undefined) {
  console.error(`Usage: npm run staff:set -- <email> <password of at least ${MIN_PASSWORD_LENGTH} characters>`);
  process.exit(2);
}
// Checked before the database is opened; upsertStaff applies the same policy again on its own.
const verdict = await passwordVerdict(password);
if (verdict) {
  console.error(`The password is refused: ${verdict.reason}`);
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(databaseConfigOf(config), { seed: (handle) => seedDatabase(handle).then(() => undefined) });
const outcome = await upsertStaff({ database }, parsedEmail.data, password);
await database.close();
console.log(`Staff account ${parsedEmail.data} ${outcome} in ${describeDatabase(config)}.`);
