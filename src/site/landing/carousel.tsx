import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { SLIDE_SIZE, slideSrcSet, type Slide } from "./landing-content";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

type AutoplayChoice = "auto" | "paused" | "playing";

/**
 * The landing page's photo carousel. A CSS scroll-snap track gives native swiping (touch,
 * trackpad, arrow keys once focused); each dot jumps to its own slide. Autoplay advances every few seconds, pauses while the pointer is
 * over the carousel or focus is inside it, stays off under prefers-reduced-motion, and a
 * Pause/Play button stops it for good (WCAG 2.2.2).
 */
export function Carousel({ slides, label, intervalMs = 5000 }: { slides: Slide[]; label: string; intervalMs?: number }) {
  const trackRef = useRef<HTMLDivElement>(null);
  /** Where a dot or the autoplay is scrolling to: slides passed on the way do not light their dots. */
  const targetRef = useRef<number | null>(null);
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<AutoplayChoice>("auto");
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The other photos wait until the first has loaded (or the visitor reaches for the carousel),
  // so on a slow phone connection they do not compete with the first photo and the page's code.
  const [restWanted, setRestWanted] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = slides.length;

  const autoplayOn = count > 1 && (choice === "playing" || (choice === "auto" && !reducedMotion));
  const advancing = autoplayOn && !hovered && !focused;
  const wantRestSoon = () => window.setTimeout(() => setRestWanted(true), 500);

  const goTo = useCallback(
    (target: number) => {
      const track = trackRef.current;
      if (!track || count === 0) return;
      const next = ((target % count) + count) % count;
      targetRef.current = next;
      setRestWanted(true);
      track.scrollTo({ left: next * track.clientWidth, behavior: reducedMotion ? "auto" : "smooth" });
      setIndex(next);
    },
    [count, reducedMotion],
  );

  // Follow swipes and keyboard scrolling: the slide that is mostly in view is the current one.
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.intersectionRatio < 0.6) continue;
          const shown = Number((entry.target as HTMLElement).dataset.index);
          if (targetRef.current !== null && targetRef.current !== shown) continue;
          targetRef.current = null;
          setIndex(shown);
        }
      },
      { root: track, threshold: 0.6 },
    );
    for (const slide of track.children) observer.observe(slide);
    return () => observer.disconnect();
  }, [count]);

  // One timer per shown slide: any change of slide (swipe, dot) restarts the full interval.
  useEffect(() => {
    if (!advancing) return;
    const timer = window.setTimeout(() => goTo(index + 1), intervalMs);
    return () => window.clearTimeout(timer);
  }, [advancing, index, intervalMs, goTo]);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={(event) => {
        setRestWanted(true);
        if (event.pointerType === "mouse") setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => {
        setRestWanted(true);
        setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div
        className="carousel-track"
        ref={trackRef}
        tabIndex={0}
        aria-label={`${label}: scroll or swipe`}
        // The visitor takes over from a scroll in progress: follow wherever they go.
        onPointerDown={() => {
          targetRef.current = null;
          setRestWanted(true);
        }}
        onWheel={() => (targetRef.current = null)}
        onKeyDown={() => (targetRef.current = null)}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.name}
            className="carousel-slide"
            data-index={i}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
          >
            {(i === 0 || restWanted) && (
              <picture>
                <source type="image/avif" srcSet={slideSrcSet(slide.name, "avif")} sizes={SLIDE_SIZES} />
                <source type="image/webp" srcSet={slideSrcSet(slide.name, "webp")} sizes={SLIDE_SIZES} />
                <img
                  src={`/images/carousel/${slide.name}-960.webp`}
                  alt={slide.alt}
                  width={SLIDE_SIZE.width}
                  height={SLIDE_SIZE.height}
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : undefined}
                  decoding={i === 0 ? "sync" : "async"}
                  onLoad={i === 0 ? wantRestSoon : undefined}
                  onError={i === 0 ? wantRestSoon : undefined}
                />
              </picture>
            )}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel-controls">
          <button type="button" className="carousel-pause" onClick={() => setChoice(autoplayOn ? "paused" : "playing")}>
            <span aria-hidden="true" className={autoplayOn ? "icon-pause" : "icon-play"} />
            <span className="visually-hidden">{autoplayOn ? "Pause slideshow" : "Play slideshow"}</span>
          </button>
          <div className="carousel-dots">
            {slides.map((slide, i) => (
              <button
                key={slide.name}
                type="button"
                className="carousel-dot"
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

/** Phones: the photo fills the full width. Wider: contained in a box at most 840 px wide (see landing.css). */
const SLIDE_SIZES = "(min-width: 768px) 840px, 100vw";
