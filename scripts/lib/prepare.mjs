// Shared by `npm start` and `npm test`. Node built-ins only: it runs on a fresh clone before any install.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const root = new URL("../..", import.meta.url).pathname;

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules") continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Installs exactly the committed lockfile (`npm ci`) when node_modules is missing, older than the
 * lockfile, or lacks the build tools, so installing never rewrites package-lock.json. Always with the
 * devDependencies: under NODE_ENV=production npm would leave them out, and the build (vite) needs them.
 */
export function ensureDependencies() {
  const marker = join(root, "node_modules", ".package-lock.json");
  const lock = join(root, "package-lock.json");
  const buildTool = join(root, "node_modules", "vite", "package.json");
  if (existsSync(marker) && existsSync(buildTool) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log("› Installing dependencies (npm ci)…");
  run("npm", ["ci", "--include=dev", "--no-audit", "--no-fund"]);
}

/** Builds the web app when dist/ is missing or older than its sources. */
export function ensureWebBuild({ force = false } = {}) {
  const built = join(root, "dist", "index.html");
  const sources = ["src", "contract", "public", "index.html", "vite.config.ts", "package-lock.json"].map((p) => join(root, p));
  if (!force && existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  console.log("› Building the web app (vite build)…");
  run("npx", ["vite", "build", "--logLevel", "warn"]);
}

/** Bundles the server into dist-server/ when it is missing or older than its sources (see scripts/build-server.mjs). */
export function ensureServerBuild({ force = false } = {}) {
  run(process.execPath, ["scripts/build-server.mjs", ...(force ? [] : ["--if-stale"])]);
}

/** Everything `npm run serve` runs: the web app and the server bundle. */
export function ensureBuild({ force = false } = {}) {
  ensureWebBuild({ force });
  ensureServerBuild({ force });
}
