/**
 * The import zones of eslint.config.js still refuse what they were written to refuse: each case lints
 * one import as if it were written in a file of that folder (nothing is written to disk), so a rule
 * that stopped matching (a folder renamed, a zone's path mistyped) fails here instead of silently.
 */
import { readdirSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// no-cycle is off here: it would walk each imported module's whole graph, and only the zones are under test.
const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname, overrideConfig: { rules: { "import-x/no-cycle": "off" } } });

/** The import-zone errors for `import` written in a new file `filePath`. */
async function zoneErrors(filePath: string, imported: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import "${imported}";\n`, { filePath });
  return result!.messages.filter((message) => message.ruleId === "import-x/no-restricted-paths").map((message) => message.message);
}

// The first lint loads the whole configuration and its plugins: seconds on a busy machine.
describe("the import zones (eslint.config.js)", { timeout: 60_000 }, () => {
  it("keeps every staff screen's folder apart from every other, a new one included", async () => {
    const staff = new URL("../../src/staff/", import.meta.url);
    const screens = readdirSync(staff, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !["lib", "auth", "branch", "layout"].includes(entry.name))
      .map((entry) => entry.name);
    expect(screens).toEqual(expect.arrayContaining(["kitchen", "printers", "dining-tables", "check", "menu-editor"]));
    for (const [index, screen] of screens.entries()) {
      const other = screens[(index + 1) % screens.length]!;
      const file = readdirSync(new URL(`${other}/`, staff)).find((name) => /\.tsx?$/.test(name))!;
      expect(
        await zoneErrors(`src/staff/${screen}/zone-probe.ts`, `../${other}/${file.replace(/\.tsx?$/, "")}`),
        `${screen} → ${other}`,
      ).toHaveLength(1);
    }
  });

  it("refuses a staff screen importing another staff screen", async () => {
    expect(await zoneErrors("src/staff/kitchen/zone-probe.ts", "../printers/printers-page")).toEqual([
      expect.stringContaining("never another staff screen"),
    ]);
    expect(await zoneErrors("src/staff/check/zone-probe.ts", "../floor-plan/floor-layout")).toHaveLength(1);
  });

  it("refuses a staff screen importing the frame", async () => {
    expect(await zoneErrors("src/staff/tabs/zone-probe.ts", "../layout/staff-layout")).toHaveLength(1);
  });

  it("refuses staff's shared part importing a screen or the frame, but lets the sign-in screens use the frame's styles", async () => {
    expect(await zoneErrors("src/staff/lib/zone-probe.ts", "../kitchen/board")).toEqual([expect.stringContaining("know none")]);
    expect(await zoneErrors("src/staff/auth/zone-probe.ts", "../layout/staff-layout")).toHaveLength(1);
    expect(await zoneErrors("src/staff/auth/zone-probe.ts", "../layout/staff.css")).toEqual([]);
  });

  it("lets a staff screen import staff's shared part, src/shared and contract/, and the frame import the screens' parts", async () => {
    expect(await zoneErrors("src/staff/kitchen/zone-probe.ts", "../lib/staff-api")).toEqual([]);
    expect(await zoneErrors("src/staff/kitchen/zone-probe.ts", "../auth/session-store")).toEqual([]);
    expect(await zoneErrors("src/staff/kitchen/zone-probe.ts", "../branch/branch-store")).toEqual([]);
    expect(await zoneErrors("src/staff/kitchen/zone-probe.ts", "../../shared/use-write")).toEqual([]);
    expect(await zoneErrors("src/staff/kitchen/zone-probe.ts", "../../../contract/menu")).toEqual([]);
    expect(await zoneErrors("src/staff/layout/zone-probe.ts", "../calls/table-calls")).toEqual([]);
  });

  it("still keeps the web app's features apart, and the web app off the server", async () => {
    expect(await zoneErrors("src/staff/kitchen/zone-probe.ts", "../../ordering/cart/cart-store")).toHaveLength(1);
    expect(await zoneErrors("src/shared/zone-probe.ts", "../staff/lib/staff-api")).toHaveLength(1);
    expect(await zoneErrors("src/staff/lib/zone-probe.ts", "../../../api/db/database")).toHaveLength(1);
  });
});
