/**
 * Routes are declared from the contract's endpoint table (contract/endpoints.ts): method, path and
 * auth come from the entry, and the entry's schemas parse the request before the handler runs, so a
 * handler gets typed values and answers with the entry's JSON, which is sent with the entry's status.
 * Who may call it is enforced here too, for every staff endpoint alike: the entry's permission (the
 * account's role), then the branch the request is about (docs/decisions/0023-staff-roles.md).
 */
import type { Context, Handler, Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import { isFileUpload, type AnswerOf, type Endpoint, type Parsed } from "../../contract/endpoints";
import { isBranchId, type BranchId } from "../../contract/menu";
import { roleMay, type Permission } from "../../contract/roles";
import type { AppEnv } from "./app-env";
import { ApiHttpError, notFound, NotFoundError } from "./errors";
import { uploadBodyLimit } from "./file-upload";
import { readHeaders, readJson, readQuery } from "./validate";

/** A staff endpoint's guard: the auth module's, which its middleware put on the request. */
const requireStaff: MiddlewareHandler<AppEnv> = (c, next) => {
  const guard = c.get("requireStaff");
  if (!guard) throw new Error("A staff endpoint needs the staffAuth middleware in front of it");
  return guard(c, next);
};

export const forbidden = (message = "Your account may not do this.") => new ApiHttpError(403, "forbidden", message);
const notYourBranch = (branchId: number) => forbidden(`Your account does not work at branch ${branchId}.`);

/** The branch ids a parsed query or body names (`branch_id`), if any. */
function namedBranch(parsed: unknown): number | undefined {
  const value = parsed && typeof parsed === "object" ? (parsed as { branch_id?: unknown }).branch_id : undefined;
  return typeof value === "number" ? value : undefined;
}

/**
 * 403 `forbidden` unless the signed-in account's role has `permission` (contract/roles.ts): runs after
 * requireStaff on every staff endpoint, from the permission its contract entry names.
 */
function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!roleMay(c.get("staff")!.role, permission)) throw forbidden();
    await next();
  };
}

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
 * Registers `endpoint` on `app`. Staff endpoints get `requireStaff` and the role check first, a file
 * upload its size limit (lib/file-upload.ts); `before` runs next, ahead of any parsing (a cache that
 * can answer without it). Once parsed, a staff request about a known branch that is not the account's
 * is 403 `forbidden`: the `branch_id` of its query and body, and the branch of the row its path's id
 * names. The request is parsed in the order path, headers, body, query: the first problem found is the
 * one answered. A body whose schema accepts `undefined`, and a write's whose entry names none, may be
 * left out (an action taking no parameters); a file upload is read by the route itself.
 */
export function serveEndpoint<E extends Endpoint>(
  app: Hono<AppEnv>,
  endpoint: E,
  handler: EndpointHandler<E>,
  ...before: MiddlewareHandler<AppEnv>[]
): void {
  const { params, query, headers, body, status } = endpoint;
  const missing = () => {
    throw new NotFoundError(endpoint.missing!);
  };
  const headerNames = headers && Object.keys(headers.shape);
  const bodySchema = body instanceof z.ZodType ? body : body === undefined && endpoint.method !== "GET" ? NO_BODY : undefined;
  // A schema that accepts `undefined` makes the body optional (lib/validate.ts readJson).
  const bodyOptional = bodySchema?.safeParse(undefined).success ?? false;
  // Parsed in the order path, headers, body, query: the first problem found is the one answered.
  const paramsOf = (c: Context<AppEnv>) => params && (params.safeParse(c.req.param()).data ?? missing());
  const headersOf = (c: Context<AppEnv>) => headers && readHeaders(c, headers, headerNames);
  const queryOf = (c: Context<AppEnv>) => query && readQuery(c, query);
  const respond = (c: Context<AppEnv>, answer: AnswerOf<E> | Response) =>
    answer instanceof Response ? answer : status === 204 ? c.body(null, 204) : c.json(answer as object, status);
  const serve: Handler<AppEnv> =
    !bodySchema && endpoint.auth === "public"
      ? // Nothing to wait for before the handler: one that answers at once (health, a cached read)
        // is answered without a promise, which cost such a request more than its own work.
        (c) => {
          const input = { c, params: paramsOf(c), headers: headersOf(c), body: undefined, query: queryOf(c), missing } as EndpointInput<E>;
          const answer = handler(input);
          return answer instanceof Promise ? answer.then((resolved) => respond(c, resolved)) : respond(c, answer);
        }
      : async (c) => {
          const input = {
            c,
            params: paramsOf(c),
            headers: headersOf(c),
            body: bodySchema && (await readJson(c, bodySchema, bodyOptional)),
            query: queryOf(c),
            missing,
          } as EndpointInput<E>;
          if (endpoint.auth !== "public") await checkBranches(c, endpoint, input);
          return respond(c, await handler(input));
        };
  const chain = [
    ...(endpoint.auth === "public" ? [] : [requireStaff, requirePermission(endpoint.auth.permission)]),
    ...(isFileUpload(body) ? [uploadBodyLimit(body)] : []),
    ...before,
  ];
  // Hono types a route's handlers as tuples of fixed lengths, which a list built at run time is not.
  app.on(endpoint.method, endpoint.path, ...(chain as []), serve);
}

async function checkBranches<E extends Endpoint>(c: Context<AppEnv>, endpoint: E, input: EndpointInput<E>): Promise<void> {
  const staff = c.get("staff")!;
  // An unknown branch is left to the route, which answers 404 `unknown_branch` as it does for anyone.
  const refuses = (branchId: number | undefined) => branchId !== undefined && isBranchId(branchId) && !staff.branchIds.includes(branchId);
  for (const branchId of [namedBranch(input.query), namedBranch(input.body)]) if (refuses(branchId)) throw notYourBranch(branchId!);
  const id = (input.params as { id?: unknown } | undefined)?.id;
  if (endpoint.missing && id !== undefined) {
    const branchId = await c.get("branchOf")!(endpoint.missing, id);
    if (refuses(branchId)) throw notYourBranch(branchId!);
  }
}

/** 404 `unknown_branch` unless the branch is one of the contract's (the database holds the same two, seeded from them). */
export function knownBranch(branchId: number): BranchId {
  if (!isBranchId(branchId)) throw notFound("unknown_branch", `There is no branch ${branchId}.`);
  return branchId;
}
