/**
 * HTTP requests through node:http rather than fetch, for tests that need what fetch hides: a new
 * connection per request (so one request's fate cannot be blamed on another's), or one kept-alive
 * connection shared on purpose, repeated header names, and any method or header byte.
 */
import http from "node:http";

export interface RawRequest {
  method: string;
  /** Path and query, sent as written (no normalisation). */
  path: string;
  /** Name/value pairs; a name may repeat. */
  headers?: [string, string][];
  body?: Uint8Array;
  /** Default: a fresh connection, closed after the answer. */
  agent?: http.Agent;
  timeoutMs?: number;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** True when the answer was a live stream and the client hung up after its head. */
  streamed: boolean;
}

export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const { hostname, port, host } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    // Raw header lists get no Host and no Content-Length from node:http: add them as a client would.
    const flat = [...(request.headers ?? []).flat(), "Host", host];
    const req = http.request({
      host: hostname,
      port,
      method: request.method,
      path: request.path,
      headers: request.body ? [...flat, "Content-Length", String(request.body.length)] : flat,
      agent: request.agent ?? false,
      timeout: request.timeoutMs ?? 15_000,
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${request.timeoutMs ?? 15_000} ms`)));
    req.on("error", reject);
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300 && String(res.headers["content-type"] ?? "").startsWith("text/event-stream")) {
        // A live stream never ends: its head is the answer; hang up.
        res.destroy();
        resolve({ status, headers: res.headers, text: "", streamed: true });
        return;
      }
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => resolve({ status, headers: res.headers, text: Buffer.concat(chunks).toString("utf8"), streamed: false }));
    });
    req.end(request.body ? Buffer.from(request.body) : undefined);
  });
}
