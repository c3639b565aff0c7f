/** The new-version prompt in English. */
import { i18n } from "../../shared/i18n/i18n";

export const pwaMessages = i18n("pwaPrompt", {
  newVersion: "A new version of this site is available.",
  reload: "Reload",
  later: "Later",
});
