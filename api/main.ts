/** `npm start` / `npm run serve`: migrate, seed on first run, ensure a staff account, serve. */
import { generatePassword, passwordVerdict } from "./auth/password-policy";
import { createStaffIfAbsent, ensureStaff, hasStaff } from "./auth/staff-account-service";
import { describeDatabase, loadConfig } from "./config";
import type { DatabaseHandle } from "./db/database";
import { createLogger } from "./lib/logger";
import { startServer } from "./server";

export const DEMO_STAFF_EMAIL = "owner@limitless.example";

const config = loadConfig();
const logger = createLogger({ level: config.logLevel, format: config.logFormat });
let credentials = "";

// Refused before the database is touched: a weak STAFF_PASSWORD stops start-up and says why.
if (process.env.STAFF_EMAIL && process.env.STAFF_PASSWORD) {
  const verdict = await passwordVerdict(process.env.STAFF_PASSWORD);
  if (verdict) {
    process.stderr.write(`STAFF_PASSWORD is refused: ${verdict.reason}\n`);
    process.exit(1);
  }
}

// The account is settled before the port opens: a sign-in can never race a password reset.
async function ensureStaffAccount(database: DatabaseHandle): Promise<void> {
  const deps = { database };
  if (process.env.STAFF_EMAIL && process.env.STAFF_PASSWORD) {
    const outcome = await ensureStaff(deps, process.env.STAFF_EMAIL, process.env.STAFF_PASSWORD);
    credentials = `Staff account ${process.env.STAFF_EMAIL} ${outcome} (STAFF_EMAIL / STAFF_PASSWORD).`;
  } else if (!(await hasStaff(deps))) {
    const password = await generatePassword();
    // Another instance starting at the same moment may create it first: then it has the password to show.
    if (!(await createStaffIfAbsent(deps, DEMO_STAFF_EMAIL, password))) return;
    credentials = `Demo owner account created (every branch, every screen) — e-mail: ${DEMO_STAFF_EMAIL}  password: ${password}\n  (shown once; reset it with: npm run staff:set -- <email> <new password>)`;
  }
}

const running = await startServer(config, { logger, beforeListen: ensureStaffAccount, demoPhotos: true });

logger.info("server started", { url: running.url, database: describeDatabase(config), seeded: running.seeded });
process.stdout.write(
  `\n  Limitless Bar & Grill is running at http://localhost:${running.port}\n` +
    (running.seeded
      ? "  Seeded the demo menu (with drawn dish pictures) and stations for Thornhill (branch 1) and Pickering (branch 2).\n"
      : "") +
    (credentials ? `  ${credentials}\n` : "") +
    "\n",
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info("shutting down", { signal });
  await running.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
