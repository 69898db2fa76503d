import type { FilterNodeT, Granularity, ReportBlock, ReportRow, TrendPoint } from '@portal/contracts/efficiency';
import { Alert, Button, Card, Col, DatePicker, Form, Radio, Row, Select, Space, Spin, Statistic, Tag } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { serverText, useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';
import type { Filter } from '../api/efficiency-call.ts';
import { useDeptTree } from '../api/get-dept-tree.ts';
import { useExistReport } from '../api/get-exist-report.ts';
import { useHeat } from '../api/get-heat.ts';
import { useLikes } from '../api/get-likes.ts';
import { useOaOverview } from '../api/get-oa-overview.ts';
import { useOverview } from '../api/get-overview.ts';
import { usePersonalDetail } from '../api/get-personal-detail.ts';
import { usePersonalReport } from '../api/get-personal-report.ts';
import { useReportConfig } from '../api/get-report-config.ts';
import { useReportDrill } from '../api/get-report-drill.ts';
import { useReportTable } from '../api/get-report-table.ts';
import { useSceneTree } from '../api/get-scene-tree.ts';
import { useTimeoutNodes } from '../api/get-timeout-nodes.ts';
import { useTimeoutProcesses } from '../api/get-timeout-processes.ts';
import { useTrend } from '../api/get-trend.ts';
import {
  defaultRange,
  formatHours,
  formatRate,
  formatTime,
  formatVisits,
  rangeError,
  trendTotals,
} from '../lib/format.ts';
import { EfficiencyTheme } from './efficiency-theme.tsx';
import { clearable } from '../../../components/clearable.tsx';
import { LoadFailed, refetchFailed } from '../../../components/load-failed.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';

/** Hours with their unit (12.5 小时 / 12.5 h), in the overviews and in every table alike; a dash for none. */
const hoursText = (t: TFunction, h: number | null | undefined) =>
  h === null || h === undefined ? '—' : t('efficiency.hours', { value: formatHours(h) });

const TrendChart = lazy(() => import('./trend-chart.tsx'));

const RANKING_LIMIT = 10;
const headingStyle = { fontSize: 16, margin: 0 } as const;

function Section({
  id,
  title,
  children,
  extra,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  extra?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`eff-${id}`}>
      <Card
        title={
          <h2 id={`eff-${id}`} style={headingStyle}>
            {title}
          </h2>
        }
        extra={extra}
        style={{ marginBottom: 16 }}
      >
        {children}
      </Card>
    </section>
  );
}

function Loading() {
  const { t } = useTranslation();
  return <Spin aria-label={t('efficiency.loading')} />;
}

/**
 * A block's figures: each under its title in the grid it has once its data is here, so nothing moves when it arrives
 * (issue 10). Until then each figure is a grey bar on a line of the figure's own size, and the grid is busy.
 */
