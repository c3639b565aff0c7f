import { Hono } from "hono";
import type { AppContext, AppEnv } from "../app-context";

/** Placeholder: the live-update streams (GET /api/events, GET /api/orders/:id/events) — built with the kitchen board. */
export function eventRoutes(_ctx: AppContext) {
  return new Hono<AppEnv>();
}
