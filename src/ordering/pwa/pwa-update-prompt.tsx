/**
 * Registers the service worker (vite-plugin-pwa's registerSW, on workbox-window) and, when a new
 * version of the app is waiting, offers a reload. Never forced: a diner mid-order decides when
 * (the cart is persisted, so reloading loses nothing). Loaded lazily by the root layout.
 */
import { useEffect, useState } from "react";
import { registerSW } from "virtual:pwa-register";
import { useMessages } from "../../shared/i18n/i18n";
import { pwaMessages } from "./messages";
import "./pwa-update-prompt.css";

/** How often an open tab asks for a new version (a phone may keep the order page open for hours). */
const CHECK_EVERY_MS = 30 * 60_000;

let update: ((reload?: boolean) => Promise<void>) | null = null;
let registration: ServiceWorkerRegistration | undefined;
/**
 * The waiting worker the diner said "Later" to. workbox-window announces a worker found by a later
 * update check twice, 200 ms apart ("installed", then "waiting"), so without this a quick "Later"
 * is undone by the second announcement; a newer deploy is a different worker and is offered again.
 */
let dismissed: ServiceWorker | null = null;

export default function PwaUpdatePrompt() {
  const [needRefresh, setNeedRefresh] = useState(false);
  const t = useMessages(pwaMessages);

  useEffect(() => {
    if (update) return; // once per page, even under StrictMode's double effects
    update = registerSW({
      onNeedRefresh: () => {
        if (!dismissed || registration?.waiting !== dismissed) setNeedRefresh(true);
      },
      onRegisteredSW(_url, registered) {
        registration = registered;
        // A failed check (offline) just waits for the next one.
        if (registered) setInterval(() => void registered.update().catch(() => undefined), CHECK_EVERY_MS);
      },
      // Blocked by the browser (some private modes, policies): the site still works online and the
      // order outbox still works (IndexedDB), so there is nothing for a diner to act on — log it only.
      onRegisterError: (error: unknown) => console.warn("Offline support is unavailable:", error),
    });
  }, []);

  if (!needRefresh) return null;
  const dismiss = () => {
    dismissed = registration?.waiting ?? null;
    setNeedRefresh(false);
  };
  return (
    <div className="pwa-prompt" role="status">
      <p>{t.newVersion}</p>
      <div className="pwa-prompt-actions">
        <button type="button" className="pwa-prompt-reload" onClick={() => void update?.(true)}>
          {t.reload}
        </button>
        <button type="button" className="pwa-prompt-dismiss" onClick={dismiss}>
          {t.later}
        </button>
      </div>
    </div>
  );
}
