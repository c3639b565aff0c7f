// `npm run build:server`: bundles the server (api/main.ts with what it imports from api/ and contract/)
// into dist-server/main.js, so `npm run serve` runs plain JavaScript: no TypeScript loader at run time,
// and no install-time tooling in the process a process manager restarts. npm packages stay external
// (loaded from node_modules/, so native better-sqlite3 and pg load as usual).
//
// The database code finds its migrations next to its own module file, and the seed its demo dish
// pictures; in the bundle that file is dist-server/main.js, so those folders are copied there.
//
// `--if-stale` builds only when a source is newer than the bundle (tests and `npm start` use it).
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = join(root, "dist-server");
export const SERVER_BUNDLE = join(outDir, "main.js");
const SOURCES = ["api", "contract", "src/site", "src/shared", "package-lock.json", "scripts/build-server.mjs"];
const COPIED_FOLDERS = ["db/migrations", "db/migrations-pg", "seed/demo-photos"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function serverBuildIsStale() {
  if (!existsSync(SERVER_BUNDLE)) return true;
  return statSync(SERVER_BUNDLE).mtimeMs < Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
}

export async function buildServer() {
  // Imported here: `--if-stale` on a fresh bundle must not need the build tool at all.
  const { build } = await import("esbuild");
  rmSync(outDir, { recursive: true, force: true });
  for (const folder of COPIED_FOLDERS) cpSync(join(root, "api", folder), join(outDir, basename(folder)), { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: ["api/main.ts"],
    outfile: SERVER_BUNDLE,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: true,
    // The site's components import their stylesheets for the browser's bundle; the server has no use for them.
    loader: { ".css": "empty" },
    jsx: "automatic",
    logLevel: "warning",
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes("--if-stale") && !serverBuildIsStale()) process.exit(0);
  const started = Date.now();
  await buildServer();
  console.log(`› Built the server into dist-server/ (${Date.now() - started} ms)`);
}
