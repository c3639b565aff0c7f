/**
 * The app's router: Hono's RegExpRouter (one regular expression per method, the fastest it has) for
 * every request but those few a route it cannot hold could match.
 *
 * Hono's default, SmartRouter, tries RegExpRouter and falls back to TrieRouter for the whole app as
 * soon as one route is beyond it. RegExpRouter cannot hold a parameter next to a fixed segment at the
 * same place for one method: `POST /api/products/:id/photo` beside `POST /api/products/reorder` and
 * `POST /api/products/upload_csv` (API.md's paths, which stay). So every request paid the trie's
 * price for one staff upload. Here RegExpRouter takes every route it accepts; a TrieRouter holds them
 * all; a request goes to the trie only when one of the refused routes could match its method and
 * path. Elsewhere both would answer alike (the refused routes cannot match), so the answer is the
 * same as the trie's everywhere, and fast nearly everywhere.
 */
import { UnsupportedPathError, type Result, type Router } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";

interface Refused {
  method: string;
  path: string;
  /** Whatever path the route could match (never fewer). */
  pattern: RegExp;
}

/** A regular expression matching at least every path `path` (a Hono route path) matches. */
export function coveringPattern(path: string): RegExp {
  // Anything beyond plain segments and `:name` parameters: take the whole method to the trie.
  if (!/^[\w\-./:]*$/.test(path)) return /^/;
  const source = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.]/g, "\\.")))
    .join("/");
  return new RegExp(`^${source}/?$`);
}

/**
 * A route's handlers up to and including the first that answers. Hono runs them in order, and one
 * that takes no `next` (a handler, not a middleware: the rule Hono's own route listing uses) ends the
 * chain, so nothing after it can run: the API's and the site's catch-alls behind every route. Cut
 * there, a route with one handler and no middleware (health, a table's cart) takes Hono's direct
 * path instead of its middleware chain, which cost a promise and a turn per request.
 */
export function untilAnswered<H>(handlers: readonly H[]): H[] {
  const answering = handlers.findIndex((entry) => answers(handlerOf(entry)));
  return answering === -1 || answering === handlers.length - 1 ? (handlers as H[]) : handlers.slice(0, answering + 1);
}

/** A handler that answers, not a middleware: it takes no `next` (Hono's own route listing tells them apart so). */
export function answers(handler: (...args: never[]) => unknown): boolean {
  return handler.length < 2;
}

/** Hono keeps `[[handler, route], params]` per match (params: an index map or an object), the handler first. */
function handlerOf(entry: unknown): (...args: never[]) => unknown {
  return (entry as [[(...args: never[]) => unknown, unknown], unknown])[0][0];
}

const answeringPrefix = new WeakMap<object, unknown[]>();

export class RegExpFirstRouter<T> implements Router<T> {
  readonly name = "RegExpRouter";
  private readonly fast = new RegExpRouter<T>();
  private readonly full = new TrieRouter<T>();
  private readonly refused: Refused[] = [];

  add(method: string, path: string, handler: T): void {
    this.full.add(method, path, handler);
    try {
      this.fast.add(method, path, handler);
    } catch (error) {
      if (!(error instanceof UnsupportedPathError)) throw error;
      // A route's handlers are added one by one: its path is refused once.
      if (!this.refused.some((refused) => refused.method === method && refused.path === path))
        this.refused.push({ method, path, pattern: coveringPattern(path) });
    }
  }

  match(method: string, path: string): Result<T> {
    const router = this.routerFor(method, path);
    const result = router.match(method, path);
    const handlers: readonly unknown[] = result[0];
    let answered = answeringPrefix.get(handlers);
    if (answered === undefined) {
      answered = untilAnswered(handlers);
      // RegExpRouter answers the same list for every request to one route: worked out once. The
      // trie builds a new list each time, which is not kept.
      if (router === this.fast) answeringPrefix.set(handlers, answered);
    }
    if (answered === handlers) return result;
    return (result.length === 1 ? [answered] : [answered, result[1]]) as Result<T>;
  }

  /** Which router answers `method path`: RegExpRouter, or TrieRouter where a refused route could match. */
  routerFor(method: string, path: string): Router<T> {
    for (const refused of this.refused) {
      if ((refused.method === method || refused.method === "ALL") && refused.pattern.test(path)) return this.full;
    }
    return this.fast;
  }

  /** The routes RegExpRouter refused, as `METHOD path`. */
  get refusedRoutes(): string[] {
    return this.refused.map(({ method, path }) => `${method} ${path}`);
  }
}
