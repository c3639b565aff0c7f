/**
 * A refusal sent before the request body was read must not break the connection for the next
 * request. Browsers and proxies reuse keep-alive connections; if the server answers early and then
 * treats the client's next request as the rest of the unread body (and closes the connection after
 * the 500 ms drain of @hono/node-server), that next request fails as a network error with no answer.
 * Found by the fuzz run (tests/api/fuzz.test.ts). Bodies up to the 64 KB JSON limit are drained in
 * time; a menu upload is allowed ~1 MB, and from a few hundred KB on the drain gives up.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/raw-http";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
  token = await staffToken(server);
});
afterAll(() => server.dispose());

/** A menu upload of about 1 MB (within the 1 MB + form overhead limit), which the refusals below never read. */
const bigUpload = () => {
  const boundary = "keepAliveBoundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="menu.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const body = new TextEncoder().encode(`${head}${"x".repeat(1_000_000)}\r\n--${boundary}--\r\n`);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
};

describe("the next request on a kept-alive connection after POST /api/products/upload_csv was refused unread", () => {
  const refusals = [
    { name: "no branch_id (400)", query: "", status: 400 },
    { name: "an unknown branch (404)", query: "?branch_id=9", status: 404 },
    { name: "a bad dry_run (400)", query: "?branch_id=1&dry_run=maybe", status: 400 },
    { name: "not multipart (415)", query: "?branch_id=1", status: 415, contentType: "text/csv" },
  ];
  for (const refusal of refusals) {
    it(`is answered: ${refusal.name}`, async () => {
      // One socket: the follow-up request must travel on the connection the refusal came back on.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const { body, contentType } = bigUpload();
        const refused = await rawRequest(server.url, {
          method: "POST",
          path: `/api/products/upload_csv${refusal.query}`,
          headers: [
            ["Authorization", `Bearer ${token}`],
            ["Content-Type", refusal.contentType ?? contentType],
          ],
          body,
          agent,
        });
        expect(refused.status).toBe(refusal.status);

        const next = await rawRequest(server.url, { method: "GET", path: "/api/health", agent }).catch((error: Error) => ({
          status: 0,
          text: `no answer: ${error.message}`,
        }));
        expect({ status: next.status, text: next.text }).toEqual({ status: 200, text: '{"status":"ok"}' });
      } finally {
        agent.destroy();
      }
    });
  }
});
