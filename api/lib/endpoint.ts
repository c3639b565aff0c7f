/**
 * Routes are declared from the contract's endpoint table (contract/endpoints.ts): method, path and
 * auth come from the entry, and the entry's schemas parse the request before the handler runs, so a
 * handler gets typed values and answers with the entry's JSON, which is sent with the entry's status.
 */
import type { Context, Handler, Hono, MiddlewareHandler } from "hono";
import type { AnswerOf, Endpoint, MissingCode, Parsed } from "../../contract/endpoints";
import { isBranchId, type BranchId } from "../../contract/menu";
import type { AppEnv } from "../app-context";
import { requireStaff } from "../auth/middleware";
import { notFound } from "./errors";
import { readHeaders, readJson, readQuery } from "./validate";

const MISSING_MESSAGES: Record<MissingCode, string> = {
  station_not_found: "There is no such station.",
  order_not_found: "There is no such order.",
  product_not_found: "There is no such product.",
  call_not_found: "There is no such call.",
};

export interface EndpointInput<E extends Endpoint> {
  c: Context<AppEnv>;
  params: Parsed<E, "params">;
  query: Parsed<E, "query">;
  headers: Parsed<E, "headers">;
  body: Parsed<E, "body">;
  /** Throws the endpoint's 404 (`missing` in its entry): what the path names does not exist. */
  missing: () => never;
}

/** The entry's JSON answer, or a Response of the handler's own (a stream, a file, bytes already encoded). */
export type EndpointHandler<E extends Endpoint> = (input: EndpointInput<E>) => Promise<AnswerOf<E> | Response> | AnswerOf<E> | Response;

/**
 * Registers `endpoint` on `app`. Staff endpoints get `requireStaff` first; `before` runs next, ahead of
 * any parsing (a cache that can answer without it, a body limit). The request is parsed in the order
 * path, headers, body, query: the first problem found is the one answered.
 */
export function serveEndpoint<E extends Endpoint>(app: Hono<AppEnv>, endpoint: E, handler: EndpointHandler<E>, ...before: MiddlewareHandler<AppEnv>[]): void {
  const { params, query, headers, body, status } = endpoint;
  const missing = () => {
    throw notFound(endpoint.missing!, MISSING_MESSAGES[endpoint.missing!]);
  };
  const headerNames = headers && Object.keys(headers.shape);
  const serve: Handler<AppEnv> = async (c) => {
    const input = {
      c,
      params: params && (params.safeParse(c.req.param()).data ?? missing()),
      headers: headers && readHeaders(c, headers, headerNames),
      body: typeof body === "object" ? await readJson(c, body) : undefined,
      query: query && readQuery(c, query),
      missing,
    } as EndpointInput<E>;
    const answer = await handler(input);
    if (answer instanceof Response) return answer;
    return status === 204 ? c.body(null, 204) : c.json(answer as object, status);
  };
  const chain = [...(endpoint.auth === "staff" ? [requireStaff] : []), ...before];
  // Hono types a route's handlers as tuples of fixed lengths, which a list built at run time is not.
  app.on(endpoint.method, endpoint.path, ...(chain as []), serve);
}

/** 404 `unknown_branch` unless the branch is one of the contract's (the database holds the same two, seeded from them). */
export function knownBranch(branchId: number): BranchId {
  if (!isBranchId(branchId)) throw notFound("unknown_branch", `There is no branch ${branchId}.`);
  return branchId;
}
