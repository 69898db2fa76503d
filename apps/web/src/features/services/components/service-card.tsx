import { formatHeat } from '@portal/contracts/constants';
import type { ServiceItem } from '@portal/contracts/services';
import { actionOn } from '../../../lib/action-on.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { ServiceIcon } from './service-icon.tsx';

/** A five-pointed star, filled or outlined (the card paints without Ant Design's icons, issue 10). */
export function Star({ filled }: { filled: boolean }) {
  return (
    <svg className="svc-star" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

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

/**
 * A service card: icon, name, department, labels, heat (9999999+ above the cap) and the collect toggle. Plain React and
 * CSS, so the landing page paints it without Ant Design (issue 10, ADR 0042); the same card in every list.
 */
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
  const go = s.processType === 'OFFLINE' ? t('services.offline') : t('services.online');
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
          <button
            type="button"
            className={s.collected ? 'svc-collect active' : 'svc-collect'}
            title={s.collected ? t('services.collected') : t('services.collect')}
            aria-pressed={s.collected}
            aria-label={
              s.collected
                ? t('services.cancelCollectAria', { name: s.serviceName })
                : t('services.collectAria', { name: s.serviceName })
            }
            onClick={() => onToggleCollect(s)}
          >
            <Star filled={s.collected} />
          </button>
        )}
      </div>
      <div className="svc-card-tags">
        {s.shelfLabelName && <span className="svc-tag svc-tag-red">{s.shelfLabelName}</span>}
        {s.labelName && <span className="svc-tag svc-tag-blue">{s.labelName}</span>}
        <span className="svc-tag">{s.serviceSceneName}</span>
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
              <Star filled /> {s.score.toFixed(1)} <span className="svc-rating-count">({s.rateCount})</span>
            </button>
          ) : (
            <span className="svc-rating svc-rating-none">{t('services.noRatings')}</span>
          )}
        </span>
        <span className="svc-card-actions">
          {s.hasGuide && (
            <button
              type="button"
              className="svc-card-link"
              onClick={() => onGuide(s)}
              aria-label={actionOn(t('services.guide'), s.serviceName)}
            >
              {t('services.guide')}
            </button>
          )}
          {loggedIn && onRate && (
            <button
              type="button"
              className="svc-card-link"
              onClick={() => onRate(s)}
              aria-label={actionOn(t('services.rate'), s.serviceName)}
            >
              {t('services.rate')}
            </button>
          )}
          <button
            type="button"
            className="svc-card-go"
            onClick={() => onOpen(s)}
            aria-label={actionOn(go, s.serviceName)}
          >
            {go}
          </button>
        </span>
      </div>
    </article>
  );
}
