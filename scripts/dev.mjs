// `npm run dev`: the API (restarting on change) and Vite's dev server (hot reload, proxying /api) together.
import { spawn } from "node:child_process";
import { ensureDependencies, root } from "./lib/prepare.mjs";

ensureDependencies();
const apiPort = process.env.PORT ?? "3000";
const children = [
  spawn("npx", ["tsx", "watch", "api/main.ts"], { cwd: root, stdio: "inherit", env: { ...process.env, PORT: apiPort, STATIC_DIR: "" } }),
  spawn("npx", ["vite"], { cwd: root, stdio: "inherit", env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` } }),
];
const stopAll = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stopAll);
process.on("SIGTERM", stopAll);
for (const child of children) child.on("exit", stopAll);
