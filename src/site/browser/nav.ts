/**
 * The navbar on the public pages (site/layout/site-header.tsx has its markup): the phone's hamburger
 * opens and closes the links (aria-expanded follows; Escape closes), and the drop-downs (the Menu
 * item's branches, the language picker) close on Escape or a click elsewhere. A language chosen here
 * is remembered for the ordering screens, which read it from the same place (shared/i18n/language.ts).
 */
const LANGUAGE_STORAGE_KEY = "language";

export function enhanceNav(header: HTMLElement): void {
  const toggle = header.querySelector<HTMLButtonElement>("[data-nav-toggle]");
  const links = toggle && document.getElementById(toggle.getAttribute("aria-controls") ?? "");
  const dropDowns = [...header.querySelectorAll<HTMLDetailsElement>("details")];

  const setOpen = (open: boolean) => {
    if (!toggle || !links) return;
    toggle.setAttribute("aria-expanded", String(open));
    links.dataset.open = String(open);
  };
  toggle?.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const openDropDown = dropDowns.find((details) => details.open);
    if (openDropDown) {
      openDropDown.open = false;
      openDropDown.querySelector("summary")?.focus();
    } else if (toggle?.getAttribute("aria-expanded") === "true") {
      setOpen(false);
      toggle.focus();
    }
  });
  document.addEventListener("click", (event) => {
    for (const details of dropDowns) if (details.open && !details.contains(event.target as Node)) details.open = false;
  });

  for (const link of header.querySelectorAll<HTMLAnchorElement>("a[data-language]")) {
    link.addEventListener("click", () => {
      try {
        localStorage.setItem(LANGUAGE_STORAGE_KEY, link.dataset.language!);
      } catch {
        // Storage refused (private mode): the page still changes language; the choice is not remembered.
      }
    });
  }
}
