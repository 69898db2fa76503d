import type { NewsItem } from '@portal/contracts/workbench';
import { lazy, Suspense, useState } from 'react';
import { loadPart } from '../../../lib/lazy/load-part.ts';

const NewsReader = lazy(() => loadPart(() => import('./news-reader.tsx')).then((m) => ({ default: m.NewsReader })));

/**
 * The title of a news item or announcement: its link when it has one (seeded and linked items), else a button that
 * opens the body an administrator wrote.
 */
export function NewsTitle({ item }: { item: NewsItem }) {
  const [open, setOpen] = useState(false);
  if (item.url || !item.hasContent)
    return (
      <a className="wb-list-title" href={item.url || '#'} target="_blank" rel="noreferrer noopener">
        {item.title}
      </a>
    );
  return (
    <>
      <button type="button" className="wb-list-title wb-news-open" onClick={() => setOpen(true)}>
        {item.title}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NewsReader item={item} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
