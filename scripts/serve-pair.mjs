// `npm run serve:pair`: two instances of the built server on one database, for trying several instances
// locally — ports 3001 and 3002 with TRUSTED_PROXIES=127.0.0.1, and nginx with deploy/nginx.conf on
// port 8080 in front of them when nginx is installed (`-- --no-nginx` leaves it out). Ctrl-C stops all.
// Needs DATABASE_URL: the PostgreSQL database both instances share.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { ensureBuild, root } from "./lib/prepare.mjs";

const PORTS = [3001, 3002];
const PROXY_PORT = 8080;

if (!process.env.DATABASE_URL) {
  console.error(
    [
      "✗ npm run serve:pair needs DATABASE_URL, the PostgreSQL database both instances share, e.g.:",
      "    createdb -h 127.0.0.1 -U postgres limitless",
      "    DATABASE_URL=postgres://postgres@127.0.0.1:5432/limitless npm run serve:pair",
    ].join("\n"),
  );
  process.exit(1);
}

function findNginx() {
  if (process.env.NGINX_PATH) return process.env.NGINX_PATH;
  const folders = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin", "/usr/local/nginx/sbin"];
  return folders
    .filter(Boolean)
    .map((folder) => join(folder, "nginx"))
    .find((path) => existsSync(path));
}

ensureBuild();

const children = [];
let stopping = false;

/** Runs a child, its output lines prefixed with its name; any child ending ends the pair. */
function start(name, command, args, env = process.env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr]) {
    let partial = "";
    stream.on("data", (chunk) => {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop();
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`✗ ${name} ended (${signal ?? `exit ${code}`}); stopping the others.`);
      stopAll(1);
    }
  });
  children.push(child);
  return child;
}

let prefix;
function stopAll(exitCode) {
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  let left = running.length;
  const done = () => {
    if (prefix) rmSync(prefix, { recursive: true, force: true });
    process.exit(exitCode);
  };
  if (left === 0) done();
  for (const child of running) {
    child.once("exit", () => --left === 0 && done());
    child.kill("SIGTERM");
  }
}
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

// Both at once, as a process manager would start them: migrations and the first-run seed run once.
for (const port of PORTS) {
  start(`:${port}`, process.execPath, ["scripts/serve.mjs"], {
    ...process.env,
    PORT: String(port),
    TRUSTED_PROXIES: process.env.TRUSTED_PROXIES ?? "127.0.0.1",
  });
}

const nginx = process.argv.includes("--no-nginx") ? undefined : findNginx();
if (nginx) {
  // nginx.conf keeps its pid, error log and temp folders under this prefix, so it needs no root.
  prefix = mkdtempSync(join(tmpdir(), "limitless-nginx-"));
  // Started as root, nginx's workers run as nobody: they must reach their temp folders in here.
  chmodSync(prefix, 0o755);
  start("nginx", nginx, [
    "-p",
    prefix,
    "-c",
    join(root, "deploy", "nginx.conf"),
    "-e",
    "stderr",
    "-g",
    "daemon off; error_log stderr warn;",
  ]);
}

console.log(
  [
    "",
    `  Two instances on one database: http://localhost:${PORTS[0]} and http://localhost:${PORTS[1]}`,
    nginx
      ? `  nginx (deploy/nginx.conf) in front of both: http://localhost:${PROXY_PORT}`
      : process.argv.includes("--no-nginx")
        ? "  (no nginx: --no-nginx)"
        : "  (no nginx: install it to try the proxy too — sudo apt-get install nginx-light)",
    "  Ctrl-C stops them all.",
    "",
  ].join("\n"),
);
