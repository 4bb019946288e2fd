import { useEffect, useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '../public.css';

export interface CarouselImage {
  src: string;
  alt: string;
}

/** Spec section 9: auto-advance every 4000 ms; 1, 2, 3 or 4 items from 0, 640, 1024, 1280 px. */
export const AUTO_ADVANCE_MS = 4000;

export function itemsPerView(width: number): number {
  if (width >= 1280) return 4;
  if (width >= 1024) return 3;
  if (width >= 640) return 2;
  return 1;
}

/** The next first visible index, wrapping around at both ends. */
function step(start: number, lastStart: number, by: 1 | -1): number {
  const current = Math.min(start, lastStart);
  if (by === 1) return current >= lastStart ? 0 : current + 1;
  return current <= 0 ? lastStart : current - 1;
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/**
 * A row of logos that slides one logo at a time. It only moves (automatically or with the
 * buttons) when there are more images than fit; it pauses while hovered or focused, or when the
 * visitor presses Pause, so the logos can be read at leisure.
 */
export function LogoCarousel({ label, images, emptyText }: { label: string; images: CarouselImage[]; emptyText: string }) {
  const { t } = useTranslation('public');
  const perView = itemsPerView(useWindowWidth());
  const count = images.length;
  const scrollable = count > perView;
  const lastStart = Math.max(0, count - perView);
  const [start, setStart] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const titleId = useId();

  // A wider window may leave the current start past the end.
  const first = Math.min(start, lastStart);
  const next = () => setStart((s) => step(s, lastStart, 1));
  const previous = () => setStart((s) => step(s, lastStart, -1));

  const running = scrollable && !hovered && !focused && !stopped;
  useEffect(() => {
    if (!running) return;
    // A fresh timer after every move, so a manual move also gets a full 4 s before the next one.
    const timer = window.setTimeout(() => setStart((s) => step(s, lastStart, 1)), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [running, first, lastStart]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!scrollable) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    }
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the carousel pattern: hover or focus inside pauses it, arrow keys move it
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-labelledby={titleId}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <div className="carousel-head">
        <h2 id={titleId}>{label}</h2>
        <div className="carousel-controls">
          {scrollable && (
            <button type="button" className="btn btn-ghost btn-sm carousel-pause" aria-pressed={stopped} onClick={() => setStopped((s) => !s)}>
              {stopped ? t('carousel.play') : t('carousel.pause')}
              <span className="sr-only"> {t('carousel.automaticScrolling')}</span>
            </button>
          )}
          <button type="button" className="carousel-btn" aria-label={t('carousel.previous')} onClick={previous} disabled={!scrollable}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="carousel-btn" aria-label={t('carousel.next')} onClick={next} disabled={!scrollable}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      {count === 0 ? (
        <p className="carousel-empty">{emptyText}</p>
      ) : (
        <div className="carousel-viewport" aria-live={running ? 'off' : 'polite'}>
          <div className="carousel-track" style={{ ['--per-view' as string]: perView, transform: `translateX(-${(first * 100) / perView}%)` }}>
            {images.map((image, index) => {
              const shown = index >= first && index < first + perView;
              return (
                <div
                  key={image.src}
                  className="carousel-slide"
                  role="group"
                  aria-roledescription="slide"
                  aria-label={t('carousel.slide', { position: index + 1, count })}
                  aria-hidden={!shown}
                  data-visible={shown}
                >
                  <img src={image.src} alt={image.alt} loading="lazy" decoding="async" width={320} height={160} />
                </div>
              );
            })}
          </div>
        </div>
      )}
    </section>
  );
}
