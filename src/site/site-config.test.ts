import { describe, expect, it } from "vitest";
import { BRANCHES, mapsEmbedUrl, mapsLink, siteSettings } from "./site-config";

const [thornhill, pickering] = BRANCHES;

describe("site config", () => {
  it("describes both branches the same way, each with its own address, phone, page and booking page", () => {
    expect(BRANCHES.map((branch) => [branch.id, branch.name, branch.path])).toEqual([
      [1, "Thornhill", "/menu"],
      [2, "Pickering", "/menu2"],
    ]);
    expect(new Set(BRANCHES.map((branch) => branch.phone.tel)).size).toBe(2);
    const settings = siteSettings({});
    expect(settings.bookingUrls[1]).not.toBe(settings.bookingUrls[2]);
    for (const branch of BRANCHES) {
      expect(branch.phone.display.replace(/\D/g, "")).toHaveLength(10);
      expect(branch.phone.tel).toBe(`+1${branch.phone.display.replace(/\D/g, "")}`);
      expect(branch.hours.length).toBeGreaterThan(0);
      expect(branch.documents.map((document) => document.kind)).toContain("menu");
    }
  });

  it("reads each branch's booking page, the delivery link and the maps key from the environment, blanks as unset", () => {
    const settings = siteSettings({ THORNHILL_BOOKING_URL: "https://book.example/t", PICKERING_BOOKING_URL: " ", MAPS_KEY: "k" });
    expect(settings.bookingUrls[1]).toBe("https://book.example/t");
    expect(settings.bookingUrls[2]).toBe(pickering!.booking.fallback);
    expect(settings.mapsKey).toBe("k");
    expect(siteSettings({}).mapsKey).toBe("");
  });

  it("embeds the map only when a key is configured", () => {
    expect(mapsEmbedUrl(thornhill!, "")).toBeNull();
    const url = new URL(mapsEmbedUrl(thornhill!, "test-key")!);
    expect(url.origin).toBe("https://www.google.com"); // the only frame origin the server's CSP allows
    expect(url.searchParams.get("key")).toBe("test-key");
    expect(url.searchParams.get("q")).toBe("Limitless Bar & Grill, 7600 Yonge St, Thornhill, ON");
  });

  it("links to a maps search for the address without a key", () => {
    expect(new URL(mapsLink(pickering!)).searchParams.get("query")).toBe("Limitless Bar & Grill, 2200 Brock Rd Unit A1, Pickering, ON");
  });
});
