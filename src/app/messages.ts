/** What the app shell says: the skip link on every screen, and when a screen fails to load. */
import { i18n } from "../shared/i18n/i18n";

export const routeErrorMessages = i18n("routeError", {
  heading: "Something went wrong",
  detail: "This page could not be loaded. Check your connection and try again.",
  reload: "Reload",
});

export const shellMessages = i18n("appShell", {
  skipToContent: "Skip to content",
});
