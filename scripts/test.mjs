// `npm test`: installs the npm packages the tests need, type-checks, lints, builds the web app, then runs
// every vitest project (unit, api, browser) and prints one summary line. It needs no root: the browser
// tests drive an installed Chromium and the deployment tests an installed nginx; when one is missing it
// says how to install it and stops.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { ensureBuild, ensureDependencies, root, run } from "./lib/prepare.mjs";

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

function findOnPath(name, extraFolders) {
  return [...(process.env.PATH ?? "").split(delimiter), ...extraFolders].some((folder) => folder && existsSync(join(folder, name)));
}

requireChromium();
requireNginx();
ensureDependencies();
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
