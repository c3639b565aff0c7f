// `npm start`: on a fresh clone installs, builds (web app and server bundle), then serves the site and
// the API on PORT (default 3000) — the same built server `npm run serve` runs. The server migrates the
// database and seeds the demo on first run (see api/main.ts).
import { spawn } from "node:child_process";
import { ensureBuild, ensureDependencies, root } from "./lib/prepare.mjs";

ensureDependencies();
ensureBuild();

const server = spawn(process.execPath, ["scripts/serve.mjs"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
