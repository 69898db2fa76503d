import { useTranslation } from '../lib/i18n/i18n.ts';

/** The page numbers shown: the first, the last, the current one with a neighbour each side, gaps as null. */
export function pagerItems(current: number, pages: number): Array<number | null> {
  const shown = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) items.push(null);
    items.push(p);
  });
  return items;
}

/**
 * Page buttons painted without Ant Design (the service lists, issue 10): previous, the numbers around the current
 * page, next, and the total. A navigation landmark with the current page marked for screen readers.
 */
export function PlainPager({
  current,
  pageSize,
  total,
  onChange,
  totalText,
  className,
}: {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  totalText?: string | undefined;
  className?: string | undefined;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (p: number) => onChange(Math.min(pages, Math.max(1, p)), pageSize);
  return (
    <nav className={`plain-pager ${className ?? ''}`} aria-label={t('pager.label')}>
      {totalText && <span className="plain-pager-total">{totalText}</span>}
      <button
        type="button"
        className="plain-pager-item"
        disabled={current <= 1}
        aria-label={t('pager.prev')}
        onClick={() => go(current - 1)}
      >
        ‹
      </button>
      {pagerItems(current, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="plain-pager-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={p === current ? 'plain-pager-item active' : 'plain-pager-item'}
            aria-current={p === current ? 'page' : undefined}
            aria-label={t('pager.page', { page: p })}
            onClick={() => go(p)}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className="plain-pager-item"
        disabled={current >= pages}
        aria-label={t('pager.next')}
        onClick={() => go(current + 1)}
      >
        ›
      </button>
    </nav>
  );
}
