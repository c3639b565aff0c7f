/**
 * The unit project shares modules between the files of a worker (vitest.config.ts, `isolate: false`):
 * a file that mocks a module or resets the registry would change them for every later file. Such a
 * file must be listed to run in "unit-isolated"; this test finds them so a new one cannot slip in.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UNIT_TESTS_NEEDING_FRESH_MODULES } from "../../vitest.config";

const root = join(import.meta.dirname, "../..");
const FOLDERS = ["src", "api", "contract", "scripts", "tests/unit"];
const CHANGES_MODULES = /\bvi\.(mock|doMock|resetModules)\(/;

function unitTestFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes("node_modules"))
      .map((file) => join(folder, file)),
  );
}

describe("unit test files that change modules", () => {
  it("run isolated: every file calling vi.mock, vi.doMock or vi.resetModules is in the isolated list", () => {
    const files = unitTestFiles();
    expect(files.length).toBeGreaterThan(50);
    const changing = files.filter(
      (file) => file !== "tests/unit/unit-isolation.test.ts" && CHANGES_MODULES.test(readFileSync(join(root, file), "utf8")),
    );
    expect(changing.length).toBeGreaterThan(0);
    expect(changing.filter((file) => !UNIT_TESTS_NEEDING_FRESH_MODULES.includes(file))).toEqual([]);
  });
});
