import type { Card as CardConfig, IndexType, Layout } from '@portal/contracts/workbench';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { memo, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useConfiguredText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { PlainSkeleton } from '../../../components/plain-skeleton.tsx';
import { PlainTabs } from '../../../components/plain-tabs.tsx';
import { getCardViewQueryOptions, useCardView } from '../api/get-card-view.ts';
import { prefetchCardViews } from '../api/get-card-views.ts';
import { useHolidays } from '../api/get-holidays.ts';
import { useHomeLayout } from '../api/get-home-layout.ts';
import { useServiceSpecial } from '../api/get-service-special.ts';
import { ServiceActionsContext, type ServiceActions } from '../lib/service-actions.ts';
import { useAfterMount } from '../lib/use-after-mount.ts';
import { CardBody, CardOtherInfo } from './card-body.tsx';
import { HomeBanner as Banner } from './home-banner.tsx';
import { ServiceSpecials as Specials } from './service-specials.tsx';
import '../workbench.css';

const NO_CARDS: CardConfig[] = [];
const HomeBanner = memo(Banner);
const ServiceSpecials = memo(Specials);

/** A card's frame (Ant Design's small Card, plain): a head with its level-2 title and other information, a body. */
function CardFrame({
  title,
  extra,
  className,
  cardType,
  children,
}: {
  title?: string;
  extra?: ReactNode;
  className?: string;
  cardType?: string;
  children: ReactNode;
}) {
  return (
    <div className={`wb-card ${className ?? ''}`} data-card-type={cardType}>
      <div className="wb-card-head">
        {title === undefined ? (
          <PlainSkeleton rows={1} className="wb-card-title-skeleton" />
        ) : (
          <h2 className="wb-card-title">{title}</h2>
        )}
        {extra}
      </div>
      <div className="wb-card-body">{children}</div>
    </div>
  );
}

/** Grey bars the size of a card body (Ant Design's Skeleton: a title bar and three lines). */
function CardSkeleton() {
  return <PlainSkeleton rows={4} className="wb-card-skeleton" />;
}

/*
 * The cards, the banner and the special render again only when their own data or props change: the page around them
 * renders again as each of its queries moves (answers saved for offline use, then fresh ones, the chat's part arriving
 * in the shell), and every card with every service link rendered again with it — about 185 components, three more
 * times in a phone's home page load (issue 10, ADR 0057).
 */
const HomeCard = memo(function HomeCard({ card, layout }: { card: CardConfig; layout: Layout }) {
  const view = useCardView(card.id, layout);
  const text = useConfiguredText();
  const name = text(card.basicConfig.cardName, card.basicConfig.cardNameEn);
  return (
    <CardFrame
      className={`wb-card-${card.cardType}`}
      title={name}
      extra={<CardOtherInfo items={card.otherInformationList} />}
      cardType={card.cardType}
    >
      {view.isPending ? (
        <CardSkeleton />
      ) : view.isError ? (
        // Its own call again (not the cards' one call, ADR 0054); the button names the card, as each card may fail.
        <LoadFailed name={name} onRetry={() => void view.refetch()} />
      ) : (
        <CardBody view={view.data} layout={layout} />
      )}
    </CardFrame>
  );
});

const TypeCards = memo(function TypeCards({ cards, layout }: { cards: CardConfig[]; layout: Layout }) {
  const { t } = useTranslation();
  // A tab's cards in one call (ADR 0054), started before the cards mount (their queries then find it in flight);
  // the default tab's was started as soon as the home layout answered (HomePageBody).
  prefetchCardViews(useQueryClient(), cards, layout);
  if (!cards.length) return <p className="plain-empty">{t('workbench.noCards')}</p>;
  return (
    <div className={`wb-cards wb-cards-${layout}`}>
      {cards.map((c) => (
        <HomeCard key={c.id} card={c} layout={layout} />
      ))}
    </div>
  );
});

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

/**
 * How long the page's skeleton waits for the cards of the tab it opens on, once the rest of the page has answered
 * (issue 10): cards that answer within it paint with the page, at their own height; a card still waiting then shows
 * its own skeleton.
 */
export const CARDS_WAIT_MS = 1_500;

/**
 * Whether the cards of the tab the page opens on have answered (a view or a failure), or `CARDS_WAIT_MS` have passed
 * since `from` became true. Their views are asked for by `prefetchCardViews` (one call, each card's own call where a
 * part failed); the observers here ask for nothing themselves.
 */
function useShownCardsAnswered(cards: readonly CardConfig[], layout: Layout, from: boolean): boolean {
  const answered = useQueries({
    queries: cards.map((c) => ({ ...getCardViewQueryOptions(c.id, layout), enabled: false })),
    combine: (results) => results.every((r) => !r.isPending),
  });
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!from || answered) return;
    const timer = setTimeout(() => setLate(true), CARDS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [from, answered]);
  return answered || late;
}

