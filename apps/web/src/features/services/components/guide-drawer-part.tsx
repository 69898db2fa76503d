import { lazy, Suspense } from 'react';
import { ReturnFocus } from '../../../components/return-focus.tsx';
import { loadPart } from '../../../lib/lazy/load-part.ts';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { NARROW, useMediaQuery } from '../../../lib/use-media-query.ts';

// The guide drawer (and the HTML sanitiser it needs) is a code part of its own, loaded when a guide is first opened.
const GuideDrawer = lazy(() => loadPart(() => import('./guide-drawer.tsx')).then((m) => ({ default: m.GuideDrawer })));

/**
 * The service guide drawer, mounted while a guide is open. On a phone, where it fills the screen, it has a history
 * entry of its own: the phone's Back button closes it (instead of leaving the page), and its close button goes back
 * over that entry.
 */
export function GuideDrawerPart({
  service,
  onClose,
}: {
  service: { serviceId: string; serviceName: string } | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery(NARROW);
  const close = useBackCloses(!!service && phone, onClose);
  if (!service) return null;
  return (
    <>
      <ReturnFocus />
      <Suspense fallback={null}>
        <GuideDrawer service={service} onClose={close} />
      </Suspense>
    </>
  );
}
