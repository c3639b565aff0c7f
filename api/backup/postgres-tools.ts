/**
 * PostgreSQL's own tools, pg_dump, pg_restore and psql (Debian's postgresql-client), run as child
 * processes. The connection URL's password goes in PGPASSWORD, never on a command line that `ps` shows.
 */
import { spawn, type ChildProcess } from "node:child_process";

export class ToolError extends Error {}

/** libpq's connection string without the password, and the environment that carries it. */
export function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: process.env.PGCONNECT_TIMEOUT ?? "10" };
  if (password) env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env };
}

const INSTALL_HINT =
  "install PostgreSQL's client tools, of the server's major version or later (Debian: sudo apt-get install postgresql-client)";

interface ToolStreams {
  /** psql reads the SQL from its stdin. */
  stdin?: "ignore" | "pipe";
  /** Leave stdout to the caller (to pipe on) instead of collecting it. */
  streamOut?: boolean;
}

/** Starts `program`; its stderr is kept for the error message, its stdout collected unless streamed. */
export function startTool(program: string, args: string[], env: NodeJS.ProcessEnv, streams: ToolStreams = {}) {
  const streaming = streams.streamOut ?? false;
  const child = spawn(program, args, { env, stdio: [streams.stdin ?? "ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8000)));
  const done = new Promise<string>((resolve, reject) => {
    let stdout = "";
    if (!streaming) child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(new ToolError(error.code === "ENOENT" ? `${program} was not found: ${INSTALL_HINT}` : `${program} failed: ${error.message}`)),
    );
    child.once("close", (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new ToolError(`${program} failed (${signal ?? `exit code ${code}`}): ${stderr.trim() || "no message"}`));
    });
  });
  return { child, done };
}

/** Runs `program` to the end; resolves with its stdout. */
export function runTool(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return startTool(program, args, env).done;
}

/** `pg_dump -Fc`: a consistent snapshot of the whole database (one repeatable-read transaction). */
export async function pgDump(url: string, destination: string): Promise<void> {
  const { dbname, env } = connectionOf(url);
  await runTool("pg_dump", ["--format=custom", `--file=${destination}`, `--dbname=${dbname}`], env);
}

/** Fails with pg_restore's own message when the file is not a readable custom-format dump. */
export async function pgDumpContents(file: string): Promise<string> {
  return runTool("pg_restore", ["--list", file], process.env);
}

/**
 * Runs `prelude` and then the dump's SQL in ONE transaction of psql (ON_ERROR_STOP): a restore that
 * fails half-way leaves the database as it was. COMMIT is sent only once pg_restore has written the
 * whole dump: a damaged archive ends its output early, and psql's own --single-transaction would
 * commit whatever had arrived.
 */
export async function pgRestoreAtomically(url: string, file: string, prelude: string): Promise<void> {
  const { dbname, env } = connectionOf(url);
  // No owner or privilege statements: the restored tables belong to the user restoring them (the
  // application's user), whatever roles the dumped server had.
  const restore = startTool("pg_restore", ["--no-owner", "--no-privileges", "--file=-", file], env, { streamOut: true });
  const psql = startTool("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", `--dbname=${dbname}`, "--file=-"], env, { stdin: "pipe" });
  const stdin = psql.child.stdin!;
  stdin.on("error", () => {}); // psql stopping early is reported by its exit code
  stdin.write(`BEGIN;\n${prelude}\n`);
  restore.child.stdout!.pipe(stdin, { end: false });
  try {
    await Promise.all([
      restore.done.then(() => {
        // Every byte of the dump is in psql's stdin before the COMMIT.
        stdin.end("\nCOMMIT;\n");
      }),
      psql.done,
    ]);
  } catch (error) {
    // Ending psql without a COMMIT (its connection closes) rolls the transaction back.
    for (const child of [restore.child, psql.child] as ChildProcess[]) if (child.exitCode === null) child.kill("SIGKILL");
    throw error;
  }
}
