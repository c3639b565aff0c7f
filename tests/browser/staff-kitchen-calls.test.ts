/**
 * Table calls reach the kitchen board (issue 32, item 5): with only a kitchen account's board open, a
 * diner's "Call a server" shows on it at once with the call sound (three falling notes, recorded from
 * the page's Web Audio), read-only for the kitchen (answering is the floor's), and goes when the floor
 * answers it. The board's requests are all ones its role may make.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Call, DiningTable } from "../../contract/schemas";
import { launchBrowser, releaseBrowser, TABLET_LANDSCAPE } from "../support/browser";
import { ACCOUNT_PASSWORD, staffAccount } from "../support/staff-accounts";
import { startTestServer, staffToken, type TestServer } from "../support/test-server";
import { createDiningTable } from "./ordering-support";
import { NO_SERVICE_WORKER } from "./site-support";
import { staffCall } from "./staff-support";

let server: TestServer;
let browser: Browser;
let table: DiningTable;
let floorToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  table = await createDiningTable(server, await staffToken(server), 1, "Calls 7");
  floorToken = (await staffAccount(server, "floor", [1])).token;
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.dispose();
});

/** Records the frequency of every note the page's Web Audio starts. */
const RECORD_TONES = () => {
  const tones: number[] = [];
  (window as unknown as { tones: number[] }).tones = tones;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode["start"]>) {
    tones.push(Math.round(this.frequency.value));
    return start.apply(this, args);
  };
};

describe("the kitchen board", () => {
  it("shows a table's call with its sound, without a Done for the cook, until the floor answers it", async () => {
    const cook = await staffAccount(server, "kitchen", [1], { signIn: false });
    const context = await browser.newContext({ ...TABLET_LANDSCAPE, ...NO_SERVICE_WORKER, baseURL: server.url });
    const refused: string[] = [];
    try {
      expect((await context.request.post("/api/login", { data: { email: cook.email, password: ACCOUNT_PASSWORD } })).status()).toBe(200);
      const page = await context.newPage();
      page.on("response", (response) => response.status() === 403 && refused.push(response.url()));
      await page.addInitScript(RECORD_TONES);
      await page.goto("/kitchen");
      await page.getByRole("heading", { name: /^Kitchen/ }).waitFor();
      await page.waitForLoadState("networkidle");
      // A tap lets the page make sound (browsers allow it only after one).
      await page.locator("main h1").click();

      const call = (await (
        await fetch(`${server.url}/api/stations/${table.id}/calls`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ kind: "server" }),
        })
      ).json()) as Call;
      const calls = page.getByRole("region", { name: "Table calls" });
      await calls.getByText("Calls 7").waitFor();
      expect(await calls.textContent()).toMatch(/Calls 7 wants a server/);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { tones: number[] }).tones))
        .toEqual(expect.arrayContaining([1175, 988, 784]));
      expect(await calls.getByRole("button").count()).toBe(0);

      await staffCall(server, floorToken, "PATCH", `/api/calls/${call.id}`, { status: "done" });
      await expect.poll(() => calls.isVisible()).toBe(false);
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
