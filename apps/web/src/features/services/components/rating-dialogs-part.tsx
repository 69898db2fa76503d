import { lazy, Suspense } from 'react';
import { ReturnFocus } from '../../../components/return-focus.tsx';
import { loadPart } from '../../../lib/lazy/load-part.ts';

// The rating dialogs (Ant Design's Form, Rate, Progress and Pagination with them) are code parts of their own,
// loaded when a user first rates or reads ratings: the landing page and the lists paint without them (issue 10).
const RateDialog = lazy(() => loadPart(() => import('./rate-dialog.tsx')).then((m) => ({ default: m.RateDialog })));
const RatingsDialog = lazy(() =>
  loadPart(() => import('./ratings-dialog.tsx')).then((m) => ({ default: m.RatingsDialog })),
);

type Target = { serviceId: string; serviceName: string } | null;

/** The rating dialog of a service, mounted while it is open. */
export function RateDialogPart({ service, onClose }: { service: Target; onClose: () => void }) {
  if (!service) return null;
  return (
    <>
      <ReturnFocus />
      <Suspense fallback={null}>
        <RateDialog service={service} onClose={onClose} />
      </Suspense>
    </>
  );
}

/** A service's ratings, mounted while they are open. */
export function RatingsDialogPart({ service, onClose }: { service: Target; onClose: () => void }) {
  if (!service) return null;
  return (
    <>
      <ReturnFocus />
      <Suspense fallback={null}>
        <RatingsDialog service={service} onClose={onClose} />
      </Suspense>
    </>
  );
}
