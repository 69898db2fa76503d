import type { CardService, CardView, Layout, NewsItem, ToolItem } from '@portal/contracts/workbench';
import { actionOn } from '../../../lib/action-on.ts';
import { useConfiguredText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import { PlainTabs } from '../../../components/plain-tabs.tsx';
import { formatTenantTime } from '../../../lib/tenant-clock.ts';
import { useServiceActions } from '../lib/service-actions.ts';
import { AnnouncementCarousel } from './announcement-carousel.tsx';
import { NewsTitle } from './news-title.tsx';
import {
  announcementTime,
  dayLabel,
  formatCount,
  formatHeat,
  isNew,
  itemLimit,
  otherInfoLink,
  splitCommonUse,
  splitRecommend,
  toolsBodyHeight,
  toolsTabMaxWidth,
} from '../lib/display.ts';

type Props = { view: CardView; layout: Layout; now?: number };

/** An empty card body, said only once its data has arrived empty (plain, issue 10: the services' PlainEmpty look). */
export function EmptyState({ text }: { text: string }) {
  return <p className="plain-empty wb-empty">{text}</p>;
}

/** A small tag (Ant Design's Tag look, plain). */
export function WbTag({ children, red = false }: { children: React.ReactNode; red?: boolean }) {
  return <span className={red ? 'wb-tag wb-tag-red' : 'wb-tag'}>{children}</span>;
}

/**
 * A service on a card. With the services feature's actions (the home page) a click opens it exactly as a service
 * hall tile does — in the page (1001), in a sized window (1002), in a new tab (1003), with accessWay 5's combStr,
 * and logged; the href stays for what a link tells a screen reader and a hover.
 */
export function ServiceLink({
  s,
  children,
  className,
  label,
}: {
  s: CardService;
  children: React.ReactNode;
  className?: string;
  /** The link's accessible name, when its text alone (在线办理) does not say which service it opens. */
  label?: string;
}) {
  const actions = useServiceActions();
  return (
    <a
      className={className}
      aria-label={label}
      href={s.serviceUrl || '#'}
      target="_blank"
      rel="noreferrer noopener"
      onClick={
        actions
          ? (e) => {
              e.preventDefault();
              actions.open(s);
            }
          : undefined
      }
    >
      {children}
    </a>
  );
}

/**
 * A service's or tool's icon (36 px). Loaded when it comes near the screen: a phone's home page holds about 20 under
 * its first screen, which would otherwise share the slow network with the first screen's own calls (issue 10).
 */
export function Icon({ name, src }: { name: string; src?: string }) {
  return src ? (
    <img className="wb-icon" src={src} alt="" width={36} height={36} loading="lazy" decoding="async" />
  ) : (
    <span className="wb-icon" aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}

/** To-do: columns with counts (99+) and time-out counts. */
function WaitHandle({ view }: Props) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  if (!view.list.length) return <EmptyState text={t('workbench.empty')} />;
  return (
    <ul className="wb-todo">
      {view.list.map((c) => (
        <li key={c.id} className={c.remind ? 'wb-remind' : undefined}>
          <div className="wb-todo-name">
            {text(c.columnName, c.columnNameEn)}
            {c.remind && <span className="wb-remind-flag"> {t('workbench.remind')}</span>}
          </div>
          <div className="wb-todo-num" data-testid="todo-num">
            {formatCount(c.todoNum)}
          </div>
          <div className="wb-todo-sub">
            {text(c.todoTypeName, c.todoTypeNameEn)}
            {c.todoTimeoutNum > 0 && (
              <span className="wb-timeout">
                {' '}
                {c.todoTimeoutName ? text(c.todoTimeoutName, c.todoTimeoutNameEn) : t('workbench.timeout')}{' '}
                {formatCount(c.todoTimeoutNum)}
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Business express: service icons, the row count (1–3) limits the visible items. */
function BusinessExpress({ view, layout }: Props) {
  const { t } = useTranslation();
  const items = view.services.slice(0, itemLimit(view.basicConfig.displayRows, layout));
  if (!items.length) return <EmptyState text={t('workbench.empty')} />;
  return (
    <ul className={`wb-grid wb-grid-${layout}`}>
      {items.map((s) => (
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

/** Personal matters: status colours from currentStatusBackgroundColor. */
function PersonalMatters({ view }: Props) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  const rows = view.list.flatMap((c) => c.result) as Array<{
    id: string;
    title: string;
    status: string;
    createTime: string;
  }>;
  if (!rows.length) return <EmptyState text={t('workbench.empty')} />;
  const statusOf = (s: string) => view.currentStatusBackgroundColor.find((c) => c.typeName === s);
  const color = (s: string) => statusOf(s)?.colorVal;
  return (
    <ul className="wb-list">
      {rows.slice(0, itemLimit(view.basicConfig.displayRows, 'separate')).map((r) => (
        <li key={r.id}>
          <span className="wb-list-title">{r.title}</span>
          <span className="wb-status">
            <span className="wb-dot" style={{ background: color(r.status) ?? '#8c8c8c' }} aria-hidden="true" />
            {text(r.status, statusOf(r.status)?.typeNameEn)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A date, or a date and time, as a card's cell shows it (2026-11-30, 2026-11-30 09:17). */
const DATE_TEXT = /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/;

/**
 * A to-do column's rows as a plain table (issue 10: Ant Design's Table brought its filters' Tree, Select, Dropdown and
 * Pagination into the home page's first part, about 100 KB gzip, for a list of at most a few dozen rows). It scrolls
 * sideways inside its card on a phone.
 */
function TodoRows({
  rows,
  mapping,
}: {
  rows: Array<Record<string, unknown>>;
  mapping: Array<{ field: string; chineseName: string; chineseNameEn?: string }>;
}) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  // A to-do's arrival is a moment (the portal's own are ISO in UTC): its day is the tenant's, not the UTC day.
  const cell = (field: string, v: unknown) =>
    field === 'createTime' && typeof v === 'string' && !Number.isNaN(Date.parse(v))
      ? formatTenantTime(v, 'YYYY-MM-DD')
      : String(v ?? '');
  // The row's name (its title, else the first column) takes the width the other columns leave and ends in an ellipsis,
  // the whole of it in its title; a date never breaks ("2026-11-" over "30").
  const main = mapping.some((m) => m.field === 'title') ? 'title' : mapping[0]?.field;
  return (
    <div className="wb-table-wrap">
      <table className="wb-table">
        <thead>
          <tr>
            {mapping.map((m) => (
              <th key={m.field} scope="col">
                {text(m.chineseName, m.chineseNameEn) || m.field}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length ? (
            rows.map((r, i) => (
              <tr key={String(r.id ?? i)}>
                {mapping.map((m) => {
                  const text = cell(m.field, r[m.field]);
                  if (m.field === main)
                    return (
                      <td key={m.field} className="wb-table-main" title={text}>
                        {text}
                      </td>
                    );
                  return (
                    <td key={m.field} className={DATE_TEXT.test(text) ? 'wb-table-date' : undefined}>
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={mapping.length} className="wb-table-empty">
                {t('workbench.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** To-do table: one tab per column, fields from cardMapping. */
function TodoTable({ view }: Props) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  if (!view.list.length) return <EmptyState text={t('workbench.empty')} />;
  return (
    <PlainTabs
      label={text(view.basicConfig.cardName, view.basicConfig.cardNameEn)}
      items={view.list.map((c) => ({
        key: c.id,
        label: (
          <span>
            {text(c.columnName, c.columnNameEn)}
            {/* As Ant Design's Badge: no count shown at 0. */}
            {c.num > 0 && <span className="wb-badge"> {formatCount(c.num)}</span>}
          </span>
        ),
        children: c.error ? (
          <EmptyState text={c.error} />
        ) : (
          <TodoRows
            rows={c.result.slice(0, 5 * view.basicConfig.displayRows)}
            mapping={
              c.cardMapping.length ? c.cardMapping : [{ field: 'title', chineseName: '标题', chineseNameEn: 'Title' }]
            }
          />
        ),
      }))}
    />
  );
}

/** Favourites: the empty state is the prompt linking to the service hall or the flow/apply service centers (2.3). */
function MyCollection({ view, layout }: Props) {
  const { t } = useTranslation();
  if (!view.services.length) {
    // The prompt alone, in the empty state's place: not a generic "no data" above it.
    return (
      <p className="plain-empty wb-empty wb-empty-favourites">
        {t('workbench.favouritesEmpty')} <Link to="/home/serviceHall">{t('workbench.serviceHall')}</Link> ·{' '}
        <Link to="/home/processServiceCenter">{t('workbench.flowCenter')}</Link> ·{' '}
        <Link to="/home/applicationServiceCenter">{t('workbench.applyCenter')}</Link>
      </p>
    );
  }
  return <BusinessExpress view={view} layout={layout} />;
}

function NewsList({ items, now }: { items: NewsItem[]; now?: number }) {
  const { t } = useTranslation();
  if (!items.length) return <EmptyState text={t('workbench.empty')} />;
  return (
    <ul className="wb-list">
      {items.map((n) => (
        <li key={n.id}>
          {n.important && <WbTag red>{t('workbench.important')}</WbTag>}
          <NewsTitle item={n} />
          {isNew(n.releaseTime, now) && <span className="wb-new">{t('workbench.new')}</span>}
          <span className="wb-date">{formatTenantTime(n.releaseTime, 'MM-DD')}</span>
        </li>
      ))}
    </ul>
  );
}

/** Campus news: tabs per column, NEW under one day, important marker. */
function CampusNews({ view, now }: Props) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  const rows = view.basicConfig.displayRows;
  if (!view.list.length) return <EmptyState text={t('workbench.empty')} />;
  return (
    <PlainTabs
      label={text(view.basicConfig.cardName, view.basicConfig.cardNameEn)}
      items={view.list.map((c) => ({
        key: c.id,
        label: text(c.columnName, c.columnNameEn),
        children: <NewsList items={(c.result as NewsItem[]).slice(0, rows * 3)} now={now} />,
      }))}
    />
  );
}

/** Common tools: tab strip of tool types and a grid of icons; body 258 px at 3 rows else 180 px. */
function CommonTools({ view, layout }: Props) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  /** A tool type's tab name: the typeList entry's English when it has one. */
  const typeLabel = (type: string) => {
    const entry = view.typeList.find((x) => x.name === type);
    return entry ? text(entry.name, entry.nameEn) : type;
  };
  const types = view.typeList.length
    ? view.typeList.map((x) => x.name)
    : [...new Set(view.tools.map((x) => x.tools_type))];
  const height = toolsBodyHeight(view.basicConfig.displayRows);
  const grid = (tools: ToolItem[]) =>
    tools.length ? (
      <ul className={`wb-grid wb-grid-${layout}`}>
        {tools.slice(0, itemLimit(view.basicConfig.displayRows, layout)).map((x) => (
          <li key={x.id}>
            <a className="wb-grid-item" href={x.tools_url} target="_blank" rel="noreferrer noopener">
              <Icon name={x.tools_name} src={x.tools_icon} />
              <span>{x.tools_name}</span>
            </a>
          </li>
        ))}
      </ul>
    ) : (
      <EmptyState text={t('workbench.emptyRecommend')} />
    );
  if (!view.tools.length)
    return (
      <div className="wb-tools-body" data-testid="tools-body" style={{ height }}>
        <EmptyState text={t('workbench.emptyRecommend')} />
      </div>
    );
  return (
    <div style={{ maxWidth: toolsTabMaxWidth(layout) }} data-testid="tools-tabs">
      <PlainTabs
        label={text(view.basicConfig.cardName, view.basicConfig.cardNameEn)}
        items={types.map((type) => ({
          key: type,
          label: typeLabel(type),
          children: (
            <div className="wb-tools-body" data-testid="tools-body" style={{ height }}>
              {grid(view.tools.filter((x) => x.tools_type === type))}
            </div>
          ),
        }))}
      />
    </div>
  );
}

/** Recommend for you: top 3 highlighted with heat (9999999+), then a numbered list. */
function Recommend({ view }: Props) {
  const { t } = useTranslation();
  if (!view.services.length) return <EmptyState text={t('workbench.emptyRecommend')} />;
  const { top, rest } = splitRecommend(view.services);
  return (
    <div className="wb-recommend">
      <ol className="wb-recommend-top">
        {top.map((s, i) => (
          <li key={s.serviceId}>
            <ServiceLink s={s} className={`wb-recommend-tile wb-rank-${i + 1}`}>
              <span className="wb-recommend-name">{s.serviceName}</span>
              <span className="wb-heat">
                {t('workbench.heat')} {formatHeat(s.visitCount)}
              </span>
            </ServiceLink>
          </li>
        ))}
      </ol>
      <ol className="wb-recommend-rest" start={top.length + 1}>
        {rest.map((s, i) => (
          <li key={s.serviceId}>
            <span className="wb-rank-no" aria-hidden="true">
              {top.length + i + 1}
            </span>
            <ServiceLink s={s}>{s.serviceName}</ServiceLink>
            <span className="wb-heat">{formatHeat(s.visitCount)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function UseItem({ s, index, big }: { s: CardService; index: number; big: boolean }) {
  const { t } = useTranslation();
  const actions = useServiceActions();
  const go = s.processType === 'OFFLINE' ? t('workbench.offline') : t('workbench.online');
  return (
    <li className={big ? 'wb-use-big' : 'wb-use-small'}>
      {s.labelName && <span className="wb-label">{s.labelName}</span>}
      <span className="wb-use-index">{index}</span>
      <Icon name={s.serviceName} src={s.serviceIcon} />
      <span className="wb-use-name">{s.serviceName}</span>
      <span className="wb-use-scene">{s.serviceSceneName}</span>
      <ServiceLink s={s} className="wb-use-button" label={actionOn(go, s.serviceName)}>
        {go}
      </ServiceLink>
      {/* In the card preview (no actions) the button shows where it will be, disabled. */}
      {s.hasGuide && (
        <button
          type="button"
          className="plain-link wb-guide-button"
          disabled={!actions}
          onClick={() => actions?.openGuide(s)}
          aria-label={actionOn(t('workbench.guide'), s.serviceName)}
        >
          {t('workbench.guide')}
        </button>
      )}
    </li>
  );
}

/** Common use: tabs by scene; 3 (wide) or 2 (narrow) big items plus up to 3 small ones. */
function CommonUse({ view, layout }: Props) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  const sceneLabel = (scene: string) => {
    const entry = view.typeList.find((x) => (x.serviceSceneName || x.name) === scene);
    return entry ? text(entry.name, entry.nameEn) : scene;
  };
  const scenes = view.typeList.length
    ? view.typeList.map((x) => x.serviceSceneName || x.name)
    : [...new Set(view.services.map((s) => s.serviceSceneName))];
  if (!view.services.length || !scenes.length) return <EmptyState text={t('workbench.empty')} />;
  return (
    <PlainTabs
      label={text(view.basicConfig.cardName, view.basicConfig.cardNameEn)}
      items={scenes.map((scene) => {
        const { big, small } = splitCommonUse(
          view.services.filter((s) => s.serviceSceneName === scene),
          layout,
        );
        return {
          key: scene,
          label: sceneLabel(scene),
          children: big.length ? (
            <div className="wb-use">
              <ul className="wb-use-left">
                {big.map((s, i) => (
                  <UseItem key={s.serviceId} s={s} index={i + 1} big />
                ))}
              </ul>
              <ul className="wb-use-right">
                {small.map((s, i) => (
                  <UseItem key={s.serviceId} s={s} index={big.length + i + 1} big={false} />
                ))}
              </ul>
            </div>
          ) : (
            <EmptyState text={t('workbench.empty')} />
          ),
        };
      })}
    />
  );
}

/** Important announcement: carousel plus list; 今天 / 昨天 / month-day. */
function Announcement({ view, now }: Props) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  const items = view.news;
  if (!items.length) return <EmptyState text={t('workbench.empty')} />;
  const label = (n: NewsItem) => {
    const d = dayLabel(announcementTime(n, view.dataSource), now);
    return d.key ? t(`workbench.${d.key}`) : d.text;
  };
  return (
    <div className="wb-announcement">
      <AnnouncementCarousel
        label={text(view.basicConfig.cardName, view.basicConfig.cardNameEn)}
        slides={items.slice(0, 3).map((n) => ({
          key: n.id,
          content: (
            <>
              {n.fieldSet && <WbTag>{n.fieldSet}</WbTag>}
              <span>{n.title}</span>
            </>
          ),
        }))}
      />
      <ul className="wb-list">
        {items.slice(0, view.basicConfig.displayRows * 3).map((n) => (
          <li key={n.id}>
            {n.fieldSet && <WbTag>{n.fieldSet}</WbTag>}
            <NewsTitle item={n} />
            <span className="wb-date" data-testid="announcement-date">
              {label(n)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const BODIES: Record<CardView['cardType'], (p: Props) => React.ReactNode> = {
  waitHandle: WaitHandle,
  businessExpress: BusinessExpress,
  personalMatters: PersonalMatters,
  todoTable: TodoTable,
  myCollection: MyCollection,
  campusNews: CampusNews,
  commonTools: CommonTools,
  recommend: Recommend,
  commonUse: CommonUse,
  announcement: Announcement,
};

/**
 * A card's otherInformationList (section 3 card configuration): links for url values, 'label：value' for the
 * rest. Shown in the card header.
 */
export function CardOtherInfo({ items }: { items: CardView['otherInformationList'] }) {
  const { t } = useTranslation();
  const text = useConfiguredText();
  if (!items.length) return null;
  return (
    <ul className="wb-other-info">
      {items.map((x, i) => {
        const href = otherInfoLink(x.value);
        return (
          <li key={`${x.label}-${i}`}>
            {href ? (
              <a href={href} target={href.startsWith('/') ? undefined : '_blank'} rel="noreferrer noopener">
                {text(x.label, x.labelEn)}
              </a>
            ) : (
              <span>
                {text(x.label, x.labelEn)}
                {t('app.colon')}
                {x.value}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The body of one of the ten card types. */
export function CardBody(props: Props) {
  const Body = BODIES[props.view.cardType];
  return <Body {...props} />;
}
