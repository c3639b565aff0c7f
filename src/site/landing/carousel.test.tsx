import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Carousel } from "./carousel";
import { SLIDE_NAMES } from "./landing-content";

describe("Carousel markup", () => {
  it("has one dot per slide, the first photo eager with high priority, and the others waiting in <noscript>", () => {
    const html = renderToStaticMarkup(<Carousel slides={SLIDE_NAMES} />);
    expect(html.match(/class="carousel-dot"/g)).toHaveLength(5);
    expect(html.match(/class="carousel-slide"/g)).toHaveLength(5);
    // Outside <noscript>, only the first photo: the others come once it has loaded (browser test: site-landing).
    const outside = html.replace(/<noscript>.*?<\/noscript>/g, "");
    expect(outside.match(/<img/g)).toHaveLength(1);
    expect(html.match(/<noscript><picture>/g)).toHaveLength(4);
    expect(outside).toMatch(/<img[^>]*loading="eager"/);
    expect(outside).toMatch(/<img[^>]*fetchPriority="high"/i);
    expect(html).toContain('type="image/avif"');
    expect(html).toContain("/images/carousel/grill-480.avif 480w");
  });

  it("hides the dots and the pause button when there is only one image", () => {
    const html = renderToStaticMarkup(<Carousel slides={SLIDE_NAMES.slice(0, 1)} />);
    expect(html).not.toContain("carousel-dot");
    expect(html).not.toContain("carousel-pause");
    expect(html).toContain("<img");
  });
});
