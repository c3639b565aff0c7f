/**
 * Routes are declared from the contract's endpoint table (contract/endpoints.ts): method, path and
 * auth come from the entry, and the entry's schemas parse the request before the handler runs, so a
 * handler gets typed values and answers with the entry's JSON, which is sent with the entry's status.
 */
import type { Context, Handler, Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AnswerOf, Endpoint, MissingCode, Parsed } from "../../contract/endpoints";
import { isBranchId, type BranchId } from "../../contract/menu";
import type { AppEnv } from "./app-env";
import { notFound } from "./errors";
import { readHeaders, readJson, readQuery } from "./validate";

const MISSING_MESSAGES: Record<MissingCode, string> = {
  station_not_found: "There is no such station.",
  order_not_found: "There is no such order.",
  product_not_found: "There is no such product.",
  call_not_found: "There is no such call.",
};

/** A staff endpoint's guard: the auth module's, which its middleware put on the request. */
const requireStaff: MiddlewareHandler<AppEnv> = (c, next) => {
  const guard = c.get("requireStaff");
  if (!guard) throw new Error("A staff endpoint needs the staffAuth middleware in front of it");
  return guard(c, next);
};

/**
 * What a write whose entry names no body reads: nothing, or an empty JSON object. A body that is
 * there is still checked, so a client sending parameters to an action that takes none hears about it.
 */
const NO_BODY = z.strictObject({}).optional();

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
 * path, headers, body, query: the first problem found is the one answered. A body whose schema accepts
 * `undefined`, and a write's whose entry names none, may be left out (an action taking no parameters).
 */
export function serveEndpoint<E extends Endpoint>(
  app: Hono<AppEnv>,
  endpoint: E,
  handler: EndpointHandler<E>,
  ...before: MiddlewareHandler<AppEnv>[]
): void {
  const { params, query, headers, body, status } = endpoint;
  const missing = () => {
    throw notFound(endpoint.missing!, MISSING_MESSAGES[endpoint.missing!]);
  };
  const headerNames = headers && Object.keys(headers.shape);
  const bodySchema = typeof body === "object" ? body : body === undefined && endpoint.method !== "GET" ? NO_BODY : undefined;
  // A schema that accepts `undefined` makes the body optional (lib/validate.ts readJson).
  const bodyOptional = bodySchema?.safeParse(undefined).success ?? false;
  const serve: Handler<AppEnv> = async (c) => {
    const input = {
      c,
      params: params && (params.safeParse(c.req.param()).data ?? missing()),
      headers: headers && readHeaders(c, headers, headerNames),
      body: bodySchema && (await readJson(c, bodySchema, bodyOptional)),
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
