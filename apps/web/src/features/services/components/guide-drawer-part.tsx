import { lazy, Suspense } from 'react';
import { ReturnFocus } from '../../../components/return-focus.tsx';
import { loadPart } from '../../../lib/lazy/load-part.ts';

// The guide drawer (and the HTML sanitiser it needs) is a code part of its own, loaded when a guide is first opened.
const GuideDrawer = lazy(() => loadPart(() => import('./guide-drawer.tsx')).then((m) => ({ default: m.GuideDrawer })));

/** The service guide drawer, mounted while a guide is open. */
export function GuideDrawerPart({
  service,
  onClose,
}: {
  service: { serviceId: string; serviceName: string } | null;
  onClose: () => void;
}) {
  if (!service) return null;
  return (
    <>
      <ReturnFocus />
      <Suspense fallback={null}>
        <GuideDrawer service={service} onClose={onClose} />
      </Suspense>
    </>
  );
}
