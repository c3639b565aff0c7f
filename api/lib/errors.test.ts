import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { ApiHttpError, NotFoundError, RetryLaterError, sendError } from "./errors";

/** An app that answers what its route throws as the server's does (app.ts onError). */
function answering(error: Error) {
  const app = new Hono();
  app.onError((thrown, c) => (thrown instanceof ApiHttpError ? sendError(c, thrown) : c.text("unexpected", 500)));
  app.get("/", () => {
    throw error;
  });
  return app.request("/");
}

describe("an error's answer follows from its type", () => {
  it("sends Retry-After with the seconds a RetryLaterError names, for 429, 409 and 503 alike", async () => {
    for (const [status, seconds] of [
      [429, 42],
      [409, 1],
      [503, 10],
    ] as const) {
      const response = await answering(new RetryLaterError(status, "rate_limited", "Wait.", seconds));
      expect(response.status).toBe(status);
      expect(response.headers.get("retry-after")).toBe(String(seconds));
      expect(await response.json()).toEqual({ error: { code: "rate_limited", message: "Wait." } });
    }
  });

  it("sends no Retry-After for a refusal that names no wait", async () => {
    const response = await answering(new ApiHttpError(429, "too_many", "No."));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBeNull();
  });

  it("answers a NotFoundError 404 with its code and the resource's human name", async () => {
    const cases = [
      ["station_not_found", "There is no such table."],
      ["order_not_found", "There is no such order."],
      ["staff_not_found", "There is no such staff account."],
    ] as const;
    for (const [code, message] of cases) {
      const response = await answering(new NotFoundError(code));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code, message } });
    }
  });
});
