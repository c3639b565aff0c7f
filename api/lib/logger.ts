/**
 * Structured logs through pino: one JSON object per line on stdout (`level`, `time` in epoch ms, `msg` and the
 * fields), written asynchronously so a request never waits for the terminal or the pipe. In a
 * terminal (or with LOG_FORMAT=pretty) the same lines are shown readable (pino-pretty, in a worker thread).
 *
 * A line written for a request carries that request's id as `req_id`, the value of its `X-Request-Id`
 * answer header: the route logs through `requestLogger(c, logger)` (lib/request-logger.ts), a child
 * of the logger with the id bound, and hands it to a service that logs (sign-in). Passed explicitly,
 * not through AsyncLocalStorage: that puts a promise hook on every promise of the process, 10–25 %
 * of a request's time under load (docs/decisions/0032).
 */
import { hostname } from "node:os";
import pino from "pino";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "silent"];
export type LogFormat = "json" | "pretty";
export const LOG_FORMATS: readonly LogFormat[] = ["json", "pretty"];

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** A logger whose every line also carries `fields` (a request's `req_id`); a line's own fields win. */
  child(fields: Record<string, unknown>): Logger;
  /** A request line (LOG_REQUESTS): the line `info("request", line)` writes, built and written for less (requestLines). */
  request(line: RequestLineFields): void;
}

/** What a request line says: the answer's request id, the request, its status and time to the head. */
export interface RequestLineFields {
  req_id: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

export interface LoggerOptions {
  /** The least severe level written; default info. */
  level?: LogLevel;
  /** Where the lines go (tests capture them); default stdout, shared by every logger of the process. */
  destination?: pino.DestinationStream;
  /** Readable lines instead of JSON; default: LOG_FORMAT's choice, else when stdout is a terminal. */
  pretty?: boolean;
  /** LOG_FORMAT (config.ts): `pretty` or `json` whatever stdout is; undefined = pretty in a terminal only. */
  format?: LogFormat;
}

let stdoutJson: pino.DestinationStream | undefined;
let stdoutPretty: pino.DestinationStream | undefined;

/**
 * One destination per process, whichever logger writes: two asynchronous writers on one descriptor
 * could split each other's lines. The asynchronous one is flushed at exit by pino itself, through
 * sonic-boom 5 (package.json `overrides`; pino asks for 4): sonic-boom 4's flush at exit retried a
 * broken pipe forever, so a server whose log reader had gone (Ctrl-C on `npm start | tee log`) never
 * exited (tests/api/shutdown.test.ts).
 */
function sharedStdout(pretty: boolean): pino.DestinationStream {
  if (pretty) {
    // A transport runs in a worker thread: formatting for people stays off the server's event loop.
    return (stdoutPretty ??= pino.transport({
      target: "pino-pretty",
      options: { destination: 1, colorize: true, singleLine: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" },
    }));
  }
  return (stdoutJson ??= quietWhenReaderGone(pino.destination({ dest: 1, sync: false })));
}

/**
 * At exit pino writes what is still pending. A reader already gone (`EPIPE`) can take none of it, and
 * a stack trace on stderr at every Ctrl-C of `npm start | tee log` would tell the operator nothing:
 * the lines are dropped, as pino itself drops every later line once a write meets a broken pipe.
 */
function quietWhenReaderGone(destination: pino.DestinationStream & { flushSync?: () => void }): pino.DestinationStream {
  const flushSync = destination.flushSync?.bind(destination);
  if (flushSync) {
    destination.flushSync = () => {
      try {
        flushSync();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EPIPE") throw error;
      }
    };
  }
  return destination;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const { level = "info", destination, format } = options;
  const pretty = options.pretty ?? (format ? format === "pretty" : process.stdout.isTTY === true);
  const stream = destination ?? sharedStdout(pretty);
  const base = pino(
    {
      level,
      // pino's own epoch milliseconds: an ISO string cost a fifth of a request line (pino-pretty shows the clock time).
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
  const request = !base.isLevelEnabled("info")
    ? () => {}
    : pretty
      ? (line: RequestLineFields) => base.info(line, "request")
      : requestLines(stream);
  return wrap(base, request);
}

function wrap(base: pino.Logger, request: (line: RequestLineFields) => void): Logger {
  return {
    info: (message, fields) => (fields ? base.info(fields, message) : base.info(message)),
    warn: (message, fields) => (fields ? base.warn(fields, message) : base.warn(message)),
    error: (message, fields) => (fields ? base.error(fields, message) : base.error(message)),
    child: (fields) => wrap(base.child(fields), request),
    request,
  };
}

/**
 * Request lines in JSON, the very line pino writes for `info("request", line)` (level, time, pid,
 * hostname, the fields, msg), built from a template and written in batches: one write once 16 KB are
 * pending or REQUEST_LINES_FLUSH_MS after the first pending line, whichever comes first. One line per
 * request is the logger's busiest use, and each write to the destination is a hand-off to libuv's
 * thread pool, a system call, and a wake-up of whatever reads the pipe (on the same cores): written
 * once per turn of the event loop, a line cost the server ~3 µs to a pipe at a few lines a turn, in
 * batches ~1.2 µs, and the reader far less (docs/performance/api-benchmarks.md). A line may so reach
 * the pipe up to that long after its answer; lines still pending when the process exits are written first.
 */
function requestLines(stream: pino.DestinationStream): (line: RequestLineFields) => void {
  const known = requestWriters.get(stream);
  if (known) return known;
  const head = '{"level":"info","time":';
  const origin = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"req_id":`;
  let pending = "";
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const text = pending;
    pending = "";
    if (text) stream.write(text);
  };
  pendingAtExit.add(flush);
  // Before pino's own exit handler flushes the destination.
  if (pendingAtExit.size === 1) process.prependListener("exit", () => pendingAtExit.forEach((flushLines) => flushLines()));
  const write = (line: RequestLineFields) => {
    pending += `${head}${Date.now()}${origin}${JSON.stringify(line.req_id)},"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms},"msg":"request"}\n`;
    if (pending.length >= REQUEST_LINES_BATCH) flush();
    // Unref'd: pending lines never keep the process alive; at exit they are written all the same.
    else timer ??= setTimeout(flush, REQUEST_LINES_FLUSH_MS).unref();
  };
  requestWriters.set(stream, write);
  return write;
}

/** How long a request line may wait for others to share its write. */
export const REQUEST_LINES_FLUSH_MS = 25;
/** Pending request lines (characters) written at once without waiting: sonic-boom's own write size. */
const REQUEST_LINES_BATCH = 16 * 1024;
/** One writer per destination, so every logger on stdout shares one buffer and lines keep their order. */
const requestWriters = new WeakMap<pino.DestinationStream, (line: RequestLineFields) => void>();
/** Each writer's flush, for the lines still pending when the process exits. */
const pendingAtExit = new Set<() => void>();
