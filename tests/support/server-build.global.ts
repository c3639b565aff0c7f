/**
 * Global setup of the api project: the multi-instance tests run the built server (dist-server/), so
 * it is rebuilt here, once per run, whenever a source is newer than the bundle.
 */
import { spawnSync } from "node:child_process";
import { REPO_ROOT } from "../../scripts/reliability/server-process";

export default function buildServerIfStale(): void {
  const build = spawnSync(process.execPath, ["scripts/build-server.mjs", "--if-stale"], { cwd: REPO_ROOT, stdio: "inherit" });
  if (build.status !== 0) throw new Error(`building the server failed (exit ${build.status ?? build.signal})`);
}
