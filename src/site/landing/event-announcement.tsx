import { useEffect, useState } from "react";
import { fetchJson } from "../../shared/api-client";
import { Dialog } from "../../shared/dialog";
import { SITE } from "../site-config";
import "../modal.css";

/** public/event.json — edit it to announce an event; "enabled": false (the default) shows nothing. */
export interface EventAnnouncementData {
  enabled: boolean;
  title: string;
  image: string;
  imageAlt: string;
  width?: number;
  height?: number;
  text?: string;
}

const DISMISSED_KEY = "limitless:event-dismissed";

export function parseEventAnnouncement(value: unknown): EventAnnouncementData | null {
  if (typeof value !== "object" || value === null) return null;
  const data = value as Record<string, unknown>;
  if (data.enabled !== true) return null;
  if (typeof data.title !== "string" || typeof data.image !== "string" || typeof data.imageAlt !== "string") return null;
  return {
    enabled: true,
    title: data.title,
    image: data.image,
    imageAlt: data.imageAlt,
    width: typeof data.width === "number" ? data.width : undefined,
    height: typeof data.height === "number" ? data.height : undefined,
    text: typeof data.text === "string" ? data.text : undefined,
  };
}

/** Shows the configured event once per visit (closing it keeps it closed until the tab is closed). */
export function EventAnnouncement() {
  const [event, setEvent] = useState<EventAnnouncementData | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchJson<unknown>(SITE.eventAnnouncementUrl, { signal: controller.signal, cache: "no-cache" })
      .then((json) => {
        const announcement = parseEventAnnouncement(json);
        if (announcement && sessionStorage.getItem(DISMISSED_KEY) !== announcement.title) setEvent(announcement);
      })
      // An announcement is optional decoration: if it cannot be fetched the page is complete without it.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  if (!event) return null;
  const close = () => {
    sessionStorage.setItem(DISMISSED_KEY, event.title);
    setEvent(null);
  };
  return (
    // A full-screen dark overlay; a click on the overlay itself closes it too.
    <Dialog open onClose={close} className="modal" label={event.title} lockScroll closeOnBackdrop>
      <div className="modal-content">
        <button type="button" className="modal-close" onClick={close}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Close</span>
        </button>
        <h2 className="modal-title">{event.title}</h2>
        <img src={event.image} alt={event.imageAlt} width={event.width} height={event.height} />
        {event.text && <p>{event.text}</p>}
      </div>
    </Dialog>
  );
}
