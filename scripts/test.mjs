// `npm test`: installs the npm packages the tests need, type-checks, lints and builds the web app (at once), then runs
// every vitest project in one run, two files at a time, and prints one summary line. It needs no root: the browser
// tests drive an installed Chromium and the deployment tests an installed nginx; when one is missing it
// says how to install it and stops.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { ensureDependencies, ensureServerBuild, root } from "./lib/prepare.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function requireChromium() {
  if (existsSync(chromium)) return;
  console.error(
    [
      `✗ The browser tests need Chromium, and there is none at ${chromium}.`,
      "  On Debian or Ubuntu:  sudo apt-get install chromium fonts-liberation",
      "  Or point CHROMIUM_PATH at an installed Chromium or Chrome:  CHROMIUM_PATH=/path/to/chrome npm test",
    ].join("\n"),
  );
  process.exit(1);
}

// The deployment test (tests/api/deploy-nginx.test.ts) runs deploy/nginx.conf in a real nginx.
function requireNginx() {
  if (process.env.NGINX_PATH ? existsSync(process.env.NGINX_PATH) : findOnPath("nginx", ["/usr/sbin", "/usr/local/sbin"])) return;
  console.error(
    [
      `✗ The deployment tests need nginx, and there is none ${process.env.NGINX_PATH ? `at ${process.env.NGINX_PATH}` : "on the PATH or in /usr/sbin"}.`,
      "  On Debian or Ubuntu:  sudo apt-get install nginx-light",
      "  Or point NGINX_PATH at an installed nginx:  NGINX_PATH=/path/to/nginx npm test",
    ].join("\n"),
  );
  process.exit(1);
}

/**
 * Runs independent checks at the same time (each mostly waits on one core); each one's output is
 * printed whole when it ends, so the two never interleave. Exits on the first that fails.
 */
async function runTogether(commands) {
  const results = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (code) => {
            process.stdout.write(Buffer.concat(output));
            resolve({ command: `${command} ${args.join(" ")}`, code });
          });
        }),
    ),
  );
  const failed = results.find((result) => result.code !== 0);
  if (failed) {
    console.error(`\n✗ ${failed.command} failed (exit ${failed.code}).`);
    process.exit(failed.code ?? 1);
  }
}

function findOnPath(name, extraFolders) {
  return [...(process.env.PATH ?? "").split(delimiter), ...extraFolders].some((folder) => folder && existsSync(join(folder, name)));
}

requireChromium();
requireNginx();
ensureDependencies();
// The build does not wait for the checks: whichever of the three ends first leaves its core to the others.
console.log("› Type-checking, linting and building the web app (vite build)…");
await runTogether([
  ["npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]],
  ["npx", ["eslint", "--max-warnings", "0", "."]],
  ["npx", ["vite", "build", "--logLevel", "warn"]],
]);
ensureServerBuild({ force: true });

// One run of every project, two files at a time (one per core; vitest.config.ts): the browser files
// start as the last API files end, and the short unit files fill the end, so no core waits for a
// second run to start.
const reportDir = process.env.TEST_REPORT_DIR ?? mkdtempSync(join(tmpdir(), "limitless-vitest-"));
const report = join(reportDir, "all.json");
const vitest = spawnSync(
  "npx",
  ["vitest", "run", "--passWithNoTests", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit", env: { ...process.env, CHROMIUM_PATH: chromium } },
);
const status = vitest.status ?? 1;
const totals = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, testResults } = JSON.parse(readFileSync(report, "utf8"));
  // A file whose set-up failed reports its tests as skipped, none as failed: it counts as one failure.
  const failedSetUps = testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  ).length;
  totals.passed = numPassedTests;
  totals.failed = numFailedTests + failedSetUps;
  totals.skipped = numPendingTests + numTodoTests;
} else if (status !== 0) {
  totals.failed = 1; // the run itself failed before reporting (a crash, a bad option)
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(status);
