import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sendEndedAnswers } from "./answers-together";
import { ApiServerResponse } from "./response-head";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server whose answers are ApiServerResponse, as the app's; `handle` answers each request. */
async function serve(handle: (response: ApiServerResponse) => void): Promise<number> {
  server = createServer({ ServerResponse: ApiServerResponse as unknown as typeof ServerResponse }, (_request, response) =>
    handle(response as unknown as ApiServerResponse),
  );
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** The status and body of `GET /` (`agent: false`: a connection of its own). */
function get(port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ port, host: "127.0.0.1", path: "/", agent: false }, (response: IncomingMessage) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on("error", reject)
      .end();
  });
}

describe("answers ended in one turn of the event loop", () => {
  it("wait in the connection until the turn ends, then go out whole", async () => {
    const buffered: { atEnd: number; afterTurn?: number }[] = [];
    const port = await serve((response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("hello");
      const seen: { atEnd: number; afterTurn?: number } = { atEnd: response.socket!.writableLength };
      buffered.push(seen);
      setImmediate(() => (seen.afterTurn = response.socket?.writableLength ?? 0));
    });

    const answers = await Promise.all([get(port), get(port), get(port)]);

    expect(answers).toEqual(Array.from({ length: 3 }, () => ({ status: 200, body: "hello" })));
    // Without the wait, end() hands the answer to the system at once and nothing stays buffered.
    for (const seen of buffered) expect(seen.atEnd).toBeGreaterThan(0);
    await new Promise((resolve) => setImmediate(resolve));
    for (const seen of buffered) expect(seen.afterTurn).toBe(0);
  });

  it("still arrive when the body was written in parts before end()", async () => {
    const port = await serve((response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.write("first, ");
      response.write("second, ");
      response.end("last");
    });

    expect(await get(port)).toEqual({ status: 200, body: "first, second, last" });
  });

  it("are sent by sendEndedAnswers before the server cuts its connections", async () => {
    const port = await serve((response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("goodbye");
      sendEndedAnswers();
      server!.closeAllConnections();
    });

    expect(await get(port)).toEqual({ status: 200, body: "goodbye" });
  });

  it("leave end()'s callback and its result as Node's own end() does", async () => {
    let ended: () => void = () => {};
    const callbackCalled = new Promise<void>((resolve) => (ended = resolve));
    const results: { returned: unknown; response: unknown }[] = [];
    const port = await serve((response) => results.push({ returned: response.end("done", ended), response }));

    expect(await get(port)).toEqual({ status: 200, body: "done" });
    await callbackCalled;
    expect(results).toHaveLength(1);
    expect(results[0]!.returned).toBe(results[0]!.response);
  });
});
