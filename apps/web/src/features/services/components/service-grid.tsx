import type { ServiceItem } from '@portal/contracts/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Empty, Pagination } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/session-store.ts';
import { afterCollect, collectService } from '../api/collect-service.ts';
import { GuideDrawerPart } from './guide-drawer-part.tsx';
import { RateDialogPart, RatingsDialogPart } from './rating-dialogs-part.tsx';
import { ServiceCard } from './service-card.tsx';
import { useOpenService } from './use-open-service.ts';

type Target = { serviceId: string; serviceName: string };

/** Collect toggle shared by every list: refreshes every services query after the change. */
export function useToggleCollect() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (s: ServiceItem) => collectService(s.serviceId, !s.collected),
    onSuccess: (r) => {
      void message.success(r.collected ? t('services.collectOk') : t('services.cancelCollectOk'));
      afterCollect(client);
    },
  });
}

export type ServiceGridProps = {
  services: ServiceItem[];
  total?: number | undefined;
  current?: number | undefined;
  pageSize?: number | undefined;
  onPage?: ((current: number, size: number) => void) | undefined;
  emptyText?: string | undefined;
};

/** A grid of service cards with the guide drawer, the rating dialog, collecting and paging. */
export function ServiceGrid({ services, total, current, pageSize, onPage, emptyText }: ServiceGridProps) {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => !!s.token && !!s.user);
  const open = useOpenService();
  const toggle = useToggleCollect();
  const [guideOf, setGuideOf] = useState<Target | null>(null);
  const [rateOf, setRateOf] = useState<Target | null>(null);
  const [ratingsOf, setRatingsOf] = useState<Target | null>(null);
  if (!services.length) return <Empty description={emptyText ?? t('services.empty')} />;
  return (
    <>
      <div className="svc-grid">
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
        <Pagination
          className="svc-pagination"
          current={current}
          pageSize={pageSize}
          total={total}
          showSizeChanger={false}
          showTotal={(n) => t('services.total', { total: n })}
          onChange={onPage}
        />
      )}
      <GuideDrawerPart service={guideOf} onClose={() => setGuideOf(null)} />
      <RateDialogPart service={rateOf} onClose={() => setRateOf(null)} />
      <RatingsDialogPart service={ratingsOf} onClose={() => setRatingsOf(null)} />
    </>
  );
}
