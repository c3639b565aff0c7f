import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import type { AppContext } from "./app-context";
import { createApp } from "./app";
import { coveringPattern, RegExpFirstRouter, untilAnswered } from "./lib/router";

// Routes are registered when the app is built; nothing here runs a request, so no database is needed.
const app = createApp({ config: { trustedProxies: [], logRequests: false, staticDir: "/tmp" } } as unknown as AppContext);
const router = app.router as unknown as RegExpFirstRouter<unknown>;

/** Every request path the app's routes could be asked for, with ids filled in. */
const REQUESTS: [string, string][] = [
  ["GET", "/api/health"],
  ["GET", "/api/products_by_category"],
  ["GET", "/api/stations/3f0c5a52-8a0c-4c36-9a43-2c1f6f3c9d1e/cart"],
  ["POST", "/api/orders"],
  ["GET", "/api/orders/abc"],
  ["PATCH", "/api/orders/abc"],
  ["POST", "/api/products/12/photo"],
  ["DELETE", "/api/products/12/photo"],
  ["POST", "/api/products/reorder"],
  ["POST", "/api/products/upload_csv"],
  ["PUT", "/api/products/12"],
  ["GET", "/api/products/events"],
  ["GET", "/api/nothing/here"],
  ["POST", "/api/nothing/here"],
  ["GET", "/order"],
  ["GET", "/menu"],
  ["GET", "/assets/app.js"],
];

describe("the app's router", () => {
  it("is RegExpRouter, which refuses only the photo upload beside the menu's fixed POST paths", () => {
    expect(router).toBeInstanceOf(RegExpFirstRouter);
    expect(router.name).toBe("RegExpRouter");
    expect(router.refusedRoutes).toEqual(["POST /api/products/:id/photo"]);
  });

  it("sends every request to RegExpRouter but those a refused route could match", () => {
    for (const [method, path] of REQUESTS) {
      const expected = method === "POST" && path === "/api/products/12/photo" ? "TrieRouter" : "RegExpRouter";
      expect(router.routerFor(method, path).name, `${method} ${path}`).toBe(expected);
    }
  });

  it("finds the same handlers, in the same order, as a TrieRouter holding every route, up to the first that answers", () => {
    const trie = new TrieRouter<unknown>();
    for (const route of app.routes) trie.add(route.method, route.path, [route.handler, route]);
    const handlersOf = (entries: ReturnType<typeof trie.match>[0]) => entries.map(([handler]) => (handler as [unknown])[0]);
    for (const [method, path] of REQUESTS) {
      const found = handlersOf((router.match(method, path) as ReturnType<typeof trie.match>)[0]);
      const all = trie.match(method, path)[0];
      expect(found.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(found, `${method} ${path}`).toEqual(handlersOf(untilAnswered<unknown>(all) as typeof all));
      // Nothing is cut that could have run: what follows the last handler kept is only ever reached
      // through a `next` that the kept handler does not take.
      expect((found.at(-1) as (...args: unknown[]) => unknown).length, `${method} ${path}`).toBeLessThan(2);
    }
  });

  it("leaves the catch-alls behind an endpoint out, so a route without middleware has one handler", () => {
    const count = (method: string, path: string) => router.match(method, path)[0].length;
    expect(count("GET", "/api/health")).toBe(1);
    expect(count("GET", "/api/stations/3f0c5a52-8a0c-4c36-9a43-2c1f6f3c9d1e/cart")).toBe(1);
    // The cached menu's cache in front of its handler; an order's body-size and cross-site checks.
    expect(count("GET", "/api/products_by_category")).toBe(2);
    expect(count("POST", "/api/orders")).toBe(3);
    // A path no endpoint has still reaches the API's not-found answer, and a page the site's.
    expect(count("GET", "/api/nothing/here")).toBe(1);
    expect(count("GET", "/menu")).toBeGreaterThan(0);
  });

  it("cuts a handler list after its first handler that takes no next, and keeps a list without one as it is", () => {
    const middleware = (_c: unknown, next: () => void) => next();
    const handler = (_c: unknown) => "answer";
    const entry = (fn: (...args: never[]) => unknown) => [[fn, { path: "/" }], {}] as const;
    const list = [entry(middleware), entry(handler), entry(handler), entry(middleware)];
    expect(untilAnswered(list)).toEqual(list.slice(0, 2));
    const onlyMiddleware = [entry(middleware), entry(middleware)];
    expect(untilAnswered(onlyMiddleware)).toBe(onlyMiddleware);
    const endsWithHandler = [entry(middleware), entry(handler)];
    expect(untilAnswered(endsWithHandler)).toBe(endsWithHandler);
  });

  it("covers a route's paths with a pattern no narrower than the route", () => {
    expect(coveringPattern("/api/products/:id/photo").test("/api/products/12/photo")).toBe(true);
    expect(coveringPattern("/api/products/:id/photo").test("/api/products/reorder")).toBe(false);
    expect(coveringPattern("/api/:id{[0-9]+}").test("/anything")).toBe(true);
  });
});
