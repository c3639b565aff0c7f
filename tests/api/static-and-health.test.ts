/**
 * One port serves the API and the web app: the health check, `/api/*` always answering JSON,
 * the app shell for the app's routes (200), the public site's not-found page for unknown pages (404;
 * the public pages themselves: tests/api/site-pages.test.ts), static files.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../api/lib/logger";
import { APP_ROUTES } from "../../contract/app-routes";
import { call, expectApiError, expectSecurityHeaders } from "../support/api-helpers";
import { startTestServer, type TestServer } from "../support/test-server";

const SHELL = '<!doctype html><html lang="en"><head><title>Limitless test shell</title></head><body><div id="root"></div></body></html>';
const SCRIPT = "console.log('app');";

let server: TestServer;
/** The server's log lines (errors only), as JSON text. */
const logged: string[] = [];
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), "limitless-static-"));
  writeFileSync(join(staticDir, "index.html"), SHELL);
  mkdirSync(join(staticDir, "assets"));
  writeFileSync(join(staticDir, "assets", "app-1a2b3c.js"), SCRIPT);
  writeFileSync(join(staticDir, "humans.txt"), "Cooks: the grill\n");
  server = await startTestServer({
    staticDir,
    logger: createLogger({ level: "error", destination: { write: (line: string) => void logged.push(line) } }),
  });
});
afterAll(async () => {
  await server.dispose();
  rmSync(staticDir, { recursive: true, force: true });
});