function StatisticGrid({
  items,
  keys,
  lg,
  testIdPrefix,
}: {
  items: Array<[string, React.ReactNode]> | null;
  keys: readonly string[];
  lg: number;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const values = new Map(items ?? []);
  return (
    <Row
      gutter={[16, 16]}
      role="list"
      aria-busy={items ? undefined : true}
      aria-label={items ? undefined : t('efficiency.loading')}
    >
      {keys.map((k) => (
        <Col key={k} xs={12} sm={8} md={6} lg={lg} role="listitem" data-testid={`${testIdPrefix}-${k}`}>
          {items ? (
            <Statistic title={t(`efficiency.${k}`)} value={String(values.get(k))} />
          ) : (
            <Statistic
              title={t(`efficiency.${k}`)}
              value={'\u00a0'}
              valueRender={(node) => <span className="pending-line">{node}</span>}
            />
          )}
        </Col>
      ))}
    </Row>
  );
}

const OVERVIEW_KEYS = [
  'serviceCount',
  'processServiceCount',
  'visitCount',
  'started',
  'finished',
  'running',
  'overdue',
  'onTimeRate',
  'avgHours',
] as const;

function OverviewBlock({ filter }: { filter: Filter }) {
  const { t } = useTranslation();
  const q = useOverview(filter);
  const o = q.data;
  const items: Array<[string, React.ReactNode]> | null = o
    ? [
        ['serviceCount', o.serviceCount],
        ['processServiceCount', o.processServiceCount],
        ['visitCount', formatVisits(o.visitCount)],
        ['started', o.started],
        ['finished', o.finished],
        ['running', o.running],
        ['overdue', o.overdue],
        ['onTimeRate', formatRate(o.onTimeRate)],
        ['avgHours', hoursText(t, o.avgHours)],
      ]
    : null;
  return (
    <Section id="overview" title={t('efficiency.overview')}>
      {q.isError ? (
        <LoadFailed name={t('efficiency.overview')} onRetry={() => void q.refetch()} />
      ) : (
        <StatisticGrid items={items} keys={OVERVIEW_KEYS} lg={4} testIdPrefix="overview" />
      )}
    </Section>
  );
}

function TrendTable({ points }: { points: TrendPoint[] }) {
  const { t } = useTranslation();
  return (
    <DataTable
      label={t('efficiency.trend')}
      size="small"
      rowKey="period"
      pagination={{ ...pagerNames(t), pageSize: 10, hideOnSinglePage: true }}
      dataSource={points}
      columns={[
        { title: t('efficiency.period'), dataIndex: 'period' },
        { title: t('efficiency.started'), dataIndex: 'started' },
        { title: t('efficiency.finishedInPeriod'), dataIndex: 'finished' },
        { title: t('efficiency.overdue'), dataIndex: 'overdue' },
      ]}
    />
  );
}

function TrendBlock({ filter }: { filter: Filter }) {
  const { t } = useTranslation();
  const [granularity, setGranularity] = useState<Granularity>('day');
  const [asTable, setAsTable] = useState(false);
  const q = useTrend({ ...filter, granularity });
  const labels = useMemo(
    () => ({
      started: t('efficiency.started'),
      finished: t('efficiency.finishedInPeriod'),
      overdue: t('efficiency.overdue'),
    }),
    [t],
  );
  const points = q.data?.points;
  const summary = points
    ? t('efficiency.trendSummary', { from: filter.startDate, to: filter.endDate, ...trendTotals(points) })
    : '';
  return (
    <Section
      id="trend"
      title={t('efficiency.trend')}
      extra={
        <Space wrap>
          <Radio.Group
            aria-label={t('efficiency.granularity')}
            optionType="button"
            value={granularity}
            onChange={(e) => setGranularity(e.target.value as Granularity)}
            options={(['day', 'week', 'month'] as const).map((g) => ({ value: g, label: t(`efficiency.${g}`) }))}
          />
          <Button onClick={() => setAsTable((v) => !v)} aria-pressed={asTable}>
            {asTable ? t('efficiency.showChart') : t('efficiency.showTable')}
          </Button>
        </Space>
      }
    >
      {q.isError ? (
        <LoadFailed name={t('efficiency.trend')} onRetry={() => void q.refetch()} />
      ) : !points ? (
        <Loading />
      ) : (
        <>
          <p style={{ marginTop: 0 }} data-testid="trend-summary">
            {summary}
          </p>
          {asTable ? (
            <TrendTable points={points} />
          ) : (
            <Suspense fallback={<Spin aria-label={t('efficiency.chartLoading')} />}>
              <TrendChart points={points} labels={labels} summary={summary} />
            </Suspense>
          )}
        </>
      )}
    </Section>
  );
}

function RankingBlocks({ filter, show }: { filter: Filter; show: { heat: boolean; likes: boolean } }) {
  const { t } = useTranslation();
  const heat = useHeat({ ...filter, limit: RANKING_LIMIT }, show.heat);
  const likes = useLikes({ ...filter, limit: RANKING_LIMIT }, show.likes);
  return (
    <Row gutter={16}>
      {show.heat && (
        <Col xs={24} lg={12}>
          <Section id="heat" title={t('efficiency.heat')}>
            {heat.isError ? (
              <LoadFailed name={t('efficiency.heat')} onRetry={() => void heat.refetch()} />
            ) : (
              <DataTable
                label={t('efficiency.heat')}
                size="small"
                rowKey="serviceId"
                loading={heat.isLoading}
                pagination={false}
                dataSource={heat.data ?? []}
                columns={[
                  { title: t('efficiency.rank'), dataIndex: 'rank', width: 64 },
                  { title: t('efficiency.serviceName'), dataIndex: 'serviceName' },
                  { title: t('efficiency.deptName'), dataIndex: 'deptName' },
                  { title: t('efficiency.visits'), dataIndex: 'visitCount', render: (v: number) => formatVisits(v) },
                  { title: t('efficiency.share'), dataIndex: 'rate', render: (v: number) => formatRate(v) },
                ]}
              />
            )}
          </Section>
        </Col>
      )}
      {show.likes && (
        <Col xs={24} lg={12}>
          <Section id="likes" title={t('efficiency.likes')}>
            {likes.isError ? (
              <LoadFailed name={t('efficiency.likes')} onRetry={() => void likes.refetch()} />
            ) : (
              <DataTable
                label={t('efficiency.likes')}
                size="small"
                rowKey="serviceId"
                loading={likes.isLoading}
                pagination={false}
                dataSource={likes.data ?? []}
                columns={[
                  { title: t('efficiency.rank'), dataIndex: 'rank', width: 64 },
                  { title: t('efficiency.serviceName'), dataIndex: 'serviceName' },
                  { title: t('efficiency.deptName'), dataIndex: 'deptName' },
                  { title: t('efficiency.average'), dataIndex: 'average', render: (v: number) => v.toFixed(1) },
                  { title: t('efficiency.rateCount'), dataIndex: 'count' },
                ]}
              />
            )}
          </Section>
        </Col>
      )}
    </Row>
  );
}

function TimeoutBlock({ filter }: { filter: Filter }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 5 });
  const processes = useTimeoutProcesses({ ...filter, ...page });
  const nodes = useTimeoutNodes({ ...filter, limit: RANKING_LIMIT });
  return (
    <Section id="timeout" title={t('efficiency.timeout')}>
      <h3 style={{ fontSize: 14 }}>{t('efficiency.timeoutProcess')}</h3>
      {processes.isError ? (
        <LoadFailed name={t('efficiency.timeoutProcess')} onRetry={() => void processes.refetch()} />
      ) : (
        <DataTable
          label={t('efficiency.timeoutProcess')}
          size="small"
          rowKey="id"
          loading={processes.isLoading}
          dataSource={processes.data?.records ?? []}
          pagination={{
            ...pagerNames(t),
            current: page.current,
            pageSize: page.size,
            total: processes.data?.total ?? 0,
            onChange: (current, size) => setPage({ current, size }),
            showSizeChanger: false,
          }}
          columns={[
            { title: t('efficiency.processTitle'), dataIndex: 'title' },
            { title: t('efficiency.deptName'), dataIndex: 'deptName' },
            { title: t('efficiency.startedAt'), dataIndex: 'startedAt', render: (v: string) => formatTime(v) },
            { title: t('efficiency.dueAt'), dataIndex: 'dueAt', render: (v: string) => formatTime(v) },
            {
              title: t('efficiency.overdueHours'),
              dataIndex: 'overdueHours',
              render: (v: number) => hoursText(t, v),
            },
          ]}
        />
      )}
      <h3 style={{ fontSize: 14 }}>{t('efficiency.timeoutNode')}</h3>
      {nodes.isError ? (
        <LoadFailed name={t('efficiency.timeoutNode')} onRetry={() => void nodes.refetch()} />
      ) : (
        <DataTable
          label={t('efficiency.timeoutNode')}
          size="small"
          rowKey={(r) => `${r.processName}/${r.nodeName}`}
          loading={nodes.isLoading}
          pagination={false}
          dataSource={nodes.data ?? []}
          columns={[
            { title: t('efficiency.processName'), dataIndex: 'processName' },
            { title: t('efficiency.nodeName'), dataIndex: 'nodeName' },
            { title: t('efficiency.nodeTotal'), dataIndex: 'total' },
            { title: t('efficiency.nodeOverdue'), dataIndex: 'overdue' },
            { title: t('efficiency.avgHours'), dataIndex: 'avgHours', render: (v: number | null) => hoursText(t, v) },
          ]}
        />
      )}
    </Section>
  );
}

