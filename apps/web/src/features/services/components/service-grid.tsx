import type { ServiceItem } from '@portal/contracts/services';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { AntdIsland } from '../../../components/antd-island.tsx';
import { PlainPager } from '../../../components/plain-pager.tsx';
import { isRepeatClick } from '../../../lib/click-guard.ts';
import { notifySuccess } from '../../../lib/http/notify.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { afterCollect, collectService } from '../api/collect-service.ts';
import { GuideDrawerPart } from './guide-drawer-part.tsx';
import { RateDialogPart, RatingsDialogPart } from './rating-dialogs-part.tsx';
import { ServiceCard } from './service-card.tsx';
import { useOpenService } from './use-open-service.ts';

type Target = { serviceId: string; serviceName: string };

/** Services whose collect call is under way: a tap then is ignored, however long the answer takes. */
const collecting = new Set<string>();

/**
 * Collect toggle shared by every list: refreshes every services query after the change. A plain call rather than
 * TanStack's useMutation, which `/` would load for this alone (issue 10); a failed call's message is the HTTP layer's.
 * A second tap while the first call is under way, or within 800 ms (section 9), is ignored: on a slow network it sent
 * a second collect of the same service, as the list still showed it uncollected.
 */
export function useToggleCollect() {
  const client = useQueryClient();
  const { t } = useTranslation();
  const mutate = useCallback(
    (s: ServiceItem) => {
      if (collecting.has(s.serviceId) || isRepeatClick(`collect:${s.serviceId}`)) return;
      collecting.add(s.serviceId);
      collectService(s.serviceId, !s.collected)
        .then(
          (r) => {
            notifySuccess(r.collected ? t('services.collectOk') : t('services.cancelCollectOk'));
            afterCollect(client);
          },
          () => undefined,
        )
        .finally(() => collecting.delete(s.serviceId));
    },
    [client, t],
  );
  return { mutate };
}

export type ServiceGridProps = {
  services: ServiceItem[];
  total?: number | undefined;
  current?: number | undefined;
  pageSize?: number | undefined;
  onPage?: ((current: number, size: number) => void) | undefined;
  emptyText?: string | undefined;
};

/** An empty list's message, shown only once the data has arrived empty (issue 10). */
export function PlainEmpty({ text }: { text: string }) {
  return <p className="plain-empty">{text}</p>;
}

/**
 * A grid of service cards with the guide drawer, the rating dialogs, collecting and paging. The grid and its pager
 * are plain React and CSS; the drawer and dialogs open in an Ant Design island (ADR 0042).
 */
export function ServiceGrid({ services, total, current, pageSize, onPage, emptyText }: ServiceGridProps) {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => !!s.token && !!s.user);
  const open = useOpenService();
  const toggle = useToggleCollect();
  const gridRef = useRef<HTMLDivElement>(null);
  const [guideOf, setGuideOf] = useState<Target | null>(null);
  const [rateOf, setRateOf] = useState<Target | null>(null);
  const [ratingsOf, setRatingsOf] = useState<Target | null>(null);
  if (!services.length) return <PlainEmpty text={emptyText ?? t('services.empty')} />;
  const dialogOpen = !!(guideOf || rateOf || ratingsOf);
  return (
    <>
      <div className="svc-grid" ref={gridRef}>
        {services.map((s) => (
          <ServiceCard
            key={s.serviceId}
            service={s}
            loggedIn={loggedIn}
            onOpen={(x) => void open(x)}
            onToggleCollect={(x) => toggle.mutate(x)}
            onGuide={setGuideOf}
            onRate={setRateOf}
            onRatings={setRatingsOf}
          />
        ))}
      </div>
      {onPage && total !== undefined && total > (pageSize ?? 0) && (
        <PlainPager
          className="svc-pagination"
          current={current ?? 1}
          pageSize={pageSize ?? 10}
          total={total}
          totalText={t('services.total', { total })}
          onChange={(page, size) => {
            onPage(page, size);
            // The next page starts at its first card: on a phone the pager is a long way below it, and the view stayed
            // on the last cards of the new page.
            const grid = gridRef.current;
            if (grid && grid.getBoundingClientRect().top < 0) grid.scrollIntoView?.({ block: 'start' });
          }}
        />
      )}
      {dialogOpen && (
        <AntdIsland>
          <GuideDrawerPart service={guideOf} onClose={() => setGuideOf(null)} />
          <RateDialogPart service={rateOf} onClose={() => setRateOf(null)} />
          <RatingsDialogPart service={ratingsOf} onClose={() => setRatingsOf(null)} />
        </AntdIsland>
      )}
    </>
  );
}
