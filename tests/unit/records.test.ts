// The written records stay true to the tree: every decision record says when it was taken and
// whether it still holds, and the READMEs name the modules that exist and only files that exist.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const folders = (path: string) => readdirSync(join(root, path)).filter((name) => statSync(join(root, path, name)).isDirectory());

describe("decision records", () => {
  const records = readdirSync(join(root, "docs/decisions")).filter((name) => /^\d{4}-.+\.md$/.test(name));

  it("are numbered once each", () => {
    const numbers = records.map((name) => name.slice(0, 4));
    expect(records.length).toBeGreaterThan(10);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it.each(records)("%s carries its number, a date and a status", (name) => {
    const text = read(`docs/decisions/${name}`);
    expect(text.split("\n")[0]).toMatch(new RegExp(`^# ${name.slice(0, 4)} — \\S`));
    expect(text).toMatch(/^- \*\*Date:\*\* \d{4}-\d{2}-\d{2}$/m);
    const status = /^- \*\*Status:\*\* (.+)$/m.exec(text)?.[1];
    expect(status).toMatch(/^(accepted|superseded by \d{4})\b/);
    for (const [, other] of status!.matchAll(/\b(0\d{3})\b/g)) {
      expect(
        records.some((record) => record.startsWith(other!)),
        `${name} names decision ${other}`,
      ).toBe(true);
    }
  });
});

/** Backticked paths with a folder and a file extension, e.g. `orders/tab-orders-repository.ts`. */
function namedFiles(markdown: string): string[] {
  return [...markdown.matchAll(/`([\w./-]+\/[\w.-]+\.(?:ts|tsx|mjs|js|json|css|md|conf|yml))`/g)].map((match) => match[1]!);
}

describe.each(["api/README.md", "src/README.md", "contract/README.md", "README.md"])("%s", (readme) => {
  const folder = dirname(readme);

  it("names only files that exist", () => {
    const missing = namedFiles(read(readme)).filter(
      (path) => !existsSync(join(root, folder, path)) && !existsSync(join(root, path)) && !path.startsWith("../"),
    );
    expect(missing).toEqual([]);
  });
});

describe("module lists", () => {
  it("api/README.md names every module folder of api/", () => {
    const text = read("api/README.md");
    const unnamed = folders("api").filter((name) => !text.includes(`\`${name}\``) && !text.includes(`\`${name}/\``));
    expect(unnamed).toEqual([]);
  });

  it("src/README.md names every folder of src/ and every part of a feature", () => {
    const text = read("src/README.md");
    const unnamed = [
      ...folders("src").filter((name) => !text.includes(`\`${name}/\``)),
      ...["ordering", "staff", "site"].flatMap((feature) =>
        folders(`src/${feature}`)
          .filter((name) => !text.includes(name))
          .map((name) => `${feature}/${name}`),
      ),
    ];
    expect(unnamed).toEqual([]);
  });
});
