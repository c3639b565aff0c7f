/**
 * The real server as a child process (the built bundle, dist-server/main.js, what `npm run serve` runs),
 * for tests that must kill it the way a crash or the OOM killer does: SIGKILL, no shutdown code.
 * Bound to 127.0.0.1; every child is killed when this process exits, whatever the reason.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The built server (`npm run build:server`; the api tests' global setup and `npm run test:reliability` build it when stale). */
export const SERVER_BUNDLE = join(REPO_ROOT, "dist-server", "main.js");

const live = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/** A port that was free a moment ago on 127.0.0.1 (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === "object" ? resolvePort(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Only what the server needs from this environment: a DATABASE_URL of the parent must not leak into a SQLite run. */
function baseEnvironment(): Record<string, string> {
  const keep = ["PATH", "HOME", "TMPDIR", "TMP", "TEMP", "LANG", "LC_ALL", "SystemRoot", "TRANSACTION_NESTING_GUARD"];
  return Object.fromEntries(keep.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])));
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once("exit", () => r()));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServerProcessOptions {
  /** For messages ("instance A"). */
  name: string;
  port: number;
  /** The server's settings (DATABASE_PATH or DATABASE_URL, …); HOST and PORT are set here. */
  env: Record<string, string>;
  /**
   * Settings for the first start only, on top of `env`: STAFF_EMAIL / STAFF_PASSWORD create the account
   * once, as an operator's first start does; a restart then finds it (checking the password again at full
   * strength costs seconds of CPU a start on a slow machine, and no test of a restart is about it).
   */
  firstStartEnv?: Record<string, string>;
  /** How long a start may take before it counts as failed. */
  readyTimeoutMs?: number;
  /** What `node` runs (default: the built server, with source maps). */
  nodeArguments?: string[];
  /** Each line the server writes (stdout and stderr), as it arrives. */
  onOutput?: (line: string) => void;
}

const BUILT_SERVER = ["--enable-source-maps", SERVER_BUNDLE];

export class ServerProcess {
  readonly url: string;
  starts = 0;
  kills = 0;
  private child: ChildProcess | null = null;
  private output: string[] = [];

  constructor(private readonly options: ServerProcessOptions) {
    this.url = `http://127.0.0.1:${options.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** The last lines the server wrote, for a failure message. */
  logTail(lines = 30): string {
    return this.output.slice(-lines).join("\n");
  }

  /** Starts the server and resolves once GET /api/health answers 200. */
  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.options.name} is already running`);
    const child = spawn(process.execPath, this.options.nodeArguments ?? BUILT_SERVER, {
      cwd: REPO_ROOT,
      env: {
        ...baseEnvironment(),
        ...this.options.env,
        ...(this.starts === 0 ? this.options.firstStartEnv : {}),
        HOST: "127.0.0.1",
        PORT: String(this.options.port),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    live.add(child);
    this.child = child;
    this.starts++;
    const state = { exited: "" };
    child.once("exit", (code, signal) => {
      live.delete(child);
      state.exited = `exited (code ${code}, signal ${signal})`;
      if (this.child === child) this.child = null;
    });
    // Per stream, a line cut between two chunks is held back until its end arrives.
    const keeper = () => {
      let partial = "";
      return (chunk: Buffer) => {
        const lines = (partial + chunk.toString("utf8")).split("\n");
        partial = lines.pop()!;
        const complete = lines.filter(Boolean);
        if (this.options.onOutput) complete.forEach(this.options.onOutput);
        this.output.push(...complete);
        if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
      };
    };
    child.stdout!.on("data", keeper());
    child.stderr!.on("data", keeper());

    const deadline = Date.now() + (this.options.readyTimeoutMs ?? 60_000);
    while (Date.now() < deadline) {
      if (state.exited) throw new Error(`${this.options.name} ${state.exited} while starting:\n${this.logTail()}`);
      try {
        const response = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(1_000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(40);
    }
    child.kill("SIGKILL");
    throw new Error(
      `${this.options.name} did not answer /api/health within ${this.options.readyTimeoutMs ?? 60_000} ms:\n${this.logTail()}`,
    );
  }

  /** SIGKILL: no handler runs, open transactions are cut where they stand. Resolves when the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const gone = exitOf(child);
    child.kill("SIGKILL");
    await gone;
    this.kills++;
  }

  /** A clean stop (SIGTERM, then SIGKILL after `graceMs`): resolves with how the process ended (`signal` SIGKILL: it had to be killed). */
  async stop(graceMs = 5_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const child = this.child;
    if (!child) return { code: null, signal: null };
    const gone = exitOf(child);
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await gone;
    clearTimeout(timer);
    return { code: child.exitCode, signal: child.signalCode };
  }

  /** Stops reading the server's standard output, as a log reader that has gone would (Ctrl-C on `npm start | tee log`): its next write meets a broken pipe. */
  closeOutput(): void {
    this.child?.stdout?.destroy();
  }
}