function HomePageBody() {
  const { t } = useTranslation();
  const ready = useAfterMount();
  const home = useHomeLayout(ready);
  const types = (home.data?.types ?? []).filter((x) => x.cardConfigs.length);
  // The cards the page opens on, in one call as soon as the layout is known (issue 10, ADR 0054): their views arrive
  // while the banner and the special are still on their way, and fill every card's query at once.
  const shown = types.find((x) => x.isDefault) ?? types[0];
  const client = useQueryClient();
  if (shown) prefetchCardViews(client, shown.cardConfigs, shown.layout);
  // The page appears when its three parts have answered (the same queries the banner and the special use), so the
  // banner and the special never push the cards down after they have painted; until then a skeleton of the page.
  const holidays = useHolidays(ready);
  const special = useServiceSpecial(ready);
  // A part has answered once it has data or has once succeeded or failed. (Not `!isPending` alone: when the banner or
  // the special mounts over a failed query it fetches again, which puts the query back to pending; the page would
  // fall back to its skeleton, unmount them, settle on the failure and mount them again, a request loop.)
  const answered = (q: { isPending: boolean; isFetched: boolean }) => !q.isPending || q.isFetched;
  const partsAnswered = answered(home) && answered(holidays) && answered(special);
  // The cards of the tab the page opens on paint with it (issue 10): a card growing from its skeleton's height to its
  // list's pushed the cards below it down, 0.055 of layout shift in Lighthouse's desktop window.
  const cardsAnswered = useShownCardsAnswered(shown?.cardConfigs ?? NO_CARDS, shown?.layout ?? 'same', partsAnswered);
  // The whole page replaces its skeleton in one render: the banner, the special and every card with every service
  // link, about 170 ms of a phone's main thread (4× CPU) when it ran in the query's synchronous update, the page's
  // longest task (issue 10). Deferred, React renders it in a transition, in slices that let input and paint through,
  // and commits it once.
  const pageAnswered = useDeferredValue(partsAnswered && cardsAnswered);
  if (!pageAnswered) {
    return (
      <div className="wb-home" aria-busy="true">
        <h1 className="visually-hidden">{t('pages.homePage')}</h1>
        <div className="wb-banner wb-banner-skeleton">
          <PlainSkeleton rows={1} className="wb-banner-skeleton-bar" />
        </div>
        <div className="wb-cards wb-cards-same">
          {[0, 1, 2].map((i) => (
            <CardFrame key={i}>
              <CardSkeleton />
            </CardFrame>
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
        <LoadFailed onRetry={() => void home.refetch()} />
      ) : types.length <= 1 ? (
        <TypeCards cards={types[0]?.cardConfigs ?? NO_CARDS} layout={types[0]?.layout ?? 'same'} />
      ) : (
        <TypeTabs types={types} />
      )}
    </div>
  );
}

/**
 * One tab per index type. Issue 16: it opens on the tab an administrator made the default (else the first), never
 * simply the newest; until the user picks a tab it follows the default of the latest answer (the page may first
 * paint the answer it saved, then the fresh one).
 */
function TypeTabs({ types }: { types: IndexType[] }) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  const [chosen, setChosen] = useState<string | null>(null);
  const fallback = (types.find((x) => x.isDefault) ?? types[0])?.id;
  const active = types.some((x) => x.id === chosen) ? chosen! : fallback;
  return (
    <PlainTabs
      className="wb-home-tabs"
      label={t('workbench.homeTabs')}
      activeKey={active}
      onChange={setChosen}
      items={types.map((x) => ({
        key: x.id,
        label: text(x.typeName, x.typeNameEn),
        children: <TypeCards cards={x.cardConfigs} layout={x.layout} />,
      }))}
    />
  );
}
