/**
 * Structured logs through pino: one JSON object per line on stdout (`level`, `time` in epoch ms, `msg` and the
 * fields), written asynchronously so a request never waits for the terminal or the pipe. In a
 * terminal (or with LOG_FORMAT=pretty) the same lines are shown readable (pino-pretty, in a worker thread).
 *
 * Every line written while a request is being handled carries that request's id as `req_id`, the
 * value of its `X-Request-Id` answer header: the server runs each request inside `withRequestId`, and
 * the logger reads it back, so no route or service has to pass the id along (docs/decisions/0020).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "silent"];
export type LogFormat = "json" | "pretty";
export const LOG_FORMATS: readonly LogFormat[] = ["json", "pretty"];

const requestScope = new AsyncLocalStorage<string>();

/** Runs `fn` (a request's handling) so that every log line written from it, however deep, carries `req_id`. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestScope.run(requestId, fn);
}

/** The id of the request being handled here, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore();
}

const NO_FIELDS = Object.freeze({});
// A line's own `req_id` (the request line, written after the handler returned) wins over this one.
const requestIdField = () => {
  const id = requestScope.getStore();
  return id === undefined ? NO_FIELDS : { req_id: id };
};

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
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
 * could split each other's lines. The asynchronous one is flushed at exit by pino itself.
 */
function sharedStdout(pretty: boolean): pino.DestinationStream {
  if (pretty) {
    // A transport runs in a worker thread: formatting for people stays off the server's event loop.
    return (stdoutPretty ??= pino.transport({
      target: "pino-pretty",
      options: { destination: 1, colorize: true, singleLine: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" },
    }));
  }
  return (stdoutJson ??= pino.destination({ dest: 1, sync: false }));
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const { level = "info", destination, format } = options;
  const pretty = options.pretty ?? (format ? format === "pretty" : process.stdout.isTTY === true);
  const base = pino(
    {
      level,
      mixin: requestIdField,
      // Outside a request nothing is added, and nothing is allocated for it.
      mixinMergeStrategy: (fields, mixed) => (mixed === NO_FIELDS ? fields : Object.assign(mixed, fields)),
      // pino's own epoch milliseconds: an ISO string cost a fifth of a request line (pino-pretty shows the clock time).
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? sharedStdout(pretty),
  );
  return {
    info: (message, fields) => (fields ? base.info(fields, message) : base.info(message)),
    warn: (message, fields) => (fields ? base.warn(fields, message) : base.warn(message)),
    error: (message, fields) => (fields ? base.error(fields, message) : base.error(message)),
  };
}
