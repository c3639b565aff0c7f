/** What the app shell says when a screen fails to load. */
import { i18n } from "../shared/i18n/i18n";

export const routeErrorMessages = i18n("routeError", {
  heading: "Something went wrong",
  detail: "This page could not be loaded. Check your connection and try again.",
  reload: "Reload",
});
