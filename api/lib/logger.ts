/** Structured logs: one JSON object per line on stdout, easy to grep and to ship. */
type Level = "info" | "warn" | "error";

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(enabled = true): Logger {
  const write = (level: Level, message: string, fields?: Record<string, unknown>) => {
    if (!enabled && level !== "error") return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
    (level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
  };
}
