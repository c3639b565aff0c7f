/**
 * Real headless Chromium from Debian's `chromium` package, driven by playwright-core.
 * Never downloads a browser: CHROMIUM_PATH or /usr/bin/chromium must exist (.ci/run installs it; npm test says how).
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContextOptions } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The test worker's Chromium: launched by the worker's first browser file and kept for its next ones
 * (each worker of the browser project runs its files one after another, `isolate: false`), which saves a
 * launch and a first renderer per file. Playwright ends it when the worker exits. A file gives it
 * back with `releaseBrowser`, never `close()`.
 */
let workerBrowser: Promise<Browser> | undefined;

export function launchBrowser(): Promise<Browser> {
  if (!workerBrowser) {
    const launched = launchChromium();
    workerBrowser = launched;
    // A Chromium that failed to start or went away is launched again by the next file.
    const forget = () => void (workerBrowser === launched && (workerBrowser = undefined));
    launched.then((browser) => browser.on("disconnected", forget), forget);
  }
  return workerBrowser;
}

/** Ends what a file opened in the worker's Chromium (its contexts and their pages), leaving the browser running. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (browser?.isConnected()) await Promise.all(browser.contexts().map((context) => context.close()));
}

async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (sudo apt-get install chromium fonts-liberation) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/**
 * A phone-sized screen. Drawn at one device pixel per CSS pixel: a real phone's 2–3× density would
 * quadruple the software rasterising of every frame on the test machine's two cores and show nothing
 * more; the public site's tests that pick images by density use RETINA.
 */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
};

/** A phone's real pixel density, for what depends on it (responsive images). */
export const RETINA = { deviceScaleFactor: 2 } as const satisfies BrowserContextOptions;

export const TABLET_LANDSCAPE: BrowserContextOptions = {
  viewport: { width: 1180, height: 820 },
  hasTouch: true,
};

export const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1280, height: 900 },
};