function DrillPanel({ filter, deptId, onClose }: { filter: Filter; deptId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useReportDrill({ ...filter, deptId });
  const d = q.data;
  return (
    <section aria-labelledby="eff-drill" style={{ marginTop: 16 }} data-testid="report-drill">
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <h3 id="eff-drill" style={{ fontSize: 15, margin: 0 }}>
          {d
            ? t('efficiency.drillOf', { name: d.deptName })
            : q.isError
              ? t('efficiency.drill')
              : t('efficiency.loading')}
        </h3>
        <Button onClick={onClose}>{t('efficiency.closeDrill')}</Button>
      </Space>
      {q.isError ? (
        <LoadFailed name={t('efficiency.drill')} onRetry={() => void q.refetch()} />
      ) : !d ? (
        <Loading />
      ) : (
        <>
          <h4 style={{ fontSize: 14 }}>{t('efficiency.byProcess')}</h4>
          <DataTable
            label={t('efficiency.byProcess')}
            size="small"
            rowKey="processName"
            pagination={false}
            dataSource={d.processes}
            columns={[
              { title: t('efficiency.processName'), dataIndex: 'processName' },
              { title: t('efficiency.started'), dataIndex: 'started' },
              { title: t('efficiency.finished'), dataIndex: 'finished' },
              { title: t('efficiency.overdue'), dataIndex: 'overdue' },
              { title: t('efficiency.avgHours'), dataIndex: 'avgHours', render: (v: number | null) => hoursText(t, v) },
              {
                title: t('efficiency.onTimeRate'),
                dataIndex: 'onTimeRate',
                render: (v: number | null) => formatRate(v),
              },
            ]}
          />
          <h4 style={{ fontSize: 14 }}>{t('efficiency.byHandler')}</h4>
          <DataTable
            label={t('efficiency.byHandler')}
            size="small"
            rowKey="handlerId"
            pagination={false}
            dataSource={d.handlers}
            columns={[
              { title: t('efficiency.handler'), dataIndex: 'handlerName' },
              { title: t('efficiency.handled'), dataIndex: 'handled' },
              { title: t('efficiency.pending'), dataIndex: 'pending' },
              { title: t('efficiency.overdue'), dataIndex: 'overdue' },
              { title: t('efficiency.avgHours'), dataIndex: 'avgHours', render: (v: number | null) => hoursText(t, v) },
            ]}
          />
        </>
      )}
    </section>
  );
}

function ReportBlockView({ filter }: { filter: Filter }) {
  const { t } = useTranslation();
  const [drill, setDrill] = useState<string | null>(null);
  const q = useReportTable(filter);
  const rows: ReportRow[] = q.data
    ? [...q.data.rows, { ...q.data.total, deptId: '__total', deptName: t('efficiency.total') }]
    : [];
  return (
    <Section id="report" title={t('efficiency.report')}>
      {q.isError ? (
        <LoadFailed name={t('efficiency.report')} onRetry={() => void q.refetch()} />
      ) : (
        <DataTable
          label={t('efficiency.report')}
          size="small"
          rowKey="deptId"
          loading={q.isLoading}
          pagination={false}
          dataSource={rows}
          scroll={{ x: true }}
          columns={[
            { title: t('efficiency.deptName'), dataIndex: 'deptName' },
            { title: t('efficiency.serviceCount'), dataIndex: 'serviceCount' },
            { title: t('efficiency.visitCount'), dataIndex: 'visitCount', render: (v: number) => formatVisits(v) },
            { title: t('efficiency.started'), dataIndex: 'started' },
            { title: t('efficiency.finished'), dataIndex: 'finished' },
            { title: t('efficiency.overdue'), dataIndex: 'overdue' },
            { title: t('efficiency.avgHours'), dataIndex: 'avgHours', render: (v: number | null) => hoursText(t, v) },
            { title: t('efficiency.onTimeRate'), dataIndex: 'onTimeRate', render: (v: number | null) => formatRate(v) },
            {
              title: t('efficiency.drill'),
              key: 'drill',
              render: (_: unknown, r: ReportRow) =>
                r.deptId === '__total' ? null : (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setDrill(r.deptId)}
                    aria-label={t('efficiency.drillLabel', { name: r.deptName })}
                  >
                    {t('efficiency.drill')}
                  </Button>
                ),
            },
          ]}
        />
      )}
      {drill && <DrillPanel filter={filter} deptId={drill} onClose={() => setDrill(null)} />}
    </Section>
  );
}

