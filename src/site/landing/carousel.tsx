import { useMessages } from "../../shared/i18n/i18n";
import { SLIDE_SIZE, SLIDE_SIZES, slideSrcSet, type SlideName } from "./landing-content";
import { carouselMessages } from "./messages";

function SlidePicture({ name, first }: { name: SlideName; first: boolean }) {
  const t = useMessages(carouselMessages);
  return (
    <picture>
      <source type="image/avif" srcSet={slideSrcSet(name, "avif")} sizes={SLIDE_SIZES} />
      <source type="image/webp" srcSet={slideSrcSet(name, "webp")} sizes={SLIDE_SIZES} />
      <img
        src={`/images/carousel/${name}-960.webp`}
        alt={t[name]}
        width={SLIDE_SIZE.width}
        height={SLIDE_SIZE.height}
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : undefined}
        decoding="async"
      />
    </picture>
  );
}

/**
 * The landing page's photo carousel, as the server sends it: a CSS scroll-snap track (native swiping,
 * and arrow keys once focused), the first photo in the HTML, eager and first in line. The other
 * photos wait inside <noscript> — shown as they are when JavaScript is off; with it on, the page's
 * script (site/browser/carousel.ts) puts them in once the first has loaded, so on a slow phone
 * connection they do not compete with it, and works the dots, autoplay and the pause button.
 */
export function Carousel({ slides }: { slides: readonly SlideName[] }) {
  const t = useMessages(carouselMessages);
  const label = t.photos({ name: "Limitless Bar & Grill" });
  const count = slides.length;
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={label} data-carousel="">
      <div className="carousel-track" tabIndex={0} role="group" aria-label={t.track({ label })}>
        {slides.map((name, i) => (
          <div
            key={name}
            className="carousel-slide"
            data-index={i}
            role="group"
            aria-roledescription="slide"
            aria-label={t.slide({ number: i + 1, count })}
          >
            {i === 0 ? (
              <SlidePicture name={name} first />
            ) : (
              <noscript>
                <SlidePicture name={name} first={false} />
              </noscript>
            )}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel-controls">
          <button type="button" className="carousel-pause" data-label-pause={t.pause} data-label-play={t.play}>
            <span aria-hidden="true" className="icon-pause" />
            <span className="visually-hidden">{t.pause}</span>
          </button>
          <div className="carousel-dots">
            {slides.map((name, i) => (
              <button
                key={name}
                type="button"
                className="carousel-dot"
                aria-label={t.showPhoto({ number: i + 1 })}
                aria-current={i === 0 ? "true" : undefined}
              />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