describe("GET /api/health", () => {
  it('answers 200 {"status":"ok"} while the database answers', async () => {
    const response = await call(server, "GET", "/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.text).toBe('{"status":"ok"}');
  });
});

describe("the web app", () => {
  it.each([...APP_ROUTES, "/kitchen/", "/order/cart/"])("serves the app shell with 200 at %s", async (path) => {
    const response = await call(server, "GET", path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.text).toBe(SHELL);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expectSecurityHeaders(response);
  });

  it.each(["/no-such-page", "/menu/extra", "/stations/123", "/order/cart/extra"])(
    "serves the site's not-found page with 404 at the unknown page %s",
    async (path) => {
      const response = await call(server, "GET", path);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.text).toContain("The page you have requested could not be found!");
      expect(response.text).not.toContain('<div id="root">');
      expectSecurityHeaders(response);
    },
  );

  it("serves built files, with long-lived caching for hashed assets", async () => {
    const script = await call(server, "GET", "/assets/app-1a2b3c.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(script.text).toBe(SCRIPT);
    const humans = await call(server, "GET", "/humans.txt");
    expect(humans.status).toBe(200);
    expect(humans.text).toBe("Cooks: the grill\n");
  });

  it("answers 304 to a revalidation of an unchanged file", async () => {
    const first = await call(server, "GET", "/login");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await call(server, "GET", "/login", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    // Weak comparison, and a list of tags, as browsers and proxies send them (RFC 9110).
    expect((await call(server, "GET", "/login", { headers: { "If-None-Match": `W/${etag}` } })).status).toBe(304);
    expect((await call(server, "GET", "/login", { headers: { "If-None-Match": `"other", ${etag}` } })).status).toBe(304);
    expect((await call(server, "GET", "/login", { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });

  it("answers a missing file with a plain 404, not the app shell", async () => {
    const response = await call(server, "GET", "/assets/missing-123.js");
    expect(response.status).toBe(404);
    expect(response.text).not.toContain("<html");
  });

  it("does not remember missing paths (made-up URLs cannot fill its memory): a file that appears later is served", async () => {
    expect((await call(server, "GET", "/late-file.txt")).status).toBe(404);
    writeFileSync(join(staticDir, "late-file.txt"), "here now\n");
    const response = await call(server, "GET", "/late-file.txt");
    expect(response.status).toBe(200);
    expect(response.text).toBe("here now\n");
  });

  it("serves a file replaced in place (a deploy without a restart) with its new contents", async () => {
    writeFileSync(join(staticDir, "deploy.txt"), "version 1\n");
    expect((await call(server, "GET", "/deploy.txt")).text).toBe("version 1\n");
    writeFileSync(join(staticDir, "deploy.txt"), "version two\n");
    expect((await call(server, "GET", "/deploy.txt")).text).toBe("version two\n");
  });

  it("never serves files outside its directory", async () => {
    for (const path of ["/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2f..%2fetc%2fpasswd", "/assets/%2e%2e/%2e%2e/package.json"]) {
      const response = await call(server, "GET", path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.text).not.toContain("root:");
      expect(response.text).not.toContain('"dependencies"');
    }
  });

  it("never serves the build's internals: dot-folders such as .vite/, dotfiles, precompressed twins as files", async () => {
    mkdirSync(join(staticDir, ".vite"));
    writeFileSync(join(staticDir, ".vite", "manifest.json"), '{"src/main.tsx":{"file":"assets/app-1a2b3c.js"}}');
    writeFileSync(join(staticDir, ".env"), "SECRET=1\n");
    mkdirSync(join(staticDir, "assets", ".cache"));
    writeFileSync(join(staticDir, "assets", ".cache", "state.json"), "{}");
    writeFileSync(join(staticDir, "assets", "app-1a2b3c.js.gz"), gzipSync(SCRIPT));
    for (const path of [
      "/.vite/manifest.json",
      "/.vite/",
      "/.vite",
      "/%2Evite/manifest.json",
      "/.env",
      "/assets/.cache/state.json",
      "/assets/app-1a2b3c.js.gz",
    ]) {
      for (const method of ["GET", "HEAD"] as const) {
        const response = await call(server, method, path);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.text).not.toContain("assets/app-1a2b3c.js");
        expect(response.text).not.toContain("SECRET");
      }
    }
    // The twin still does its job: it is the compressed answer for its original.
    const compressed = await fetch(`${server.url}/assets/app-1a2b3c.js`, { headers: { "Accept-Encoding": "gzip" } });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get("content-encoding")).toBe("gzip");
    expect(await compressed.text()).toBe(SCRIPT);
  });

  it("serves what a site publishes on purpose under /.well-known/", async () => {
    mkdirSync(join(staticDir, ".well-known"), { recursive: true });
    writeFileSync(join(staticDir, ".well-known", "security.txt"), "Contact: mailto:security@limitless.example\n");
    const response = await call(server, "GET", "/.well-known/security.txt");
    expect(response.status).toBe(200);
    expect(response.text).toBe("Contact: mailto:security@limitless.example\n");
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await fetch(`${server.url}/menu`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe("");
  });
});

describe("/api/* is never the web app", () => {
  it.each(["/api/nope", "/api/products_by_category/1", "/api/v2/menu", "/api"])(
    "answers %s with a 404 JSON error, also to a browser asking for HTML",
    async (path) => {
      const response = await call(server, "GET", path, { headers: { Accept: "text/html,application/xhtml+xml" } });
      expectApiError(response, 404, "not_found");
      expect(response.text).not.toContain("<html");
      expectSecurityHeaders(response);
    },
  );

  it("answers an unknown /api write with a 404 JSON error", async () => {
    expectApiError(await call(server, "POST", "/api/nope", { json: {} }), 404, "not_found");
  });
});

describe("when the database stops answering", () => {
  // Last in the file: it breaks this server's database on purpose.
  it("health answers 503 and other calls a 500 JSON error without internals, with the security headers", async () => {
    await server.running().database.close();

    const health = await call(server, "GET", "/api/health");
    expectApiError(health, 503, "database_unavailable");
    expectSecurityHeaders(health);

    // The details go to the log (one JSON line, with the request id), not to the client.
    const stations = await call(server, "GET", "/api/stations/3f0c5a52-8a0c-4c36-9a43-2c1f6f3c9d1e");
    const error = expectApiError(stations, 500, "internal_error");
    expect(error.message).toBe("Something went wrong on our side. Please try again.");
    expect(stations.text).not.toMatch(/database|sqlite|\.ts/i);
    expectSecurityHeaders(stations);
    const entry = logged.map((line) => JSON.parse(line) as Record<string, string>).find((e) => e.msg === "unhandled error");
    expect(entry).toMatchObject({
      level: "error",
      req_id: stations.headers.get("x-request-id"),
      path: "/api/stations/3f0c5a52-8a0c-4c36-9a43-2c1f6f3c9d1e",
    });
  });
});
