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
