/**
 * Checks of WCAG 2.2 AA that axe does not make (zoom-and-focus.test.ts): reflow, controls that can be
 * hit, target size, focus not obscured. Each reads the page as it is now; tests poll them.
 */
import type { Page } from "playwright-core";

/** CSS px the page scrolls sideways (0 when it reflows, WCAG 1.4.10). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The controls a finger or a pointer can use, as the page shows them (not hidden, not the off-screen skip link). */
const CONTROLS = "button, a[href], input:not([type=hidden]), select, textarea, summary, [tabindex='0']";

/**
 * Every visible control that a tap at its centre would miss (something else is drawn there: the next
 * column, a fixed bar), each scrolled to the middle of the screen first. `within` limits it to a part
 * of the page. A control's label counts as the control (tapping it works the same).
 */
export function unreachableControls(page: Page, within = "body"): Promise<string[]> {
  return page.evaluate(
    ({ selector, within }) => {
      const missed: string[] = [];
      const root = document.querySelector(within);
      for (const control of root?.querySelectorAll<HTMLElement>(selector) ?? []) {
        if (control.closest("[hidden], .visually-hidden, .skip-link") || control.getClientRects().length === 0) continue;
        control.scrollIntoView({ block: "center", inline: "center" });
        // An inline link across two lines: its first line's box.
        const box = control.getClientRects()[0]!;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const labels = [...((control as HTMLInputElement).labels ?? [])];
        if (hit && (control.contains(hit) || labels.some((label) => label.contains(hit)))) continue;
        missed.push(
          `${control.tagName.toLowerCase()} "${(control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 40)}" is under ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className)}` : "nothing"}`,
        );
      }
      return missed;
    },
    { selector: CONTROLS, within },
  );
}

/**
 * Controls smaller than 24 × 24 CSS px (WCAG 2.5.8). A checkbox or radio counts with its label (the
 * label is its target); links inside a sentence are exempt, as the criterion says.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const small: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>(selector)) {
      if (control.closest("[hidden], .visually-hidden, .skip-link") || control.getClientRects().length === 0) continue;
      if (control.tagName === "A" && getComputedStyle(control).display === "inline" && control.closest("p, li, dd, td, figcaption"))
        continue;
      const boxes = [control, ...((control as HTMLInputElement).labels ?? [])].map((element) => element.getBoundingClientRect());
      const width = Math.max(...boxes.map((box) => box.width));
      const height = Math.max(...boxes.map((box) => box.height));
      if (width < 24 || height < 24)
        small.push(
          `${control.tagName.toLowerCase()} "${(control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 40)}" ${Math.round(width)}×${Math.round(height)}`,
        );
    }
    return small;
  }, CONTROLS);
}

/**
 * Why the focused element cannot be seen in full, or null when it can: it sticks out of the viewport,
 * or a fixed or sticky bar it is not part of covers part of it (WCAG 2.4.11).
 */
export function focusObscured(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return "nothing is focused";
    const box = focused.getBoundingClientRect();
    const name = `${focused.tagName.toLowerCase()} "${(focused.textContent ?? "").trim().slice(0, 30)}"`;
    const view = document.documentElement;
    if (box.top < -0.5 || box.left < -0.5 || box.bottom > view.clientHeight + 0.5 || box.right > view.clientWidth + 0.5) {
      return `${name} at ${Math.round(box.top)}–${Math.round(box.bottom)} is outside the ${view.clientHeight} px viewport`;
    }
    for (const bar of document.querySelectorAll<HTMLElement>("body *")) {
      const position = getComputedStyle(bar).position;
      if ((position !== "fixed" && position !== "sticky") || bar.contains(focused)) continue;
      const cover = bar.getBoundingClientRect();
      if (cover.width === 0 || cover.height === 0) continue;
      const overlaps =
        cover.left < box.right - 0.5 && cover.right > box.left + 0.5 && cover.top < box.bottom - 0.5 && cover.bottom > box.top + 0.5;
      if (overlaps)
        return `${name} (${Math.round(box.top)}–${Math.round(box.bottom)}) is under ${bar.tagName.toLowerCase()}.${String(bar.className)} (${Math.round(cover.top)}–${Math.round(cover.bottom)})`;
    }
    return null;
  });
}

/** What has focus: its tag, then its accessible-ish name (aria-label, else its text). */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return "body";
    return `${focused.tagName.toLowerCase()}: ${(focused.getAttribute("aria-label") ?? focused.textContent ?? "").trim()}`;
  });
}