function OaBlock({ filter }: { filter: Filter }) {
  const { t } = useTranslation();
  const q = useOaOverview(filter);
  return (
    <Section id="oa" title={t('efficiency.oa')}>
      {q.isError ? (
        <LoadFailed name={t('efficiency.oa')} onRetry={() => void q.refetch()} />
      ) : (
        <DataTable
          label={t('efficiency.oa')}
          size="small"
          rowKey="flowType"
          loading={q.isLoading}
          pagination={false}
          dataSource={q.data?.flows ?? []}
          columns={[
            { title: t('efficiency.flowType'), dataIndex: 'flowType' },
            { title: t('efficiency.todo'), dataIndex: 'todo' },
            { title: t('efficiency.done'), dataIndex: 'done' },
            { title: t('efficiency.timeoutCount'), dataIndex: 'timeout' },
          ]}
        />
      )}
    </Section>
  );
}

const PERSONAL_KEYS = [
  'handled',
  'pending',
  'overdue',
  'avgHours',
  'onTimeRate',
  'applied',
  'appliedFinished',
] as const;

function PersonalBlock({ filter }: { filter: Filter }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 5 });
  const report = usePersonalReport(filter);
  const detail = usePersonalDetail({ ...filter, ...page });
  const r = report.data;
  const items: Array<[string, React.ReactNode]> | null = r
    ? [
        ['handled', r.handled],
        ['pending', r.pending],
        ['overdue', r.overdue],
        ['avgHours', hoursText(t, r.avgHours)],
        ['onTimeRate', formatRate(r.onTimeRate)],
        ['applied', r.applied],
        ['appliedFinished', r.appliedFinished],
      ]
    : null;
  return (
    <Section id="personal" title={t('efficiency.personal')}>
      {report.isError ? (
        <LoadFailed name={t('efficiency.personal')} onRetry={() => void report.refetch()} />
      ) : (
        <StatisticGrid items={items} keys={PERSONAL_KEYS} lg={3} testIdPrefix="personal" />
      )}
      <h3 style={{ fontSize: 14, marginTop: 16 }}>{t('efficiency.myNodes')}</h3>
      {detail.isError ? (
        <LoadFailed name={t('efficiency.myNodes')} onRetry={() => void detail.refetch()} />
      ) : (
        <DataTable
          label={t('efficiency.myNodes')}
          size="small"
          rowKey="id"
          loading={detail.isLoading}
          dataSource={detail.data?.records ?? []}
          pagination={{
            ...pagerNames(t),
            current: page.current,
            pageSize: page.size,
            total: detail.data?.total ?? 0,
            onChange: (current, size) => setPage({ current, size }),
            showSizeChanger: false,
          }}
          columns={[
            { title: t('efficiency.processTitle'), dataIndex: 'title' },
            { title: t('efficiency.nodeName'), dataIndex: 'nodeName' },
            { title: t('efficiency.arrivedAt'), dataIndex: 'arrivedAt', render: (v: string) => formatTime(v) },
            {
              title: t('efficiency.handledAt'),
              dataIndex: 'handledAt',
              render: (v: string | null) => (v ? formatTime(v) : t('efficiency.notHandled')),
            },
            {
              title: t('efficiency.duration'),
              dataIndex: 'hours',
              render: (v: number | null) => hoursText(t, v),
            },
            {
              title: t('efficiency.state'),
              dataIndex: 'overdue',
              render: (v: boolean) =>
                v ? (
                  <Tag color="#c41d1d">{t('efficiency.stateOverdue')}</Tag>
                ) : (
                  <Tag color="#237804">{t('efficiency.stateOnTime')}</Tag>
                ),
            },
          ]}
        />
      )}
    </Section>
  );
}

