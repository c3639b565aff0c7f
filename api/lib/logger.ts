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
      // pino's own epoch milliseconds: an ISO string cost a fifth of a request line (pino-pretty shows the clock time).
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? sharedStdout(pretty),
  );
  return wrap(base);
}

function wrap(base: pino.Logger): Logger {
  return {
    info: (message, fields) => (fields ? base.info(fields, message) : base.info(message)),
    warn: (message, fields) => (fields ? base.warn(fields, message) : base.warn(message)),
    error: (message, fields) => (fields ? base.error(fields, message) : base.error(message)),
    child: (fields) => wrap(base.child(fields)),
  };
}
