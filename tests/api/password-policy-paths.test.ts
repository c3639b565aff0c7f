/**
 * The one password policy on the paths an operator sets a password through: start-up with
 * STAFF_EMAIL / STAFF_PASSWORD (the built server, as `npm start` runs it), `npm run staff:set`, and
 * the demo account a first start creates. The rule itself is tested in api/auth/password-policy.test.ts.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { passwordVerdict } from "../../api/auth/password-policy";
import { REPO_ROOT, SERVER_BUNDLE, freePort } from "../../scripts/reliability/server-process";

const dir = mkdtempSync(join(tmpdir(), "limitless-password-paths-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs node with `args` in the repository, with only these settings; kills it once `until` is seen in its output (or after `timeoutMs`). */
function run(args: string[], env: Record<string, string>, options: { until?: RegExp; timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", HOST: "127.0.0.1", LOG_REQUESTS: "0", STATIC_DIR: "", ...env },
    });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 25_000);
    const seen = () => {
      if (options.until?.test(stdout)) child.kill("SIGTERM");
    };
    child.stdout.on("data", (chunk: Buffer) => void ((stdout += chunk.toString()), seen()));
    child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const setStaff = (email: string, password: string, databasePath: string) =>
  run(["--import", "tsx", "api/cli/set-staff.ts", email, password], { DATABASE_PATH: databasePath });

describe("start-up with STAFF_EMAIL / STAFF_PASSWORD", () => {
  it.each([
    ["a", /at least 15 characters/],
    ["aaaaaaaaaaaaaaaa", /repetitive/],
    ["passwordpassword", /repetitive/],
    ["password12345678", /common/],
  ])("exits non-zero and says why for %j, before the port opens", async (password, reason) => {
    const databasePath = join(dir, `refused-${password.length}-${password[0]}.db`);
    const port = await freePort();
    const result = await run([SERVER_BUNDLE], {
      PORT: String(port),
      DATABASE_PATH: databasePath,
      STAFF_EMAIL: "boss@example.com",
      STAFF_PASSWORD: password,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/STAFF_PASSWORD is refused/);
    expect(result.stderr).toMatch(reason);
    expect(result.stdout).not.toMatch(/is running at/);
    expect(existsSync(databasePath)).toBe(false); // refused before the database was opened
  });

  it("starts with a passphrase the policy allows", async () => {
    const port = await freePort();
    const result = await run(
      [SERVER_BUNDLE],
      {
        PORT: String(port),
        DATABASE_PATH: join(dir, "allowed.db"),
        STAFF_EMAIL: "boss@example.com",
        STAFF_PASSWORD: "plum kettle harbour sunrise",
      },
      { until: /is running at/ },
    );
    expect(result.stdout).toMatch(/Staff account boss@example.com created/);
  });
});

describe("the demo account of a first start", () => {
  it("gets a printed random password that the policy allows and that signs in", async () => {
    const port = await freePort();
    let signedIn: number | undefined;
    const result = await run([SERVER_BUNDLE], { PORT: String(port), DATABASE_PATH: join(dir, "demo.db") }, { until: /is running at/ });
    // The demo account is the restaurant's owner, and named so.
    expect(result.stdout).toMatch(/Demo owner account created .* e-mail: owner@limitless\.example /);
    const password = /password: (\S+)/.exec(result.stdout)?.[1];
    expect(password).toBeDefined();
    expect([...password!].length).toBeGreaterThanOrEqual(15);
    expect(await passwordVerdict(password!)).toBeUndefined();
    // Signed in on a second start of the same database (the first was stopped once it printed).
    const again = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_PATH: join(dir, "demo.db"),
        LOG_REQUESTS: "0",
        STATIC_DIR: "",
      },
    });
    try {
      await new Promise<void>((resolve) =>
        again.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("is running at") && resolve()),
      );
      const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "owner@limitless.example", password }),
      });
      signedIn = response.status;
    } finally {
      again.kill("SIGTERM");
    }
    expect(signedIn).toBe(200);
  });
});

describe("npm run staff:set", () => {
  it.each([
    ["ten spaces", " ".repeat(10), /blank/],
    ["ten letters", "aaaaaaaaaa", /at least 15 characters/],
    ["password12", "password12", /at least 15 characters/],
    ["a repeated word", "passwordpassword", /repetitive/],
    ["over 256 characters", "plum kettle harbour sunrise ".repeat(10), /at most 256/],
  ])("refuses %s: exits non-zero, says why, and writes nothing", async (_, password, reason) => {
    const databasePath = join(dir, `cli-refused-${password.length}.db`);
    const result = await setStaff("boss@example.com", password, databasePath);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/The password is refused/);
    expect(result.stderr).toMatch(reason);
    expect(existsSync(databasePath)).toBe(false);
  });

  it("sets a passphrase the policy allows", async () => {
    const result = await setStaff("boss@example.com", "plum kettle harbour sunrise", join(dir, "cli-allowed.db"));
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Staff account boss@example.com created/);
  });
});
