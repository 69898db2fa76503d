import type { CardService, ServiceSpecial } from '@portal/contracts/workbench';
import { useState } from 'react';
import { useConfiguredText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { PlainSkeleton } from '../../../components/plain-skeleton.tsx';
import { PlainTabs } from '../../../components/plain-tabs.tsx';
import { useServiceSpecial } from '../api/get-service-special.ts';
import { useServiceSpecialList } from '../api/get-service-special-list.ts';
import { EmptyState, Icon, ServiceLink } from './card-body.tsx';
import { PlainDialog } from './plain-dialog.tsx';
import '../workbench.css';

function SpecialServices({ services, label }: { services: CardService[]; label: string }) {
  const { t } = useTranslation();
  if (!services.length) return <EmptyState text={t('workbench.empty')} />;
  return (
    <ul className="wb-special-services" aria-label={label}>
      {services.map((s) => (
        <li key={s.serviceId}>
          <ServiceLink s={s} className="wb-grid-item">
            <Icon name={s.serviceName} src={s.serviceIcon} />
            <span>{s.serviceName}</span>
          </ServiceLink>
        </li>
      ))}
    </ul>
  );
}

/** Every service special, one tab each (homePage/getServiceSpecialList, loaded when opened). */
function AllSpecials({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  const list = useServiceSpecialList(open);
  return (
    <PlainDialog open={open} title={t('workbench.special.all')} onClose={onClose} width={760}>
      {list.isPending ? (
        <PlainSkeleton rows={4} />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : !list.data.length ? (
        <EmptyState text={t('workbench.empty')} />
      ) : (
        <PlainTabs
          label={t('workbench.special.all')}
          items={list.data.map((x) => ({
            key: x.id,
            label: text(x.title, x.titleEn),
            children: <SpecialServices services={x.services} label={text(x.title, x.titleEn)} />,
          }))}
        />
      )}
    </PlainDialog>
  );
}

/**
 * The service-special strip of the home page: the featured special (homePage/getServiceSpecial) with its
 * services, and every special behind 'all specials'. Nothing shows when no special is configured.
 */
export function ServiceSpecials({ enabled, featured }: { enabled: boolean; featured?: ServiceSpecial | null }) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  const query = useServiceSpecial(enabled && featured === undefined);
  const [all, setAll] = useState(false);
  const special = featured === undefined ? query.data : featured;
  if (!special) return null;
  // Its texts in the interface's language: their English where an administrator gave it (ADR 0074).
  const title = text(special.title, special.titleEn);
  const description = text(special.description, special.descriptionEn);
  return (
    <section className="wb-special" aria-labelledby="wb-special-title" data-testid="service-special">
      <div className="wb-special-head">
        <h2 id="wb-special-title" className="wb-card-title">
          {t('workbench.special.title')}
          {t('app.colon')}
          {title}
        </h2>
        <button type="button" className="plain-link" onClick={() => setAll(true)}>
          {t('workbench.special.all')}
        </button>
      </div>
      {description && <p className="wb-special-desc">{description}</p>}
      <div className="wb-special-body">
        {special.img && <img className="wb-special-img" src={special.img} alt="" />}
        <SpecialServices services={special.services} label={title} />
      </div>
      <AllSpecials open={all} onClose={() => setAll(false)} />
    </section>
  );
}
