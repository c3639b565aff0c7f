import { describe, expect, it } from "vitest";
import { SITE, mapsEmbedUrl, mapsLink } from "./site-config";

describe("site config", () => {
  it("embeds the map only when a key is configured", () => {
    expect(mapsEmbedUrl(SITE.mainLocation.address, "")).toBeNull();
    const url = new URL(mapsEmbedUrl(SITE.mainLocation.address, "test-key")!);
    expect(url.origin).toBe("https://www.google.com"); // the only frame origin the server's CSP allows
    expect(url.searchParams.get("key")).toBe("test-key");
    expect(url.searchParams.get("q")).toBe("Limitless Bar & Grill, 7600 Yonge St, Thornhill, ON");
  });

  it("links to a maps search for the address without a key", () => {
    expect(new URL(mapsLink("2200 Brock Rd Unit A1, Pickering, ON")).searchParams.get("query")).toBe(
      "Limitless Bar & Grill, 2200 Brock Rd Unit A1, Pickering, ON",
    );
  });

  it("has a ten-digit phone number with its dialable form", () => {
    expect(SITE.phone.display.replace(/\D/g, "")).toHaveLength(10);
    expect(SITE.phone.tel).toBe(`+1${SITE.phone.display.replace(/\D/g, "")}`);
  });
});
