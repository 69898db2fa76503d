import { Alert, Card, Empty, Skeleton, Tabs } from 'antd';
import type { Card as CardConfig, Layout } from '@portal/contracts/workbench';
import { useTranslation } from 'react-i18next';
import { useCardView } from '../api/get-card-view.ts';
import { useHolidays } from '../api/get-holidays.ts';
import { useHomeLayout } from '../api/get-home-layout.ts';
import { useServiceSpecial } from '../api/get-service-special.ts';
import { ServiceActionsContext, type ServiceActions } from '../lib/service-actions.ts';
import { useAfterMount } from '../lib/use-after-mount.ts';
import { CardBody, CardOtherInfo } from './card-body.tsx';
import { HomeBanner } from './home-banner.tsx';
import { ServiceSpecials } from './service-specials.tsx';
import '../workbench.css';

function HomeCard({ card, layout }: { card: CardConfig; layout: Layout }) {
  const { t } = useTranslation();
  const view = useCardView(card.id, layout);
  return (
    <Card
      className={`wb-card wb-card-${card.cardType}`}
      title={<h2 className="wb-card-title">{card.basicConfig.cardName}</h2>}
      extra={<CardOtherInfo items={card.otherInformationList} />}
      size="small"
      data-card-type={card.cardType}
    >
      {view.isPending ? (
        <Skeleton active />
      ) : view.isError ? (
        <Alert type="warning" showIcon message={t('workbench.loadFailed')} />
      ) : (
        <CardBody view={view.data} layout={layout} />
      )}
    </Card>
  );
}

function TypeCards({ cards, layout }: { cards: CardConfig[]; layout: Layout }) {
  const { t } = useTranslation();
  if (!cards.length) return <Empty description={t('workbench.noCards')} />;
  return (
    <div className={`wb-cards wb-cards-${layout}`}>
      {cards.map((c) => (
        <HomeCard key={c.id} card={c} layout={layout} />
      ))}
    </div>
  );
}

/**
 * /home/homePage: a greeting with the nearest holiday, the featured service special, then the cards an
 * administrator placed on the caller's home page and granted to their role (one tab per index type when
 * there are several, each in its layout). `actions` open a service and its guide (the services feature's, given
 * by the route).
 */
export function HomePage({ actions = null }: { actions?: ServiceActions | null }) {
  return (
    <ServiceActionsContext.Provider value={actions}>
      <HomePageBody />
    </ServiceActionsContext.Provider>
  );
}

function HomePageBody() {
  const { t } = useTranslation();
  const ready = useAfterMount();
  const home = useHomeLayout(ready);
  const types = (home.data?.types ?? []).filter((x) => x.cardConfigs.length);
  // The page appears when its three parts have answered (the same queries the banner and the special use), so the
  // banner and the special never push the cards down after they have painted; until then a skeleton of the page.
  const holidays = useHolidays(ready);
  const special = useServiceSpecial(ready);
  // A part has answered once it has data or has once succeeded or failed. (Not `!isPending` alone: when the banner or
  // the special mounts over a failed query it fetches again, which puts the query back to pending; the page would
  // fall back to its skeleton, unmount them, settle on the failure and mount them again, a request loop.)
  const answered = (q: { isPending: boolean; isFetched: boolean }) => !q.isPending || q.isFetched;
  const settled = answered(home) && answered(holidays) && answered(special);
  if (!settled) {
    return (
      <div className="wb-home" aria-busy="true">
        <h1 className="visually-hidden">{t('pages.homePage')}</h1>
        <div className="wb-banner wb-banner-skeleton">
          <Skeleton active title={false} paragraph={{ rows: 1, width: 240 }} />
        </div>
        <div className="wb-cards wb-cards-same">
          {[0, 1, 2].map((i) => (
            <Card key={i} size="small" className="wb-card">
              <Skeleton active />
            </Card>
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="wb-home">
      <h1 className="visually-hidden">{t('pages.homePage')}</h1>
      <HomeBanner enabled={ready} />
      <ServiceSpecials enabled={ready} />
      {home.isError ? (
        <Alert type="error" showIcon message={t('workbench.loadFailed')} />
      ) : types.length <= 1 ? (
        <TypeCards cards={types[0]?.cardConfigs ?? []} layout={types[0]?.layout ?? 'same'} />
      ) : (
        <Tabs
          // Issue 16: the tab an administrator made the default (else the first), never simply the newest.
          defaultActiveKey={(types.find((x) => x.isDefault) ?? types[0])?.id}
          items={types.map((x) => ({
            key: x.id,
            label: x.typeName,
            children: <TypeCards cards={x.cardConfigs} layout={x.layout} />,
          }))}
        />
      )}
    </div>
  );
}
