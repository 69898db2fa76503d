import { StarFilled, StarOutlined } from '@ant-design/icons';
import { formatHeat } from '@portal/contracts/constants';
import type { ServiceItem } from '@portal/contracts/services';
import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServiceIcon } from './service-icon.tsx';

export type ServiceCardProps = {
  service: ServiceItem;
  loggedIn: boolean;
  onOpen: (s: ServiceItem) => void;
  onToggleCollect?: ((s: ServiceItem) => void) | undefined;
  onGuide: (s: ServiceItem) => void;
  onRate?: ((s: ServiceItem) => void) | undefined;
  /** Shows what others thought of the service (average, count, comments). */
  onRatings?: ((s: ServiceItem) => void) | undefined;
};

/** A service card: icon, name, department, labels, heat (9999999+ above the cap) and the collect toggle. */
export function ServiceCard({
  service: s,
  loggedIn,
  onOpen,
  onToggleCollect,
  onGuide,
  onRate,
  onRatings,
}: ServiceCardProps) {
  const { t } = useTranslation();
  return (
    <article className="svc-card" data-service-id={s.serviceId} aria-label={s.serviceName}>
      <div className="svc-card-head">
        <ServiceIcon src={s.serviceIcon} />
        <div className="svc-card-title">
          <button
            type="button"
            className="svc-card-name"
            onClick={() => onOpen(s)}
            aria-label={t('services.open', { name: s.serviceName })}
          >
            {s.serviceName}
          </button>
          <div className="svc-card-dept">{s.serviceDeptName}</div>
        </div>
        {loggedIn && onToggleCollect && (
          <Tooltip title={s.collected ? t('services.collected') : t('services.collect')}>
            <Button
              type="text"
              className={s.collected ? 'svc-collect active' : 'svc-collect'}
              aria-pressed={s.collected}
              aria-label={
                s.collected
                  ? t('services.cancelCollectAria', { name: s.serviceName })
                  : t('services.collectAria', { name: s.serviceName })
              }
              icon={s.collected ? <StarFilled /> : <StarOutlined />}
              onClick={() => onToggleCollect(s)}
            />
          </Tooltip>
        )}
      </div>
      <div className="svc-card-tags">
        {s.shelfLabelName && <Tag color="red">{s.shelfLabelName}</Tag>}
        {s.labelName && <Tag color="blue">{s.labelName}</Tag>}
        <Tag>{s.serviceSceneName}</Tag>
      </div>
      <div className="svc-card-foot">
        <span className="svc-card-stats">
          <span className="svc-heat" title={t('services.heat')}>
            {t('services.heatValue', { value: formatHeat(s.visitCount) })}
          </span>
          {s.rateCount > 0 && onRatings ? (
            <button
              type="button"
              className="svc-rating"
              onClick={() => onRatings(s)}
              aria-label={t('services.showRatings', {
                name: s.serviceName,
                score: s.score.toFixed(1),
                count: s.rateCount,
              })}
            >
              <StarFilled aria-hidden="true" /> {s.score.toFixed(1)}{' '}
              <span className="svc-rating-count">({s.rateCount})</span>
            </button>
          ) : (
            <span className="svc-rating svc-rating-none">{t('services.noRatings')}</span>
          )}
        </span>
        <span className="svc-card-actions">
          {s.hasGuide && (
            <Button size="small" type="link" onClick={() => onGuide(s)}>
              {t('services.guide')}
            </Button>
          )}
          {loggedIn && onRate && (
            <Button
              size="small"
              type="link"
              onClick={() => onRate(s)}
              aria-label={`${t('services.rate')} ${s.serviceName}`}
            >
              {t('services.rate')}
            </Button>
          )}
          <Button
            size="small"
            type="primary"
            ghost
            onClick={() => onOpen(s)}
            aria-label={`${s.processType === 'OFFLINE' ? t('services.offline') : t('services.online')} ${s.serviceName}`}
          >
            {s.processType === 'OFFLINE' ? t('services.offline') : t('services.online')}
          </Button>
        </span>
      </div>
    </article>
  );
}
