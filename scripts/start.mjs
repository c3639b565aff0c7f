// `npm start`: on a fresh clone installs, builds, then serves the site and the API on PORT (default 3000).
// The server migrates the database and seeds the demo on first run (see api/main.ts).
import { spawn } from "node:child_process";
import { ensureBuild, ensureDependencies, root } from "./lib/prepare.mjs";

ensureDependencies();
ensureBuild();

const server = spawn(process.execPath, ["--import", "tsx", "api/main.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
