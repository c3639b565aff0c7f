/**
 * What moves in the landing page's carousel (site/landing/carousel.tsx has its markup): the other
 * photos come in once the first has loaded (or the visitor reaches for the carousel), each dot jumps
 * to its own slide, swipes and keyboard scrolling move the current dot, and autoplay advances every
 * few seconds — paused while the pointer is over the carousel or focus is inside it, off under
 * prefers-reduced-motion, and stopped for good by the Pause button (WCAG 2.2.2).
 */
const INTERVAL_MS = 5000;

export function enhanceCarousel(root: HTMLElement, intervalMs = INTERVAL_MS): void {
  const track = root.querySelector<HTMLElement>(".carousel-track")!;
  const slides = [...track.querySelectorAll<HTMLElement>(".carousel-slide")];
  const dots = [...root.querySelectorAll<HTMLButtonElement>(".carousel-dot")];
  const pause = root.querySelector<HTMLButtonElement>(".carousel-pause");
  const count = slides.length;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  let index = 0;
  let choice: "auto" | "paused" | "playing" = "auto";
  let hovered = false;
  let focused = false;
  let restShown = false;
  /** Where a dot or the autoplay is scrolling to: slides passed on the way do not light their dots. */
  let target: number | null = null;
  let timer: number | undefined;

  const autoplayOn = () => count > 1 && (choice === "playing" || (choice === "auto" && !reducedMotion.matches));

  /** The other photos, from their <noscript> (where they wait for a visitor without JavaScript). */
  const showRest = () => {
    if (restShown) return;
    restShown = true;
    for (const holder of track.querySelectorAll("noscript")) holder.insertAdjacentHTML("afterend", holder.textContent ?? "");
  };
  const showRestSoon = () => window.setTimeout(showRest, 500);

  const update = () => {
    dots.forEach((dot, i) => (i === index ? dot.setAttribute("aria-current", "true") : dot.removeAttribute("aria-current")));
    if (pause) {
      const on = autoplayOn();
      pause.querySelector("[aria-hidden]")!.className = on ? "icon-pause" : "icon-play";
      pause.querySelector(".visually-hidden")!.textContent = (on ? pause.dataset.labelPause : pause.dataset.labelPlay) ?? "";
    }
    // One timer per shown slide: any change of slide (swipe, dot) restarts the full interval.
    window.clearTimeout(timer);
    if (autoplayOn() && !hovered && !focused) timer = window.setTimeout(() => goTo(index + 1), intervalMs);
  };

  const goTo = (wanted: number) => {
    const next = ((wanted % count) + count) % count;
    target = next;
    showRest();
    track.scrollTo({ left: next * track.clientWidth, behavior: reducedMotion.matches ? "auto" : "smooth" });
    index = next;
    update();
  };

  // Follow swipes and keyboard scrolling: the slide that is mostly in view is the current one.
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.intersectionRatio < 0.6) continue;
        const shown = Number((entry.target as HTMLElement).dataset.index);
        if (target !== null && target !== shown) continue;
        target = null;
        if (shown !== index) {
          index = shown;
          update();
        }
      }
    },
    { root: track, threshold: 0.6 },
  );
  for (const slide of slides) observer.observe(slide);

  const first = track.querySelector("img");
  if (!first || first.complete) showRestSoon();
  else {
    first.addEventListener("load", showRestSoon, { once: true });
    first.addEventListener("error", showRestSoon, { once: true });
  }

  root.addEventListener("pointerenter", (event) => {
    showRest();
    if (event.pointerType === "mouse") hovered = true;
    update();
  });
  root.addEventListener("pointerleave", () => {
    hovered = false;
    update();
  });
  root.addEventListener("focusin", () => {
    showRest();
    focused = true;
    update();
  });
  root.addEventListener("focusout", (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    update();
  });
  // The visitor takes over from a scroll in progress: follow wherever they go.
  track.addEventListener("pointerdown", () => {
    target = null;
    showRest();
  });
  track.addEventListener("wheel", () => (target = null), { passive: true });
  track.addEventListener("keydown", () => (target = null));
  dots.forEach((dot, i) => dot.addEventListener("click", () => goTo(i)));
  pause?.addEventListener("click", () => {
    choice = autoplayOn() ? "paused" : "playing";
    update();
  });
  reducedMotion.addEventListener("change", update);
  update();
}
