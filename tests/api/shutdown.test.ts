/**
 * Stopping the built server (`npm start`, `npm run serve`) when whatever read its output is already gone:
 * Ctrl-C on `npm start | tee server.log` signals both, and a process manager may lose its log reader
 * first. The server still has request lines to write at exit; with nobody to take them it must exit all
 * the same, and quietly.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { REPO_ROOT, SERVER_BUNDLE, freePort } from "../../scripts/reliability/server-process";

const dir = mkdtempSync(join(tmpdir(), "limitless-shutdown-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("exits on SIGTERM when the reader of its output has gone, with request lines still to write", async () => {
  const port = await freePort();
  const reader = spawn("cat", [], { stdio: ["pipe", "ignore", "ignore"] });
  const server = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_PATH: join(dir, "shutdown.db"),
      STATIC_DIR: "",
      BACKUP_EVERY_MINUTES: "0",
      LOG_FORMAT: "json",
    },
    stdio: ["ignore", reader.stdin, "pipe"],
  });
  let stderr = "";
  server.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    server.once("exit", (code, signal) => resolve({ code, signal })),
  );
  try {
    const url = `http://127.0.0.1:${port}/api/health`;
    let healthy = false;
    for (let tries = 0; tries < 200 && !healthy; tries++) {
      healthy = await fetch(url).then(
        (answer) => answer.ok,
        () => false,
      );
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(healthy).toBe(true);
    // Request lines wait to be written in batches (api/lib/logger.ts): these are still pending at exit.
    for (let n = 0; n < 20; n++) expect((await fetch(url)).status).toBe(200);

    reader.kill("SIGKILL");
    await new Promise((resolve) => reader.once("exit", resolve));
    server.kill("SIGTERM");
    const stillRunning = setTimeout(() => server.kill("SIGKILL"), 15_000);
    const { code, signal } = await exited;
    clearTimeout(stillRunning);
    expect(signal).toBeNull(); // not the SIGKILL above: it stopped by itself
    expect(code).toBe(0);
    // The lines nobody can read are dropped quietly: no stack trace for the operator who pressed Ctrl-C.
    expect(stderr).not.toMatch(/EPIPE|Error/);
  } finally {
    server.kill("SIGKILL");
    reader.kill("SIGKILL");
  }
}, 40_000);
