/**
 * The Happy Hour Menu's preview card (site/menu/menu-documents.tsx): CSS shows it on hover and focus;
 * this adds the touch screens' Preview button, and Escape hides a card shown by hover or focus
 * (WCAG 1.4.13: content on hover must be dismissible) until the pointer and focus leave.
 */
export function enhancePreview(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>(".preview-toggle")!;
  const card = root.querySelector<HTMLElement>(".preview-card")!;
  const show = (shown: boolean) => {
    button.setAttribute("aria-expanded", String(shown));
    button.textContent = (shown ? button.dataset.labelHide : button.dataset.labelShow) ?? "";
    card.dataset.shown = String(shown);
  };
  button.addEventListener("click", () => {
    root.dataset.dismissed = "false";
    show(button.getAttribute("aria-expanded") !== "true");
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const showing = card.dataset.shown === "true" || root.matches(":hover") || root.contains(document.activeElement);
    if (!showing) return;
    root.dataset.dismissed = "true";
    show(false);
  });
  // Leaving (pointer and focus) re-arms the card for the next hover.
  const rearm = () => {
    if (!root.matches(":hover") && !root.contains(document.activeElement)) root.dataset.dismissed = "false";
  };
  root.addEventListener("mouseleave", rearm);
  root.addEventListener("focusout", () => setTimeout(rearm));
}
