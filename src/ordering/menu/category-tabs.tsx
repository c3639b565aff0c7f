/**
 * The category tab bar with scroll-spy: fixed under the 50 px navbar, 69 px
 * high; the active tab follows the scroll (throttled to 166 ms); a tapped tab scrolls its section
 * to 135 px from the top and holds the highlight for 1000 ms so the spy does not flicker through
 * the sections passed on the way — longer if the smooth scroll is still travelling (a long jump
 * takes about a second, and its last few pixels would otherwise light the section before).
 */
import { useEffect, useRef, useState, type FocusEvent, type MouseEvent } from "react";
import { useMessages } from "../../shared/i18n/i18n";
import { orderPageMessages } from "../messages";

export const SCROLL_OFFSET_PX = 135;
const THROTTLE_MS = 166;
const CLICK_LOCK_MS = 1000;
/** The lock ends at the latest this long after the click, even if the scroll never arrives (the diner took over). */
const CLICK_LOCK_MAX_MS = 3000;

export interface CategoryTab {
  id: string;
  title: string;
}

export function sectionId(key: string): string {
  return `category-${key}`;
}

function useScrollSpy(ids: readonly string[]): [string | undefined, (id: string) => void] {
  const [active, setActive] = useState(ids[0]);
  const jump = useRef<{ at: number; targetY: number; arrived: boolean } | null>(null);
  const idList = ids.join(" ");

  useEffect(() => {
    const list = idList.split(" ");
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const compute = () => {
      last = Date.now();
      const lock = jump.current;
      if (lock) {
        // Once the jump has landed, any later scroll is the diner's own.
        if (Math.abs(window.scrollY - lock.targetY) <= 1) lock.arrived = true;
        if (last - lock.at < CLICK_LOCK_MS || (!lock.arrived && last - lock.at < CLICK_LOCK_MAX_MS)) return;
        jump.current = null;
      }
      let current = list[0];
      for (const id of list) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top - SCROLL_OFFSET_PX <= 1) current = id;
      }
      setActive(current);
    };
    const onScroll = () => {
      clearTimeout(trailing);
      const wait = THROTTLE_MS - (Date.now() - last);
      if (wait <= 0) compute();
      else trailing = setTimeout(compute, wait); // the final position always counts
    };
    compute();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(trailing);
      window.removeEventListener("scroll", onScroll);
    };
  }, [idList]);

  const jumpTo = (id: string) => {
    const section = document.getElementById(id);
    if (!section) return;
    const maxY = document.documentElement.scrollHeight - window.innerHeight;
    const targetY = Math.max(0, Math.min(maxY, section.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX));
    jump.current = { at: Date.now(), targetY, arrived: false };
    setActive(id);
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: targetY, behavior: smooth ? "smooth" : "auto" });
    // Like following an in-page link: keyboard and screen-reader users continue from the section.
    section.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
  };

  return [active, jumpTo];
}

export function CategoryTabs({ tabs }: { tabs: readonly CategoryTab[] }) {
  const [active, jumpTo] = useScrollSpy(tabs.map((tab) => tab.id));
  const stripRef = useRef<HTMLUListElement>(null);
  const t = useMessages(orderPageMessages);

  // Keep the highlighted tab in view inside the horizontally scrolling strip.
  useEffect(() => {
    const strip = stripRef.current;
    const tab = strip?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!strip || !tab) return;
    strip.scrollTo({ left: tab.offsetLeft - (strip.clientWidth - tab.offsetWidth) / 2 });
  }, [active]);

  // A tab reached with the keyboard comes fully into view inside the strip (WCAG 2.4.11): the strip
  // scrolls sideways only, the fixed bar itself never moves the page.
  const onFocus = (event: FocusEvent<HTMLAnchorElement>) => {
    const strip = stripRef.current;
    const tab = event.currentTarget;
    if (!strip) return;
    const left = tab.offsetLeft - strip.offsetLeft;
    const right = left + tab.offsetWidth;
    if (left < strip.scrollLeft) strip.scrollTo({ left: left - 8 });
    else if (right > strip.scrollLeft + strip.clientWidth) strip.scrollTo({ left: right - strip.clientWidth + 8 });
  };

  const onClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    jumpTo(id);
  };

  return (
    <nav className="category-tabs" aria-label={t.categories}>
      <ul ref={stripRef}>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <a
              href={`#${tab.id}`}
              aria-current={tab.id === active ? "true" : undefined}
              onFocus={onFocus}
              onClick={(event) => onClick(event, tab.id)}
            >
              {tab.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
