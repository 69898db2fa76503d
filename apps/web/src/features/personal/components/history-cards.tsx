import type { ServiceItem } from '@portal/contracts/services';
import { Button, Empty, Pagination, Rate, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useMyRates } from '../api/get-my-rates.ts';
import { useMyRecent } from '../api/get-my-recent.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { SectionCard } from './section-card.tsx';
import { formatTenantTime } from '../../../lib/time-zone.ts';
import { pagerNames } from '../../../components/pager-names.tsx';

const when = (iso: string) => formatTenantTime(iso);

/** Recently used services (POST serverCenter/myRecent), each opened as 4.4 says by the route's opener. */
export function RecentServicesCard({ onOpen }: { onOpen?: ((s: ServiceItem) => void) | undefined }) {
  const { t } = useTranslation();
  const recent = useMyRecent();
  return (
    <SectionCard title={t('personal.recent.title')}>
      {recent.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : recent.isError ? (
        <LoadFailed name={t('personal.recent.title')} onRetry={() => void recent.refetch()} />
      ) : recent.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('personal.recent.empty')} />
      ) : (
        <ul className="pc-history" aria-label={t('personal.recent.title')}>
          {recent.data.map((s) => (
            <li key={s.serviceId} className="pc-history-item" data-service-id={s.serviceId}>
              <div className="pc-history-main">
                {onOpen ? (
                  <Button
                    type="link"
                    className="pc-history-name"
                    aria-label={t('personal.recent.open', { name: s.serviceName })}
                    onClick={() => onOpen(s)}
                  >
                    {s.serviceName}
                  </Button>
                ) : (
                  <span className="pc-history-name">{s.serviceName}</span>
                )}
                <span className="pc-muted">{[s.serviceDeptName, s.serviceSceneName].filter(Boolean).join(' · ')}</span>
              </div>
              <div className="pc-history-meta pc-muted">
                <span>{t('personal.recent.lastUsed', { time: when(s.lastUsedAt) })}</span>
                <span>{t('personal.recent.count', { count: s.useCount })}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

const RATES_PAGE = 5;

/** The user's own ratings (POST serverCenter/myRates), a page at a time. */
export function MyRatesCard() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const rates = useMyRates(current, RATES_PAGE);
  return (
    <SectionCard title={t('personal.rates.title')}>
      {rates.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : rates.isError ? (
        <LoadFailed name={t('personal.rates.title')} onRetry={() => void rates.refetch()} />
      ) : rates.data.total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('personal.rates.empty')} />
      ) : (
        <>
          <ul className="pc-history" aria-label={t('personal.rates.title')}>
            {rates.data.records.map((r) => (
              <li key={r.serviceId} className="pc-history-item" data-service-id={r.serviceId}>
                <div className="pc-history-main">
                  <span className="pc-history-name">{r.serviceName}</span>
                  {!r.available && <Tag>{t('personal.rates.unavailable')}</Tag>}
                </div>
                <div className="pc-history-meta">
                  <span aria-hidden="true">
                    <Rate disabled value={r.score} className="pc-rate" />
                  </span>
                  <span>{t('personal.rates.score', { score: r.score })}</span>
                  {r.labels.map((l) => (
                    <Tag key={l} color="blue">
                      {l}
                    </Tag>
                  ))}
                </div>
                {r.comment && <p className="pc-history-comment">{r.comment}</p>}
                <div className="pc-muted">{t('personal.rates.ratedAt', { time: when(r.createdAt) })}</div>
              </li>
            ))}
          </ul>
          {rates.data.total > RATES_PAGE && (
            <Pagination
              {...pagerNames(t)}
              size="small"
              align="end"
              current={current}
              pageSize={RATES_PAGE}
              total={rates.data.total}
              onChange={setCurrent}
              showSizeChanger={false}
            />
          )}
        </>
      )}
    </SectionCard>
  );
}
