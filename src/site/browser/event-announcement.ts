/**
 * The event announcement (public/event.json, site/landing/event-announcement.ts): when one is on, the
 * landing page's dialog shows its title, image and text as a full-screen modal, once per visit
 * (closing it keeps it closed until the tab is closed). The native <dialog>'s showModal() makes the
 * page behind inert, moves focus inside and gives it back on close; Tab wraps around inside.
 */
import { parseEventAnnouncement } from "../landing/event-announcement";

const DISMISSED_KEY = "limitless:event-dismissed";

export async function showEventAnnouncement(dialog: HTMLDialogElement, url: string): Promise<void> {
  let event;
  try {
    const response = await fetch(url, { cache: "no-cache" });
    event = response.ok ? parseEventAnnouncement(await response.json()) : null;
  } catch {
    return; // An announcement is decoration: the page is complete without it.
  }
  if (!event || sessionStorage.getItem(DISMISSED_KEY) === event.title) return;

  const body = dialog.querySelector<HTMLElement>("[data-event-body]")!;
  const title = document.createElement("h2");
  title.className = "modal-title";
  title.textContent = event.title;
  const image = document.createElement("img");
  Object.assign(image, { src: event.image, alt: event.imageAlt });
  if (event.width && event.height) Object.assign(image, { width: event.width, height: event.height });
  body.replaceChildren(title, image);
  if (event.text) body.append(Object.assign(document.createElement("p"), { textContent: event.text }));
  dialog.setAttribute("aria-label", event.title);

  const root = document.documentElement;
  const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const close = () => {
    sessionStorage.setItem(DISMISSED_KEY, event.title);
    dialog.close();
  };
  dialog.addEventListener("close", () => {
    root.style.overflow = "";
    returnFocusTo?.focus({ preventScroll: true });
  });
  dialog.addEventListener("cancel", (cancel) => {
    cancel.preventDefault();
    close();
  });
  // A click on the dark overlay itself closes it too.
  dialog.addEventListener("click", (click) => click.target === dialog && close());
  dialog.querySelector("[data-close]")!.addEventListener("click", close);
  dialog.addEventListener("keydown", (key) => key.key === "Tab" && keepTabInside(dialog, key));
  root.style.overflow = "hidden";
  dialog.showModal();
}

function keepTabInside(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  const focusable = [...dialog.querySelectorAll<HTMLElement>("button, [href], [tabindex]")].filter(
    (element) => !element.matches(":disabled, [tabindex='-1']") && element.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
