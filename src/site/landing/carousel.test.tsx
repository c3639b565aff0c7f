import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Carousel } from "./carousel";
import { SLIDES } from "./landing-content";

describe("Carousel markup", () => {
  it("has one dot per slide and renders the first photo, eager with high priority, before the others", () => {
    const html = renderToString(<Carousel slides={SLIDES} label="Photos" />);
    expect(html.match(/class="carousel-dot"/g)).toHaveLength(5);
    expect(html.match(/class="carousel-slide"/g)).toHaveLength(5);
    // The other four photos come once the first has loaded (browser test: site-landing).
    expect(html.match(/<img/g)).toHaveLength(1);
    expect(html).toMatch(/<img[^>]*loading="eager"/);
    expect(html).toMatch(/<img[^>]*fetchPriority="high"/i);
    expect(html).toContain('type="image/avif"');
    expect(html).toContain("/images/carousel/grill-480.avif 480w");
  });

  it("hides the dots and the pause button when there is only one image", () => {
    const html = renderToString(<Carousel slides={SLIDES.slice(0, 1)} label="Photos" />);
    expect(html).not.toContain("carousel-dot");
    expect(html).not.toContain("carousel-pause");
    expect(html).toContain("<img");
  });
});
