import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { endpoints } from "../../contract/endpoints";
import type { AppEnv } from "./app-env";
import { serveEndpoint } from "./endpoint";
import { ApiHttpError, sendError } from "./errors";

/** An app serving the menu, a public read, with `handler`, refusing as the server does. */
function appServing(handler: Parameters<typeof serveEndpoint<typeof endpoints.menu>>[2]) {
  const app = new Hono<AppEnv>();
  serveEndpoint(app, endpoints.menu, handler);
  app.onError((error, c) => (error instanceof ApiHttpError ? sendError(c, error) : c.text("unexpected", 500)));
  return app;
}

const menu = { branch_id: 1 } as never;

describe("serveEndpoint, a public read", () => {
  it("answers without a promise when its handler answers at once", async () => {
    const answer = appServing(({ query }) => ({ branch_id: query.branch_id }) as never).fetch(
      new Request(`http://x${endpoints.menu.path}?branch_id=2`),
    );
    expect(answer).toBeInstanceOf(Response);
    expect(await (answer as Response).json()).toEqual({ branch_id: 2 });
  });

  it("answers a handler's promise once it settles", async () => {
    const answer = appServing(async () => menu).fetch(new Request(`http://x${endpoints.menu.path}?branch_id=1`));
    expect(answer).toBeInstanceOf(Promise);
    expect(await (await answer).json()).toEqual({ branch_id: 1 });
  });

  it("refuses a bad query with the contract's error, before the handler runs", async () => {
    let ran = false;
    const answer = await appServing(() => {
      ran = true;
      return menu;
    }).fetch(new Request(`http://x${endpoints.menu.path}?branch_id=lots`));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { code: "invalid_query" } });
    expect(ran).toBe(false);
  });
});
