/**
 * The public pages' one script (docs/decisions/0027): the pages arrive whole from the server and read
 * complete without it; this only works what moves — the navbar's hamburger and drop-downs, the
 * carousel, the happy-hour preview, the live menus and the event announcement. It imports nothing of
 * the ordering or staff app, so it stays a few kilobytes (tests/api/site-pages.test.ts checks the build).
 */
import { enhanceCarousel } from "./carousel";
import { showEventAnnouncement } from "./event-announcement";
import { followLiveMenus } from "./live-menu";
import { enhanceNav } from "./nav";
import { enhancePreview } from "./preview";
import "./site.css";

const all = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)];

for (const header of all(".site-header")) enhanceNav(header);
for (const carousel of all("[data-carousel]")) enhanceCarousel(carousel);
for (const preview of all("[data-preview]")) enhancePreview(preview);

// What the first screen does not need waits until the page has loaded: the live menus' streams and
// the announcement's fetch must not share the first moments of a slow connection with the photo.
const afterLoad = (run: () => void) =>
  document.readyState === "complete" ? setTimeout(run) : window.addEventListener("load", () => setTimeout(run), { once: true });
afterLoad(() => {
  const menus = all("[data-live-menu]");
  if (menus.length > 0) followLiveMenus(menus);
  const announcement = document.querySelector<HTMLDialogElement>("dialog[data-event-announcement]");
  if (announcement?.dataset.source) void showEventAnnouncement(announcement, announcement.dataset.source);
});
