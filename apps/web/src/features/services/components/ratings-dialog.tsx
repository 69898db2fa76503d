import { Empty, List, Modal, Pagination, Progress, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useRateDetail } from '../api/get-rate-detail.ts';
import { pagerNames } from '../../../components/pager-names.tsx';
import { TenantTime } from '../../../components/tenant-time.tsx';
import { ScoreStars, starsText } from './score-stars.tsx';

/** What others thought of a service: the average, how many rated it, the score distribution, labels and comments. */
export function RatingsDialog({
  service,
  onClose,
}: {
  service: { serviceId: string; serviceName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const detail = useRateDetail(service?.serviceId ?? null, page);
  if (!service) return null;
  const d = detail.data;
  return (
    <Modal
      open
      title={t('services.ratingsTitle', { name: service.serviceName })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {detail.isPending ? (
        <Skeleton active />
      ) : !d || d.count === 0 ? (
        <Empty description={t('services.noRatings')} />
      ) : (
        <div className="svc-ratings">
          <div className="svc-ratings-summary">
            <span className="svc-ratings-average">{d.average.toFixed(1)}</span>
            <ScoreStars
              allowHalf
              value={Math.round(d.average * 2) / 2}
              label={t('services.ratingAria', { score: d.average.toFixed(1), count: d.count })}
            />
            <span>{t('services.ratingCount', { count: d.count })}</span>
          </div>
          <ul className="svc-ratings-distribution" aria-label={t('services.distribution')}>
            {[5, 4, 3, 2, 1].map((score) => {
              const n = d.distribution.find((x) => x.score === score)?.count ?? 0;
              return (
                <li key={score}>
                  <span>{starsText(t, score)}</span>
                  <Progress
                    percent={Math.round((n / d.count) * 100)}
                    size="small"
                    showInfo={false}
                    aria-label={t('services.starsShare', { count: score, n })}
                  />
                  <span>{n}</span>
                </li>
              );
            })}
          </ul>
          {d.labels.length > 0 && (
            <div className="svc-ratings-labels">
              {d.labels.map((l) => (
                <Tag key={l.labelName}>
                  {l.labelName} · {l.count}
                </Tag>
              ))}
            </div>
          )}
          <List
            size="small"
            dataSource={d.comments.records.filter((c) => c.comment || c.labels.length)}
            locale={{ emptyText: t('services.noComments') }}
            renderItem={(c) => (
              <List.Item>
                <div className="svc-rating-comment">
                  <div>
                    <strong>{c.userName}</strong> <ScoreStars value={c.score} style={{ fontSize: 12 }} />{' '}
                    <TenantTime className="svc-rating-date" time={c.createdAt} format="YYYY-MM-DD" />
                  </div>
                  <p>{[c.labels.join('、'), c.comment].filter(Boolean).join(' — ')}</p>
                </div>
              </List.Item>
            )}
          />
          {d.comments.total > d.comments.size && (
            <Pagination
              {...pagerNames(t)}
              size="small"
              current={page}
              pageSize={d.comments.size}
              total={d.comments.total}
              onChange={setPage}
              showSizeChanger={false}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
