/**
 * Stopping the built server (`npm start`, `npm run serve`) when whatever read its output is already gone:
 * Ctrl-C on `npm start | tee server.log` signals both, and a process manager may lose its log reader
 * first. The server still has request lines to write at exit; with nobody to take them it must exit all
 * the same, and quietly.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { ServerProcess, freePort } from "../../scripts/reliability/server-process";

const dir = mkdtempSync(join(tmpdir(), "limitless-shutdown-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("exits on SIGTERM when the reader of its output has gone, with request lines still to write", async () => {
  let readerGone = false;
  const saidAfter: string[] = [];
  const server = new ServerProcess({
    name: "server",
    port: await freePort(),
    env: { DATABASE_PATH: join(dir, "shutdown.db"), STATIC_DIR: "", BACKUP_EVERY_MINUTES: "0", LOG_FORMAT: "json" },
    onOutput: (line) => void (readerGone && saidAfter.push(line)),
  });
  await server.start();
  try {
    // Request lines wait to be written in batches (api/lib/logger.ts): these are still pending at exit.
    for (let n = 0; n < 20; n++) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    server.closeOutput();
    readerGone = true;

    // Not the SIGKILL after the grace: it stopped by itself.
    expect(await server.stop(15_000)).toEqual({ code: 0, signal: null });
    // The lines nobody can read are dropped quietly: no stack trace for the operator who pressed Ctrl-C.
    expect(saidAfter.join("\n")).not.toMatch(/EPIPE|Error/);
  } finally {
    await server.kill();
  }
}, 40_000);
