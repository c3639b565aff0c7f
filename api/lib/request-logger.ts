/**
 * The logger a request's handling writes with: its lines carry the request's `X-Request-Id` as
 * `req_id` (lib/logger.ts). Made when a route first logs, so a request that logs nothing (nearly all:
 * health, the cached menu, a cart change) pays nothing for it.
 */
import type { Context } from "hono";
import type { Logger } from "./logger";
import { requestIdOf } from "./response-head";

export function requestLogger(c: Context, logger: Logger): Logger {
  return logger.child({ req_id: requestIdOf(c) });
}
