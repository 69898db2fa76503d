import { formatHeat } from '@portal/contracts/constants';
import type { GroupKind, ServiceItem } from '@portal/contracts/services';
import { useId, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { PlainDrawer } from '../../../components/plain-drawer.tsx';
import { PlainSkeleton } from '../../../components/plain-skeleton.tsx';
import { PlainTabs } from '../../../components/plain-tabs.tsx';
import { addTexts, useConfiguredText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useFooterConfig } from '../api/get-footer-config.ts';
import { LANDING_LIST_SIZE } from '../api/get-landing-index.ts';
import { useLandingConfig } from '../api/get-landing-config.ts';
import { useNavigationBars } from '../api/get-navigation-bars.ts';
import { useStatisticData } from '../api/get-statistic-data.ts';
import { useTools } from '../api/get-tools.ts';
import { useTopServices } from '../api/get-top-services.ts';
import { useServicesByType } from '../api/query-all-service-by-type.ts';
import { useSearchService } from '../api/search-service.ts';
import { servicesZhCN } from '../i18n.ts';
import { isModelConfig, modelWindowConfig } from '../lib/model-window.ts';
import { landingTenant } from '../lib/tenant.ts';
import { FallbackImage } from './fallback-image.tsx';
import { SearchBox } from './search-box.tsx';
import { PlainEmpty, ServiceGrid } from './service-grid.tsx';
import { ServiceIcon } from './service-icon.tsx';
import { useModelView } from './use-model-view.tsx';
import { useOpenService } from './use-open-service.ts';

import '../services.css';

// `/` paints outside the Ant Design layout (ADR 0042), which registers every feature's texts: this page brings its own.
addTexts(servicesZhCN, () => import('../i18n.en-US.ts').then((m) => m.servicesEnUS));

const SEARCH_PAGE_SIZE = 8;
const COUNT_FORMAT = new Intl.NumberFormat('en-US');
/** A statistic with thousands grouped (12,345), as Ant Design's Statistic showed it. */
const formatCount = (v: number | undefined) => (v === undefined ? '' : COUNT_FORMAT.format(v));

function GroupedServices({ tenantId, kind }: { tenantId: string; kind: GroupKind }) {
  const { t } = useTranslation();
  const groups = useServicesByType(tenantId, kind, LANDING_LIST_SIZE);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = groups.data ?? [];
  const active = list.find((g) => g.id === chosen) ?? list[0];
  const name = useId();
  // Until the groups arrive: a block the size of the real one, never an empty state that is not true.
  if (groups.isPending) return <PlainSkeleton rows={6} className="svc-landing-groups-skeleton" />;
  if (!list.length) return <PlainEmpty text={t('services.empty')} />;
  return (
    <div className="svc-landing-groups">
      {/* Native radios (arrow keys move between them) drawn as a row of buttons. */}
      <div
        role="radiogroup"
        className="svc-group-options"
        aria-label={t(kind === 'scene' ? 'services.byScene' : kind === 'dept' ? 'services.byDept' : 'services.byType')}
      >
        {list.map((g) => (
          <label key={g.id} className={g.id === active?.id ? 'svc-group-option active' : 'svc-group-option'}>
            <input
              type="radio"
              name={name}
              value={g.id}
              checked={g.id === active?.id}
              onChange={() => setChosen(g.id)}
            />
            {`${g.name} (${g.count})`}
          </label>
        ))}
      </div>
      <ServiceGrid services={active?.services ?? []} />
    </div>
  );
}

function RankList({
  title,
  services,
  loading,
  onOpen,
}: {
  title: string;
  services: ServiceItem[];
  loading: boolean;
  onOpen: (s: ServiceItem) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="svc-rank" aria-labelledby={headingId}>
      <h2 className="svc-card-heading" id={headingId}>
        {title}
      </h2>
      {loading ? (
        <PlainSkeleton rows={8} className="svc-rank-skeleton" />
      ) : services.length ? (
        <ol className="svc-rank-list">
          {services.map((s, i) => (
            <li key={s.serviceId}>
              <button type="button" className="svc-rank-name" onClick={() => onOpen(s)}>
                <span className="svc-rank-index">{i + 1}</span> {s.serviceName}
                <span className="svc-rank-dept">{s.serviceDeptName}</span>
              </button>
              <span className="svc-heat">{t('services.heatValue', { value: formatHeat(s.visitCount) })}</span>
            </li>
          ))}
        </ol>
      ) : (
        <PlainEmpty text={t('services.empty')} />
      )}
    </section>
  );
}

/** The landing navigation's links (the header's and the drawer's). */
function NavLinks({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const configured = useConfiguredText();
  const nav = useNavigationBars(tenantId);
  return (
    <>
      {(nav.data ?? []).map((n) =>
        n.url.startsWith('/') ? (
          <Link key={n.id} to={n.url}>
            {configured(n.name, n.nameEn)}
          </Link>
        ) : (
          <a key={n.id} href={n.url} target="_blank" rel="noopener noreferrer">
            {configured(n.name, n.nameEn)}
          </a>
        ),
      )}
      <Link to="/allServices">{t('services.allServices')}</Link>
    </>
  );
}

const STAT_KEYS = ['serviceCount', 'processCount', 'applicationCount', 'deptCount', 'visitCount'] as const;

function Statistics({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const stat = useStatisticData(tenantId);
  return (
    <section className="svc-landing-stats" aria-label={t('services.statistic.serviceCount')}>
      {STAT_KEYS.map((k) => (
        // Until the figures arrive each shows a skeleton of its size, never a '0' that is not true.
        <div key={k} className="svc-stat">
          <div className="svc-stat-title">{t(`services.statistic.${k}`)}</div>
          <div className="svc-stat-value">
            {stat.isPending ? <span className="svc-stat-skeleton" aria-hidden /> : formatCount(stat.data?.[k])}
          </div>
        </div>
      ))}
    </section>
  );
}

function TopServices({
  kind,
  tenantId,
  loggedIn,
  enabled,
}: {
  kind: 'newly' | 'heat';
  tenantId: string;
  loggedIn: boolean;
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const open = useOpenService();
  const top = useTopServices(kind, LANDING_LIST_SIZE, tenantId, loggedIn, enabled);
  return (
    <RankList
      title={t(kind === 'newly' ? 'services.newly' : 'services.popular')}
      services={top.data ?? []}
      loading={top.isPending}
      onOpen={(s) => void open(s)}
    />
  );
}

function Tools({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const tools = useTools(tenantId);
  const modelView = useModelView();
  // A tool's url is a plain url (a link) or a model window configuration (2.4, 4.6); hidden ones are not listed.
  const toolItems = (tools.data ?? [])
    .map((tool) => ({
      tool,
      model: isModelConfig(tool.tools_url) ? modelWindowConfig(tool.tools_url, tool.tools_name) : null,
    }))
    .filter((x) => !x.model?.hidden);
  return (
    <section className="svc-landing-section" aria-labelledby="svc-tools-title">
      <h2 id="svc-tools-title">{t('services.tools')}</h2>
      {tools.isPending ? (
        <PlainSkeleton rows={3} />
      ) : toolItems.length ? (
        <ul className="svc-tools">
          {toolItems.map(({ tool, model }) => (
            <li key={tool.id}>
              {model ? (
                <button type="button" className="svc-tool" onClick={() => void modelView.launch(model)}>
                  <ServiceIcon src={tool.tools_icon} size={36} />
                  <span>{tool.tools_name}</span>
                </button>
              ) : (
                <a href={tool.tools_url} target="_blank" rel="noopener noreferrer">
                  <ServiceIcon src={tool.tools_icon} size={36} />
                  <span>{tool.tools_name}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <PlainEmpty text={t('services.noRecommend')} />
      )}
      {modelView.element}
    </section>
  );
}

function SearchResults({ tenantId, loggedIn, keyword }: { tenantId: string; loggedIn: boolean; keyword: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const current = Number(params.get('current') ?? 1) || 1;
  const results = useSearchService({ keyword, current, size: SEARCH_PAGE_SIZE }, tenantId, loggedIn);
  return (
    <section className="svc-landing-section" aria-labelledby="svc-search-title">
      <h2 id="svc-search-title">{t('services.searchResult', { keyword, count: results.data?.total ?? 0 })}</h2>
      <ServiceGrid
        services={results.data?.records ?? []}
        total={results.data?.total}
        current={current}
        pageSize={SEARCH_PAGE_SIZE}
        onPage={(p) => setParams({ keyword, current: String(p) })}
        emptyText={t('services.noResult')}
      />
    </section>
  );
}

function Footer({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const footer = useFooterConfig(tenantId);
  return (
    <footer className="svc-landing-footer">
      {footer.data && (
        <>
          <div className="svc-footer-links">
            {footer.data.links.map((l) => (
              <a key={l.url} href={l.url} target="_blank" rel="noopener noreferrer">
                {l.name}
              </a>
            ))}
          </div>
          <div>
            {t('services.footerAddress', { value: footer.data.address })} ·{' '}
            {t('services.footerPhone', { value: footer.data.phone })} ·{' '}
            {t('services.footerEmail', { value: footer.data.email })}
          </div>
          <div>
            {footer.data.copyright} {footer.data.icp}
          </div>
        </>
      )}
    </footer>
  );
}

/**
 * '/' (advanceLanding): the pre-login landing page, entirely from the nobody calls. Each section asks for its own data,
 * so each answer re-renders only its section (issue 10: on a phone the page's main thread was busy re-rendering every
 * card for each of the nine answers).
 */
export function LandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The address's tenant as the router reads it: landingTenant() reads the window's, which the server has not (ADR 0061).
  const tenantId = params.get('tenantId') || landingTenant();
  // Under Ant Design's md breakpoint (768 px) the landing navigation moves into a drawer (services.css).
  const [menuOpen, setMenuOpen] = useState(false);
  const loggedIn = useSession((s) => !!s.token && !!s.user);
  const keyword = params.get('keyword') ?? '';
  const config = useLandingConfig(tenantId);
  // The administrator's display switches (pre-login configuration): a section switched off is neither shown nor
  // fetched. Until the configuration has answered every section keeps its place (skeletons), as before.
  const shown = (key: 'showScenes' | 'showDepts' | 'showTypes' | 'showNewly' | 'showPopular') =>
    config.data?.[key] !== false;
  const known = !config.isPending;
  const c = config.data;
  const configured = useConfiguredText();
  const browseTabs = useMemo(
    () =>
      (
        [
          ['showScenes', 'scene', 'services.byScene'],
          ['showDepts', 'dept', 'services.byDept'],
          ['showTypes', 'type', 'services.byType'],
        ] as const
      )
        .filter(([key]) => c?.[key] !== false)
        .map(([, kind, label]) => ({
          key: kind,
          label: t(label),
          children: <GroupedServices tenantId={tenantId} kind={kind} />,
        })),
    [c, t, tenantId],
  );
  const search = (k: string) => setParams(k ? { keyword: k } : {});

  return (
    <div className="svc-landing">
      <header className="svc-landing-header">
        <button
          type="button"
          className="plain-button plain-button-text svc-landing-menu-button"
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <div className="svc-landing-brand">
          <FallbackImage src={c?.logo} fallback="/favicon.svg" alt="" width={32} height={32} />
          <span className="svc-landing-brand-name">{c?.title}</span>
        </div>
        <nav className="svc-landing-nav" aria-label={t('services.landingNavigation')}>
          <NavLinks tenantId={tenantId} />
        </nav>
        <div className="svc-landing-tools">
          <LanguageSwitch />
          {loggedIn ? (
            <button
              type="button"
              className="plain-button plain-button-primary"
              onClick={() => navigate('/home/serviceHall')}
            >
              {t('services.enterHall')}
            </button>
          ) : (
            <button type="button" className="plain-button plain-button-primary" onClick={() => navigate('/login')}>
              {t('services.login')}
            </button>
          )}
        </div>
      </header>
      <PlainDrawer
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        title={c?.title ?? t('services.landingNavigation')}
      >
        <nav
          className="svc-landing-drawer-nav"
          aria-label={t('services.landingNavigation')}
          onClick={() => setMenuOpen(false)}
        >
          <NavLinks tenantId={tenantId} />
        </nav>
      </PlainDrawer>
      <main className="svc-landing-main">
        <section className="svc-landing-hero" aria-labelledby="svc-landing-title">
          <h1 id="svc-landing-title">
            {c ? (
              configured(c.title, c.titleEn)
            ) : (
              <span className="plain-skeleton-row svc-landing-title-skeleton" aria-hidden="true" />
            )}
          </h1>
          {c ? (
            c.subtitle && <p className="svc-landing-subtitle">{configured(c.subtitle, c.subtitleEn)}</p>
          ) : (
            <p className="svc-landing-subtitle">&nbsp;</p>
          )}
          <SearchBox
            value={keyword}
            onSearch={search}
            placeholder={c && configured(c.searchPlaceholder, c.searchPlaceholderEn)}
          />
        </section>

        {keyword && <SearchResults tenantId={tenantId} loggedIn={loggedIn} keyword={keyword} />}

        {c?.showStatistic !== false && <Statistics tenantId={tenantId} />}

        {browseTabs.length > 0 && (
          <section className="svc-landing-section" aria-labelledby="svc-browse-title">
            <h2 id="svc-browse-title">{t('services.allServices')}</h2>
            <PlainTabs items={browseTabs} label={t('services.allServices')} />
          </section>
        )}

        {(shown('showNewly') || shown('showPopular')) && (
          <div className="svc-landing-section svc-landing-ranks">
            {shown('showNewly') && <TopServices kind="newly" tenantId={tenantId} loggedIn={loggedIn} enabled={known} />}
            {shown('showPopular') && (
              <TopServices kind="heat" tenantId={tenantId} loggedIn={loggedIn} enabled={known} />
            )}
          </div>
        )}

        {c?.showTools !== false && <Tools tenantId={tenantId} />}
      </main>
      <Footer tenantId={tenantId} />
    </div>
  );
}
