import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { PlainIcon } from '../../../components/plain-icon.tsx';

const AUTOPLAY_MS = 3000;

function prefersReducedMotion() {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The announcement card's carousel, plain (issue 10; it was Ant Design's Carousel, autoplaying with dots): one slide
 * at a time, labelled previous and next buttons, a dot button per slide. It turns every 3 s like the old one, stops
 * while the pointer is over it or the focus is in it, and does not turn at all for a user who asked for reduced
 * motion. The slides that are not shown are hidden from everyone (WAI-ARIA carousel pattern).
 */
export function AnnouncementCarousel({
  slides,
  label,
}: {
  slides: Array<{ key: string; content: ReactNode }>;
  label: string;
}) {
  const { t } = useTranslation();
  const [at, setAt] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const base = useId();
  const count = slides.length;
  const playing = count > 1 && !hovered && !focused && !prefersReducedMotion();
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setAt((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [playing, count]);
  if (!count) return null;
  const shown = at % count;
  const go = (i: number) => setAt((i + count) % count);
  return (
    <section
      className="wb-carousel"
      aria-roledescription={t('workbench.carousel.role')}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="wb-carousel-slides" aria-live={playing ? 'off' : 'polite'}>
        {slides.map((s, i) => (
          <div
            key={s.key}
            id={`${base}-${i}`}
            className="wb-carousel-item"
            role="group"
            aria-roledescription={t('workbench.carousel.slide')}
            aria-label={t('workbench.carousel.of', { n: i + 1, total: count })}
            hidden={i !== shown}
          >
            {s.content}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="wb-carousel-controls">
          <button
            type="button"
            className="wb-carousel-arrow"
            aria-label={t('workbench.carousel.prev')}
            onClick={() => go(shown - 1)}
          >
            <PlainIcon icon={LeftOutlined} />
          </button>
          <span className="wb-carousel-dots">
            {slides.map((s, i) => (
              <button
                key={s.key}
                type="button"
                className={i === shown ? 'wb-carousel-dot active' : 'wb-carousel-dot'}
                aria-label={t('workbench.carousel.of', { n: i + 1, total: count })}
                aria-controls={`${base}-${i}`}
                aria-current={i === shown ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </span>
          <button
            type="button"
            className="wb-carousel-arrow"
            aria-label={t('workbench.carousel.next')}
            onClick={() => go(shown + 1)}
          >
            <PlainIcon icon={RightOutlined} />
          </button>
        </div>
      )}
    </section>
  );
}
