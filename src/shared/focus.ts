/**
 * Where keyboard focus goes when what it was on goes away (WCAG 2.4.3, 2.4.11): never the page's body.
 * Used by the root layout after a route change and by screens after an action removes the focused control.
 */
import { useEffect, useRef } from "react";

/** Focus sits nowhere a keyboard or screen-reader user could continue from: the body, or nothing at all. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.documentElement;
}

/** The screen's main heading (the first h1 in <main>), made focusable by script only, or null while there is none. */
export function mainHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (heading && !heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  return heading;
}

/** Moves focus to the screen's main heading; false when the screen has none (yet). */
export function focusMainHeading(): boolean {
  const heading = mainHeading();
  heading?.focus();
  return heading !== null;
}

/**
 * Moves focus once the screen has drawn what an action changed (the next frame): to the element with
 * that id, or to the one `find` returns. For when the focused control is about to go away (a card
 * deleted, a form closed) or focus should follow what was made (a new card, an opened detail).
 */
export function focusLater(target: string | (() => HTMLElement | null | undefined)): void {
  requestAnimationFrame(() => (typeof target === "string" ? document.getElementById(target) : target())?.focus());
}

/** How long a new screen may take to draw its heading (lazy chunk, data loading) before we stop waiting. */
const HEADING_WAIT_MS = 10_000;

/**
 * After each route change (not on the first load), focus lands on the new screen's h1, so a keyboard or
 * screen-reader user starts reading the new view instead of being left on the body or on the link they
 * followed. A screen still loading gets <main> (tabindex -1) meanwhile, and its h1 once drawn, unless the
 * user moved focus elsewhere first. A link to an anchor (`/#contact`) keeps the browser's own jump.
 */
export function useFocusHeadingOnRouteChange(pathname: string, hash: string, main: () => HTMLElement | null): void {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const first = previous.current === null;
    const changed = previous.current !== pathname;
    previous.current = pathname;
    if (first || !changed || hash) return;
    if (focusMainHeading()) return;
    const container = main();
    if (!container) return;
    container.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      const heading = mainHeading();
      if (!heading) return;
      stop();
      // Only if focus is still where we left it: the user may have moved on already.
      if (focusIsLost() || document.activeElement === container) heading.focus();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(container, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash, main]);
}
