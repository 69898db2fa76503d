import type { GroupKind, ServiceGroup } from '@portal/contracts/services';
import { Radio, Skeleton, Typography } from 'antd';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session/session-store.ts';
import { useServiceGroups } from '../api/get-service-groups.ts';
import { useServiceHallList } from '../api/get-service-page.ts';
import { FavouritesPanel } from './favourites-panel.tsx';
import { SearchBox } from './search-box.tsx';
import { ServiceGrid } from './service-grid.tsx';

import '../services.css';

const PAGE_SIZE = 12;
const TITLES = {
  '': 'services.serviceHallTitle',
  APPLICATION: 'services.applicationTitle',
  PROCESS: 'services.processTitle',
} as const;
const FILTERS: Array<{ kind: GroupKind; param: 'deptId' | 'sceneId' | 'typeId'; label: string }> = [
  { kind: 'dept', param: 'deptId', label: 'services.filterDept' },
  { kind: 'scene', param: 'sceneId', label: 'services.filterScene' },
  { kind: 'type', param: 'typeId', label: 'services.filterType' },
];
const KINDS = FILTERS.map((f) => f.kind);

function GroupFilter({
  label,
  groups,
  value,
  onChange,
}: {
  label: string;
  groups: ServiceGroup[];
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const id = `svc-filter-${label.replace(/\W/g, '')}`;
  return (
    <div className="svc-filter">
      <span className="svc-filter-label" id={id}>
        {t(label)}
      </span>
      <Radio.Group
        aria-labelledby={id}
        optionType="button"
        size="small"
        value={value}
        onChange={(e) => onChange(e.target.value as string)}
        options={[
          { value: '', label: t('services.filterAll') },
          ...groups.filter((g) => g.count > 0).map((g) => ({ value: g.id, label: `${g.name} (${g.count})` })),
        ]}
      />
    </div>
  );
}

/**
 * The service hall (serviceType ''), the application and process service centers, and allServices:
 * filters by department, scene and type, search with hot words and pinyin, cards, paging; favourites beside.
 */
export function ServiceHallPage({
  serviceType,
  landing = false,
}: {
  serviceType: '' | 'APPLICATION' | 'PROCESS';
  landing?: boolean;
}) {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => !!s.token && !!s.user);
  const [params, setParams] = useSearchParams();
  const title = landing ? t('services.allServices') : t(TITLES[serviceType]);
  const keyword = params.get('keyword') ?? '';
  const current = Number(params.get('current') ?? 1) || 1;
  const filter = {
    deptId: params.get('deptId') ?? '',
    sceneId: params.get('sceneId') ?? '',
    typeId: params.get('typeId') ?? '',
  };
  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries({ current: '', ...patch })) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };

  const groups = useServiceGroups(KINDS, serviceType, loggedIn);
  const list = useServiceHallList({ serviceType, keyword, filter, current, size: PAGE_SIZE }, loggedIn);

  return (
    <div className={landing ? 'svc-hall svc-hall-landing' : 'svc-hall'}>
      <div className="svc-hall-main">
        <Typography.Title level={1} className="svc-page-title">
          {title}
        </Typography.Title>
        {/* A search covers every department, scene and type (searchService takes no filter): the filters chosen
            before leave the address with it, and are back at 全部 when the search is cleared. */}
        <SearchBox
          value={keyword}
          onSearch={(k) => update({ keyword: k, deptId: '', sceneId: '', typeId: '' })}
          size="middle"
        />
        {!keyword && (
          <div className="svc-filters">
            {/* The three filters come in one call: if it failed, one failure for them (their 全部 alone would hide
                that there are departments, scenes and types to choose from). */}
            {groups.isError ? (
              <LoadFailed name={t('services.filters')} onRetry={() => void groups.refetch()} />
            ) : (
              FILTERS.map((f) => (
                <GroupFilter
                  key={f.kind}
                  label={f.label}
                  groups={groups.data?.[f.kind] ?? []}
                  value={filter[f.param]}
                  onChange={(v) => update({ [f.param]: v })}
                />
              ))
            )}
          </div>
        )}
        {keyword && list.data && (
          <p className="svc-result-line" role="status">
            {t('services.searchResult', { keyword, count: list.data.total })}
          </p>
        )}
        {list.isError ? (
          // Not the empty state: the services did not come, which is not that there are none.
          <LoadFailed name={title} onRetry={() => void list.refetch()} />
        ) : list.isLoading ? (
          // Cards the size of the real ones while the first page loads, so nothing below them jumps.
          <div className="svc-grid" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="svc-card svc-card-skeleton">
                <Skeleton active avatar={{ shape: 'square' }} paragraph={{ rows: 2 }} />
              </div>
            ))}
          </div>
        ) : (
          <ServiceGrid
            services={list.data?.records ?? []}
            total={list.data?.total}
            current={current}
            pageSize={PAGE_SIZE}
            onPage={(c) => update({ current: String(c) })}
            emptyText={keyword ? t('services.noResult') : undefined}
          />
        )}
      </div>
      {loggedIn && !landing && (
        <aside className="svc-hall-side" aria-label={t('services.myFavourites')}>
          <FavouritesPanel />
        </aside>
      )}
    </div>
  );
}