type FilterForm = { range: [Dayjs, Dayjs]; deptId: string | null; sceneId: string | null };

/** The department tree (the tenant's one list, sub-departments under their parents) as options: 教务处 / 考试中心. */
const treeOptions = (nodes: FilterNodeT[], prefix = ''): { value: string; label: string }[] =>
  nodes.flatMap((n) => [
    { value: n.id, label: prefix + n.title },
    ...treeOptions(n.children, `${prefix}${n.title} / `),
  ]);

function Filters({ value, onChange, full }: { value: Filter; onChange: (f: Filter) => void; full: boolean }) {
  const { t } = useTranslation();
  const depts = useDeptTree(full);
  const scenes = useSceneTree(full);
  const [error, setError] = useState<string | null>(null);
  const apply = (v: Partial<FilterForm>) => {
    const range = v.range;
    const next: Filter = { ...value };
    if (range) {
      next.startDate = range[0].format('YYYY-MM-DD');
      next.endDate = range[1].format('YYYY-MM-DD');
      const e = rangeError(next.startDate, next.endDate);
      setError(e);
      if (e) return;
    }
    if ('deptId' in v) next.deptId = v.deptId ?? null;
    if ('sceneId' in v) next.sceneId = v.sceneId ?? null;
    onChange(next);
  };
  return (
    <section aria-label={t('efficiency.filters')} style={{ marginBottom: 16 }}>
      <Form
        layout="inline"
        initialValues={{
          range: [dayjs(value.startDate), dayjs(value.endDate)],
          deptId: value.deptId ?? null,
          sceneId: value.sceneId ?? null,
        }}
        onValuesChange={(changed: Partial<FilterForm>) => apply(changed)}
      >
        <Form.Item name="range" label={t('efficiency.range')} htmlFor="eff-range">
          <DatePicker.RangePicker
            id={{ start: 'eff-range', end: 'eff-range-end' }}
            allowClear={false}
            placeholder={[t('efficiency.startDate'), t('efficiency.endDate')]}
          />
        </Form.Item>
        {full && (
          <>
            <Form.Item name="deptId" label={t('efficiency.dept')} htmlFor="eff-dept">
              <Select
                id="eff-dept"
                style={{ minWidth: 180 }}
                allowClear={clearable(t)}
                placeholder={t('efficiency.allDepts')}
                options={treeOptions(depts.data ?? [])}
                notFoundContent={
                  depts.isError ? (
                    <LoadFailed name={t('efficiency.dept')} onRetry={() => void depts.refetch()} />
                  ) : undefined
                }
              />
            </Form.Item>
            <Form.Item name="sceneId" label={t('efficiency.scene')} htmlFor="eff-scene">
              <Select
                id="eff-scene"
                style={{ minWidth: 160 }}
                allowClear={clearable(t)}
                placeholder={t('efficiency.allScenes')}
                options={(scenes.data ?? []).map((d) => ({ value: d.id, label: d.title }))}
                notFoundContent={
                  scenes.isError ? (
                    <LoadFailed name={t('efficiency.scene')} onRetry={() => void scenes.refetch()} />
                  ) : undefined
                }
              />
            </Form.Item>
          </>
        )}
      </Form>
      {error && <Alert type="error" showIcon message={serverText(error)} style={{ marginTop: 8 }} role="alert" />}
    </section>
  );
}

