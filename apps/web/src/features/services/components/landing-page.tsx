import { formatHeat } from '@portal/contracts/constants';
import type { GroupKind, ServiceItem } from '@portal/contracts/services';
import { MenuOutlined } from '@ant-design/icons';
import { Button, Card, Col, Drawer, Empty, Grid, List, Radio, Row, Skeleton, Statistic, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { useSession } from '../../../lib/session/session-store.ts';
import { useFooterConfig } from '../api/get-footer-config.ts';
import { useLandingConfig } from '../api/get-landing-config.ts';
import { useNavigationBars } from '../api/get-navigation-bars.ts';
import { useStatisticData } from '../api/get-statistic-data.ts';
import { useTools } from '../api/get-tools.ts';
import { useTopServices } from '../api/get-top-services.ts';
import { useServicesByType } from '../api/query-all-service-by-type.ts';
import { useSearchService } from '../api/search-service.ts';
import { isModelConfig, modelWindowConfig } from '../lib/model-window.ts';
import { landingTenant } from '../lib/tenant.ts';
import { FallbackImage } from './fallback-image.tsx';
import { SearchBox } from './search-box.tsx';
import { ServiceGrid } from './service-grid.tsx';
import { ServiceIcon } from './service-icon.tsx';
import { useModelView } from './use-model-view.tsx';
import { useOpenService } from './use-open-service.ts';

import '../services.css';

const SEARCH_PAGE_SIZE = 8;

function GroupedServices({ tenantId, kind }: { tenantId: string; kind: GroupKind }) {
  const { t } = useTranslation();
  const groups = useServicesByType(tenantId, kind, 8);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = groups.data ?? [];
  const active = list.find((g) => g.id === chosen) ?? list[0];
  // Until the groups arrive: a block the size of the real one, never an empty state that is not true.
  if (groups.isPending)
    return <Skeleton active title={false} paragraph={{ rows: 6 }} className="svc-landing-groups-skeleton" />;
  if (!list.length) return <Empty description={t('services.empty')} />;
  return (
    <div className="svc-landing-groups">
      <Radio.Group
        aria-label={t(kind === 'scene' ? 'services.byScene' : kind === 'dept' ? 'services.byDept' : 'services.byType')}
        optionType="button"
        size="small"
        value={active?.id}
        onChange={(e) => setChosen(e.target.value as string)}
        options={list.map((g) => ({ value: g.id, label: `${g.name} (${g.count})` }))}
      />
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
  return (
    <Card
      title={
        <Typography.Title level={2} className="svc-card-heading">
          {title}
        </Typography.Title>
      }
      size="small"
    >
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 8, width: '100%' }} className="svc-rank-skeleton" />
      ) : (
        <List
          size="small"
          dataSource={services}
          locale={{ emptyText: t('services.empty') }}
          renderItem={(s, i) => (
            <List.Item
              extra={<span className="svc-heat">{t('services.heatValue', { value: formatHeat(s.visitCount) })}</span>}
            >
              <button type="button" className="svc-rank-name" onClick={() => onOpen(s)}>
                <span className="svc-rank-index">{i + 1}</span> {s.serviceName}
                <span className="svc-rank-dept">{s.serviceDeptName}</span>
              </button>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** '/' (advanceLanding): the pre-login landing page, entirely from the nobody calls. */
export function LandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tenantId = landingTenant();
  // Under Ant Design's md breakpoint the landing navigation moves into a drawer.
  const compact = Grid.useBreakpoint().md === false;
  const [menuOpen, setMenuOpen] = useState(false);
  const loggedIn = useSession((s) => !!s.token && !!s.user);
  const open = useOpenService();
  const modelView = useModelView();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const current = Number(params.get('current') ?? 1) || 1;
  const config = useLandingConfig(tenantId);
  const footer = useFooterConfig(tenantId);
  const stat = useStatisticData(tenantId);
  const nav = useNavigationBars(tenantId);
  const tools = useTools(tenantId);
  // The administrator's display switches (pre-login configuration): a section switched off is neither shown nor
  // fetched. Until the configuration has answered every section keeps its place (skeletons), as before.
  const shown = (key: 'showScenes' | 'showDepts' | 'showTypes' | 'showNewly' | 'showPopular') =>
    config.data?.[key] !== false;
  const known = !config.isPending;
  const newly = useTopServices('newly', 8, tenantId, loggedIn, known && shown('showNewly'));
  const popular = useTopServices('heat', 8, tenantId, loggedIn, known && shown('showPopular'));
  const results = useSearchService({ keyword, current, size: SEARCH_PAGE_SIZE }, tenantId, loggedIn);
  const c = config.data;
  const browseTabs = [
    shown('showScenes') && {
      key: 'scene',
      label: t('services.byScene'),
      children: <GroupedServices tenantId={tenantId} kind="scene" />,
    },
    shown('showDepts') && {
      key: 'dept',
      label: t('services.byDept'),
      children: <GroupedServices tenantId={tenantId} kind="dept" />,
    },
    shown('showTypes') && {
      key: 'type',
      label: t('services.byType'),
      children: <GroupedServices tenantId={tenantId} kind="type" />,
    },
  ].filter((x) => x !== false);
  // A tool's url is a plain url (a link) or a model window configuration (2.4, 4.6); hidden ones are not listed.
  const toolItems = (tools.data ?? [])
    .map((tool) => ({
      tool,
      model: isModelConfig(tool.tools_url) ? modelWindowConfig(tool.tools_url, tool.tools_name) : null,
    }))
    .filter((x) => !x.model?.hidden);
  const search = (k: string) => setParams(k ? { keyword: k } : {});
  const statItems = [
    ['serviceCount', stat.data?.serviceCount],
    ['processCount', stat.data?.processCount],
    ['applicationCount', stat.data?.applicationCount],
    ['deptCount', stat.data?.deptCount],
    ['visitCount', stat.data?.visitCount],
  ] as const;

  const navLinks = (
    <>
      {(nav.data ?? []).map((n) =>
        n.url.startsWith('/') ? (
          <Link key={n.id} to={n.url}>
            {n.name}
          </Link>
        ) : (
          <a key={n.id} href={n.url} target="_blank" rel="noopener noreferrer">
            {n.name}
          </a>
        ),
      )}
      <Link to="/allServices">{t('services.allServices')}</Link>
    </>
  );

  return (
    <div className="svc-landing">
      <header className="svc-landing-header">
        {compact && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('nav.openMenu')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          />
        )}
        <div className="svc-landing-brand">
          <FallbackImage src={c?.logo} fallback="/favicon.svg" alt="" width={32} height={32} />
          <span className="svc-landing-brand-name">{c?.title}</span>
        </div>
        {!compact && (
          <nav className="svc-landing-nav" aria-label={t('services.landingNavigation')}>
            {navLinks}
          </nav>
        )}
        <div className="svc-landing-tools">
          <LanguageSwitch />
          {loggedIn ? (
            <Button type="primary" onClick={() => navigate('/home/serviceHall')}>
              {t('services.enterHall')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('services.login')}
            </Button>
          )}
        </div>
      </header>
      {compact && (
        <Drawer
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          placement="left"
          size={280}
          title={c?.title}
          closeIcon={<span aria-label={t('nav.closeMenu')}>✕</span>}
        >
          <nav
            className="svc-landing-drawer-nav"
            aria-label={t('services.landingNavigation')}
            onClick={() => setMenuOpen(false)}
          >
            {navLinks}
          </nav>
        </Drawer>
      )}
      <main className="svc-landing-main">
        <section className="svc-landing-hero" aria-labelledby="svc-landing-title">
          <Typography.Title level={1} id="svc-landing-title">
            {c ? c.title : <Skeleton.Input active size="large" className="svc-landing-title-skeleton" />}
          </Typography.Title>
          {c ? (
            c.subtitle && <p className="svc-landing-subtitle">{c.subtitle}</p>
          ) : (
            <p className="svc-landing-subtitle">&nbsp;</p>
          )}
          <SearchBox value={keyword} onSearch={search} placeholder={c?.searchPlaceholder} />
        </section>

        {keyword && (
          <section className="svc-landing-section" aria-labelledby="svc-search-title">
            <Typography.Title level={2} id="svc-search-title">
              {t('services.searchResult', { keyword, total: results.data?.total ?? 0 })}
            </Typography.Title>
            <ServiceGrid
              services={results.data?.records ?? []}
              total={results.data?.total}
              current={current}
              pageSize={SEARCH_PAGE_SIZE}
              onPage={(p) => setParams({ keyword, current: String(p) })}
              emptyText={t('services.noResult')}
            />
          </section>
        )}

        {c?.showStatistic !== false && (
          <section className="svc-landing-stats" aria-label={t('services.statistic.serviceCount')}>
            {statItems.map(([k, v]) => (
              // Until the figures arrive each shows a skeleton of its size, never a '0' that is not true.
              <Statistic
                key={k}
                title={t(`services.statistic.${k}`)}
                value={v ?? ''}
                valueRender={(node) => (stat.isPending ? <span className="svc-stat-skeleton" aria-hidden /> : node)}
              />
            ))}
          </section>
        )}

        {browseTabs.length > 0 && (
          <section className="svc-landing-section" aria-labelledby="svc-browse-title">
            <Typography.Title level={2} id="svc-browse-title">
              {t('services.allServices')}
            </Typography.Title>
            <Tabs items={browseTabs} />
          </section>
        )}

        {(shown('showNewly') || shown('showPopular')) && (
          <Row gutter={16} className="svc-landing-section">
            {shown('showNewly') && (
              <Col xs={24} md={shown('showPopular') ? 12 : 24}>
                <RankList
                  title={t('services.newly')}
                  services={newly.data ?? []}
                  loading={newly.isPending}
                  onOpen={(s) => void open(s)}
                />
              </Col>
            )}
            {shown('showPopular') && (
              <Col xs={24} md={shown('showNewly') ? 12 : 24}>
                <RankList
                  title={t('services.popular')}
                  services={popular.data ?? []}
                  loading={popular.isPending}
                  onOpen={(s) => void open(s)}
                />
              </Col>
            )}
          </Row>
        )}

        {c?.showTools !== false && (
          <section className="svc-landing-section" aria-labelledby="svc-tools-title">
            <Typography.Title level={2} id="svc-tools-title">
              {t('services.tools')}
            </Typography.Title>
            {tools.isPending ? (
              <Skeleton active title={false} paragraph={{ rows: 3 }} />
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
              <Empty description={t('services.noRecommend')} />
            )}
          </section>
        )}
      </main>
      {modelView.element}
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
    </div>
  );
}
