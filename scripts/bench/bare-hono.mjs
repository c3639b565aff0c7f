/**
 * The yardstick of `npm run bench`: Hono's hello-world on @hono/node-server, the project's own installed
 * versions, in its own process, so "close to the framework" is measured against the framework itself.
 * Given SAME_BYTES_FILE, it also answers `GET /same-bytes` with that file's bytes as a gzip JSON body:
 * what the framework itself pays to send a body the size of our cached menu.
 */
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.text("Hello Hono!"));

if (process.env.SAME_BYTES_FILE) {
  const body = new Uint8Array(readFileSync(process.env.SAME_BYTES_FILE));
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "content-encoding": "gzip",
    "content-length": String(body.byteLength),
  };
  app.get("/same-bytes", () => new Response(body, { headers }));
}

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
process.on("SIGTERM", () => process.exit(0));
process.on("SIGINT", () => process.exit(0));