/** /home/effectivenessSupervision: the report-wide blocks the tenant switched on, and the caller's own report. */
function EfficiencyPageBody() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>(() => ({ ...defaultRange(), deptId: null, sceneId: null }));
  const exist = useExistReport();
  const config = useReportConfig();
  if (!exist.data || !config.data) {
    // Which blocks show comes with these two answers: until then a spinner, and if either failed, the failure with
    // its retry (it spun for ever).
    const failed = (!exist.data && exist.isError) || (!config.data && config.isError);
    return (
      <div style={{ padding: 16 }}>
        <h1 style={{ fontSize: 20 }}>{t('efficiency.title')}</h1>
        {failed ? <LoadFailed onRetry={refetchFailed(exist, config)} /> : <Loading />}
      </div>
    );
  }
  const full = exist.data.canViewReport;
  const on = (b: ReportBlock) => full && config.data.blocks[b];
  return (
    <div style={{ padding: 16 }}>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>{t('efficiency.title')}</h1>
      <Filters value={filter} onChange={setFilter} full={full} />
      {!full && <Alert type="info" showIcon message={t('efficiency.noReport')} style={{ marginBottom: 16 }} />}
      {on('overview') && <OverviewBlock filter={filter} />}
      {on('trend') && <TrendBlock filter={filter} />}
      {(on('heat') || on('likes')) && <RankingBlocks filter={filter} show={{ heat: on('heat'), likes: on('likes') }} />}
      {on('timeout') && <TimeoutBlock filter={filter} />}
      {on('report') && <ReportBlockView filter={filter} />}
      {on('oa') && <OaBlock filter={filter} />}
      {(!full || config.data.blocks.personal) && <PersonalBlock filter={filter} />}
    </div>
  );
}

export function EfficiencyPage() {
  return (
    <EfficiencyTheme>
      <EfficiencyPageBody />
    </EfficiencyTheme>
  );
}
