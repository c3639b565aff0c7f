/**
 * Every public page, in every language, and the not-found page, as the server sends them: valid HTML
 * by the Nu HTML Checker (the W3C's validator, from the `vnu-jar` package; it needs a Java runtime).
 * Nothing is downloaded: the jar is in node_modules, Java is Debian's.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/api-helpers";
import { startTestServer, type TestServer } from "../support/test-server";

const JAVA = process.env.JAVA_PATH ?? "java";
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const javaFound = spawnSync(JAVA, ["-version"], { stdio: "ignore" }).status === 0;
const INSTALL_JAVA =
  "The Nu HTML Checker needs a Java runtime (11 or later): sudo apt-get install default-jre-headless (or set JAVA_PATH).";

const PATHS = ["/", "/menu", "/menu2", "/about", "/reserve"]
  .flatMap((page) => [page, `/fil${page}`, `/zh${page}`])
  .concat(["/no-such-page", "/zh/nope"]);

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), "limitless-vnu-"));
});
afterAll(async () => {
  await server?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe("the Nu HTML Checker", () => {
  it.runIf(javaFound)("finds no error on any public page, in any language, nor on the not-found page", { timeout: 120_000 }, async () => {
    const files: string[] = [];
    for (const path of PATHS) {
      const response = await call(server, "GET", path);
      expect(response.status, path).toBe(path.includes("no") ? 404 : 200);
      const file = join(dir, `${path.replace(/\//g, "_") || "_"}.html`);
      writeFileSync(file, response.text);
      files.push(file);
    }
    // A page with a known error, checked in the same run: proof that the checker read the files and reports.
    const canary = join(dir, "canary.html");
    writeFileSync(
      canary,
      '<!doctype html><html lang="en"><head><title>Canary</title></head><body><div aria-label="x">x</div></body></html>',
    );
    const run = spawnSync(JAVA, ["-jar", VNU_JAR, "--format", "json", "--errors-only", canary, ...files], {
      encoding: "utf8",
      maxBuffer: 16 << 20,
    });
    expect(run.error).toBeUndefined();
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    const isCanary = (message: VnuMessage) => message.url.endsWith("/canary.html");
    expect(messages.filter(isCanary).map((message) => message.message)).toEqual([
      expect.stringContaining("“aria-label” attribute must not be specified on any “div”"),
    ]);
    // The checker predates `<link rel="expect" blocking="render">` (WHATWG HTML since 2024, Chromium 124+), which holds
    // the first paint until the main content is parsed (render-page.tsx); that one message is left out, on that element alone.
    const isExpectLink = (message: VnuMessage) =>
      message.message.includes("“blocking” attribute") &&
      (message.extract ?? "").includes('<link rel="expect" href="#main" blocking="render"/>');
    // Every problem on our pages (a page the checker could not read is a "non-document-error", listed too).
    const problems = messages
      .filter((message) => !isCanary(message) && !isExpectLink(message))
      .map((message) => `${message.url.split("/").pop()}:${message.lastLine ?? "?"} ${message.message} ${message.extract ?? ""}`);
    expect(problems).toEqual([]);
  });

  it.skipIf(javaFound)("needs Java to run", () => {
    console.warn(INSTALL_JAVA);
    expect(javaFound).toBe(false);
  });
});
