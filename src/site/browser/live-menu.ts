/**
 * The live menus on a public page (site/menu/live-menu.tsx, site/landing/menu-highlights.tsx): the
 * HTML as sent already holds them; when staff change a dish (a price, sold out, a new one) the branch's
 * stream says so, and this reads the same page again from the server and puts its new menus in place.
 * The server renders the one copy of the menu, so the page never shows a second, client-made one.
 * A reconnect (the stream may have missed something) and the tab coming back into view read it too;
 * both usually cost a 304.
 */
const SETTLE_MS = 300;

export function followLiveMenus(regions: HTMLElement[]): void {
  let pending: number | undefined;
  let reading: Promise<void> | null = null;

  const refresh = async () => {
    const response = await fetch(window.location.pathname, { cache: "no-cache", headers: { accept: "text/html" } });
    if (!response.ok) return; // the page as it is stays; the next change or visit tries again
    const next = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = [...next.querySelectorAll<HTMLElement>("[data-live-menu]")];
    regions.forEach((region, i) => {
      const update = fresh[i];
      if (update && update.innerHTML !== region.innerHTML) region.replaceChildren(...document.adoptNode(update).childNodes);
    });
  };
  // A burst of changes (a CSV import) is read once, and never two reads at a time.
  const soon = () => {
    window.clearTimeout(pending);
    pending = window.setTimeout(() => {
      reading = (reading ?? Promise.resolve())
        .then(refresh)
        .catch(() => undefined)
        .finally(() => (reading = null));
    }, SETTLE_MS);
  };

  const streams = new Set(regions.flatMap((region) => (region.dataset.events ?? "").split(" ").filter(Boolean)));
  for (const url of streams) {
    const source = new EventSource(url);
    let opened = false;
    source.addEventListener("product.updated", soon);
    source.addEventListener("open", () => {
      if (opened) soon();
      opened = true;
    });
  }
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && soon());
}
