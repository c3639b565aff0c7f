// `npm test`: installs what the tests need (npm packages, Debian's chromium), type-checks, lints,
// builds the web app, then runs every vitest project (unit, api, browser) and prints one summary line.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuild, ensureDependencies, root, run } from "./lib/prepare.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function ensureChromium() {
  if (existsSync(chromium)) return;
  console.log("› Installing Debian's chromium for the browser tests…");
  // As root (CI, these machines) apt-get runs directly; elsewhere through sudo.
  const apt = (...args) =>
    process.getuid?.() === 0 ? run("apt-get", args, { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }) : run("sudo", ["apt-get", ...args]);
  apt("update", "-qq");
  apt("install", "-y", "-qq", "chromium", "fonts-liberation");
}

ensureDependencies();
ensureChromium();
console.log("› Type-checking…");
run("npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]);
console.log("› Linting…");
run("npx", ["eslint", "--max-warnings", "0", "."]);
ensureBuild({ force: true });

const report = join(mkdtempSync(join(tmpdir(), "limitless-vitest-")), "report.json");
const vitest = spawnSync(
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit", env: { ...process.env, CHROMIUM_PATH: chromium } },
);

if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(readFileSync(report, "utf8"));
  console.log(`\n${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped`);
}
process.exit(vitest.status ?? 1);
