import { describe, expect, it } from "vitest";
import { parseEventAnnouncement } from "./event-announcement";

describe("parseEventAnnouncement", () => {
  const event = { enabled: true, title: "Live music", image: "/images/event.webp", imageAlt: "A band on stage" };

  it("accepts an enabled announcement with a title, an image and its alt text", () => {
    expect(parseEventAnnouncement(event)).toMatchObject(event);
  });

  it("shows nothing when switched off or incomplete", () => {
    expect(parseEventAnnouncement({ ...event, enabled: false })).toBeNull();
    expect(parseEventAnnouncement({ ...event, imageAlt: undefined })).toBeNull();
    expect(parseEventAnnouncement("nope")).toBeNull();
    expect(parseEventAnnouncement(null)).toBeNull();
  });
});
