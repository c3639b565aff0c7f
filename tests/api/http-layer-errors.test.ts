/**
 * Requests that Node's HTTP parser refuses before the app sees them (API.md "Errors": every non-2xx
 * answer is JSON `{"error": {"code", "message"}}`). Node's default answer to these is a bare status
 * line with no body; a client that reads the error shape gets nothing to show. Found by the fuzz run.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { problemsWith } from "../support/fuzz";
import { rawRequest } from "../support/raw-http";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ staticDir: null });
});
afterAll(() => server.dispose());

/** Writes bytes on a fresh connection and reads the status line, Content-Type and body of the answer. */
function sendRaw(bytes: string): Promise<{ status: number; contentType: string; text: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const answer = Buffer.concat(chunks).toString("latin1");
      const [head = "", body = ""] = answer.split("\r\n\r\n", 2);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      const contentType = /\r\ncontent-type: *([^\r\n]*)/i.exec(head)?.[1] ?? "";
      // A chunked body would carry chunk sizes; these answers are short enough to check by search.
      resolve({ status, contentType, text: body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/gi, "") });
    });
    socket.end(bytes);
  });
}

it("answers a request head over Node's 16 KB limit with 431 in the JSON error shape", async () => {
  const answer = await rawRequest(server.url, { method: "GET", path: "/api/health", headers: [["X-Padding", "x".repeat(20_000)]] });
  expect(answer.status).toBe(431);
  expect(
    problemsWith({ status: answer.status, contentType: String(answer.headers["content-type"] ?? ""), text: answer.text }, "GET"),
  ).toEqual([]);
});

it("answers a malformed request (a Content-Length that is not a number) with 400 in the JSON error shape", async () => {
  const answer = await sendRaw(
    `POST /api/orders HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nContent-Type: application/json\r\nContent-Length: ten\r\n\r\n{}`,
  );
  expect(answer.status).toBe(400);
  expect(problemsWith(answer, "POST")).toEqual([]);
});
