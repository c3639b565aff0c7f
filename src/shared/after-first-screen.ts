/**
 * Work a screen's first paint does not need — registering the service worker, starting the order
 * outbox, prefetching a panel — waits until the first screen is on the page, so on slow Wi-Fi it does
 * not compete with the code and data the diner is waiting for (docs/performance/bundle-budget.md).
 * The screen says when it is shown (the order screen: once its menu or its error is up); the work
 * runs after the browser has painted it.
 */

let shown = false;
const waiting = new Set<() => void>();

function afterNextPaint(run: () => void): void {
  // A frame callback runs just before the paint; a task queued from it runs after.
  requestAnimationFrame(() => setTimeout(run, 0));
}

/** The first screen is on the page: start what was waiting for it. Later calls do nothing. */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  afterNextPaint(() => {
    for (const run of waiting) run();
    waiting.clear();
  });
}

/** Runs `run` once the first screen has been painted (soon, if it already has). Returns a cancel function. */
export function afterFirstScreen(run: () => void): () => void {
  let cancelled = false;
  const once = () => {
    if (!cancelled) run();
  };
  if (shown) afterNextPaint(once);
  else waiting.add(once);
  return () => {
    cancelled = true;
    waiting.delete(once);
  };
}
