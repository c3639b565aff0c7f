// `npm run serve`: the built server only — no install, no build — what a process manager runs for each
// instance (PORT per instance, all on one DATABASE_URL). It runs in this very process, so the signals a
// process manager sends (SIGTERM) reach the server's own shutdown. `npm run build` makes the build.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bundle = join(root, "dist-server", "main.js");
const missing = [bundle, join(root, "dist", "index.html")].filter((path) => !existsSync(path));
if (missing.length > 0) {
  console.error(`✗ No build to serve (missing ${missing.map((path) => path.slice(root.length)).join(", ")}). Run: npm run build`);
  process.exit(1);
}
// Stack traces in the logs then name api/*.ts lines rather than lines of the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
