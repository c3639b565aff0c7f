/**
 * The yardstick of `npm run bench`: Hono's hello-world on @hono/node-server, the project's own installed
 * versions, in its own process, so "close to the framework" is measured against the framework itself.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.text("Hello Hono!"));

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
process.on("SIGTERM", () => process.exit(0));
process.on("SIGINT", () => process.exit(0));
