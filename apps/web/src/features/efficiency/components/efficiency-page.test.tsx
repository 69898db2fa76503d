import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n/i18n.ts';

const BLOCKS = {
  overview: true,
  trend: true,
  heat: true,
  likes: true,
  timeout: true,
  report: true,
  oa: true,
  personal: true,
};
const api = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body: Record<string, unknown> }>,
  canView: true,
  // Calls that fail as a server error, a lost network or a time-out does (lib/http throws).
  failing: new Set<string>(),
}));

const row = (deptId: string, deptName: string, started: number) => ({
  deptId,
  deptName,
  serviceCount: 9,
  visitCount: 1200,
  started,
  finished: started - 1,
  overdue: 1,
  avgHours: 20.25,
  onTimeRate: 87.5,
});
const answers: Record<string, (body: Record<string, unknown>) => unknown> = {
  existReport: () => ({ canViewReport: api.canView, canConfigure: api.canView, hasData: true }),
  getReportConfig: () => ({ blocks: BLOCKS }),
  saveReportConfig: () => null,
  deptTree: () => [{ id: 'd-fin', title: '财务处', count: 9, children: [] }],
  sceneTree: () => [{ id: 's-1', title: '财务资产', count: 12, children: [] }],
  overView: (b) => ({
    range: { startDate: b.startDate, endDate: b.endDate },
    serviceCount: 122,
    processServiceCount: 40,
    visitCount: 12_345,
    started: 90,
    finished: 75,
    running: 15,
    overdue: 21,
    onTimeRate: 80,
    avgHours: 30.5,
  }),
  processTrending: (b) => ({
    range: { startDate: b.startDate, endDate: b.endDate },
    granularity: b.granularity,
    points: [
      { period: '2026-11-01', started: 3, finished: 1, overdue: 1 },
      { period: '2026-11-02', started: 2, finished: 2, overdue: 0 },
    ],
  }),
  serviceHeatRate: () => [
    {
      rank: 1,
      serviceId: 'x',
      serviceName: '统一身份认证密码重置',
      deptName: '信息化建设与管理中心',
      visitCount: 12_345_678,
      clicks: 0,
      rate: 64.2,
    },
  ],
  topLikesBoard: () => [{ rank: 1, serviceId: 'y', serviceName: '座位预约', deptName: '图书馆', average: 5, count: 3 }],
  timeoutProcess: () => ({ records: [], total: 0, size: 5, current: 1, pages: 0 }),
  timeoutNode: () => [],
  reportTable: () => ({
    range: { startDate: '', endDate: '' },
    rows: [row('d-fin', '财务处', 18)],
    total: row('', '合计', 90),
  }),
  reportTableDrill: (b) => ({
    range: { startDate: '', endDate: '' },
    deptId: b.deptId,
    deptName: '财务处',
    processes: [
      {
        processName: '报销审批',
        serviceId: null,
        started: 18,
        finished: 15,
        overdue: 4,
        avgHours: 60,
        onTimeRate: 73.3,
      },
    ],
    handlers: [{ handlerId: 'h1', handlerName: '赵会计', handled: 14, pending: 1, overdue: 2, avgHours: 26 }],
  }),
  OAOverview: () => ({ todo: 0, done: 0, timeout: 0, flows: [] }),
  personalEfficiencyReport: () => ({
    range: { startDate: '', endDate: '' },
    userName: '张同学',
    handled: 0,
    pending: 0,
    overdue: 0,
    avgHours: null,
    onTimeRate: null,
    applied: 6,
    appliedFinished: 5,
  }),
  personalERDetail: () => ({ records: [], total: 0, size: 5, current: 1, pages: 0 }),
};

vi.mock('../../../lib/http/clients.ts', () => ({
  ospHttp: {
    post: async (url: string, body: Record<string, unknown>) => {
      const path = url.replace('/efficiencyHomePage/', '');
      api.calls.push({ path, body });
      if (api.failing.has(path)) throw new Error('E-N00001Q：当前网络不可用，请检查你的网络设置');
      return answers[path]!(body);
    },
  },
}));
vi.mock('./trend-chart.tsx', () => ({
  default: ({ summary }: { summary: string }) => <figure role="img" aria-label={summary} />,
}));

const { EfficiencyPage } = await import('./efficiency-page.tsx');
const { EfficiencyConfigPage } = await import('./efficiency-config-page.tsx');

function renderWith(node: React.ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <App>{node}</App>
    </QueryClientProvider>,
  );
}

describe('efficiency supervision page', () => {
  beforeEach(() => {
    api.calls = [];
    api.canView = true;
    api.failing.clear();
  });

  it('shows the overview, the trend with its text alternative, rankings and drills into a department', async () => {
    renderWith(<EfficiencyPage />);
    expect(await screen.findByText('效能概览')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('overview-started')).getByText('90')).toBeTruthy());
    expect(within(screen.getByTestId('overview-onTimeRate')).getByText('80.0%')).toBeTruthy();
    expect(within(screen.getByTestId('overview-avgHours')).getByText('30.5 小时')).toBeTruthy();

    // The chart is a figure with a summary, and the numbers are a table on request.
    const summary = await screen.findByTestId('trend-summary');
    expect(summary.textContent).toContain('共发起 5 件、期间办结 3 件（含此前发起的）、超时 1 件');
    await waitFor(() =>
      expect(document.querySelector('figure[role="img"]')?.getAttribute('aria-label')).toBe(summary.textContent),
    );
    fireEvent.click(screen.getByText('以表格查看'));
    expect(await screen.findByText('2026-11-02')).toBeTruthy();
    // Two different counts of finished processes, each named for what it counts: of those started in the period
    // (the overview), and finished in the period whenever started (the trend).
    expect(within(screen.getByTestId('overview-finished')).getByText('其中已办结')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '期间办结' })).toBeTruthy();

    expect(await screen.findByText('9999999+')).toBeTruthy();
    expect(await screen.findByText('座位预约')).toBeTruthy();

    fireEvent.click(await screen.findByLabelText('查看明细（财务处）'));
    const drill = await screen.findByTestId('report-drill');
    expect(await within(drill).findByText('赵会计')).toBeTruthy();
    // Average handling time carries its unit in the tables as in the overview.
    expect(within(drill).getByText('26.0 小时')).toBeTruthy();
    expect(within(drill).getByText('财务处明细').tagName).toBe('H3');
    expect(api.calls.find((c) => c.path === 'reportTableDrill')?.body).toMatchObject({ deptId: 'd-fin' });
    // Every call carries the same default range: the last 30 days.
    const ranges = new Set(
      api.calls
        .filter((c) => c.body.startDate)
        .map((c) => `${c.body.startDate as string}..${c.body.endDate as string}`),
    );
    expect(ranges.size).toBe(1);
  }, 60_000);

  it('says so when the page’s first calls fail, instead of spinning for ever, and loads it on 重试', async () => {
    api.failing = new Set(['existReport']);
    renderWith(<EfficiencyPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('加载失败');
    expect(screen.queryByLabelText('加载中')).toBeNull();
    api.failing.clear();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '效能概览' })).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('overview-started')).getByText('90')).toBeTruthy());
    expect(screen.queryByText('加载失败')).toBeNull();
  });

  it('shows 加载失败 with its own 重试 in each block whose call failed, never an empty table, and its data on 重试', async () => {
    const failing: Array<[string, string, string]> = [
      // [the call, the block (region) it feeds, the part the 重试 button names]
      ['overView', '效能概览', '效能概览'],
      ['processTrending', '流程趋势', '流程趋势'],
      ['serviceHeatRate', '服务热度排行', '服务热度排行'],
      ['topLikesBoard', '服务好评榜', '服务好评榜'],
      ['timeoutProcess', '超时监督', '超时流程'],
      ['timeoutNode', '超时监督', '超时环节'],
      ['reportTable', '部门效能报表', '部门效能报表'],
      ['OAOverview', '办公待办概览', '办公待办概览'],
      ['personalEfficiencyReport', '我的效能报告', '我的效能报告'],
      ['personalERDetail', '我的效能报告', '我经办的环节'],
    ];
    api.failing = new Set(failing.map(([call]) => call));
    renderWith(<EfficiencyPage />);
    for (const [, block, part] of failing) {
      const region = await screen.findByRole('region', { name: block });
      expect(await within(region).findByRole('button', { name: `重试 ${part}` })).toBeTruthy();
    }
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(failing.map(() => '加载失败'));
    // Nothing claims the data is empty, and nothing spins.
    expect(screen.queryByText('暂无数据')).toBeNull();
    expect(screen.queryByLabelText('加载中')).toBeNull();
    expect(screen.queryAllByRole('table')).toEqual([]);

    api.failing.clear();
    for (const [, , part] of failing) fireEvent.click(screen.getByRole('button', { name: `重试 ${part}` }));
    await waitFor(() => expect(within(screen.getByTestId('overview-started')).getByText('90')).toBeTruthy());
    expect(await screen.findByTestId('trend-summary')).toBeTruthy();
    expect(await screen.findByText('9999999+')).toBeTruthy();
    expect(await screen.findByText('座位预约')).toBeTruthy();
    expect(await screen.findByLabelText('查看明细（财务处）')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('personal-applied')).getByText('6')).toBeTruthy());
    await waitFor(() => expect(screen.queryByText('加载失败')).toBeNull());
    // Every call retried once: the ones that had answered were not asked again.
    for (const [call] of failing) expect(api.calls.filter((c) => c.path === call)).toHaveLength(2);
    expect(api.calls.filter((c) => c.path === 'existReport')).toHaveLength(1);

    // A department's drill-down likewise.
    api.failing.add('reportTableDrill');
    fireEvent.click(screen.getByLabelText('查看明细（财务处）'));
    const drill = await screen.findByTestId('report-drill');
    expect((await within(drill).findByRole('alert')).textContent).toBe('加载失败');
    api.failing.clear();
    fireEvent.click(within(drill).getByRole('button', { name: '重试 查看明细' }));
    expect(await within(drill).findByText('赵会计')).toBeTruthy();
  });

  it('on a narrow screen each table that scrolls sideways is a Tab stop named by its title (axe: scrollable-region-focusable)', async () => {
    // jsdom lays nothing out: the tables are wider than their cards, whose wrappers scroll (antd.css on a phone),
    // or, for a table with scroll.x, its own scroller inside.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => 300);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      const ownScroller = (el: Element) => /overflow/.test(el.getAttribute('style') ?? '');
      if (this.matches('.ant-table-content')) return ownScroller(this) ? 720 : 300;
      if (this.matches('.ant-table-wrapper'))
        return [...this.querySelectorAll('.ant-table-content')].some(ownScroller) ? 300 : 720;
      return 300;
    });
    const style = document.createElement('style');
    style.textContent = '.ant-table-wrapper { overflow-x: auto; }';
    document.head.append(style);
    try {
      renderWith(<EfficiencyPage />);
      for (const name of ['服务热度排行', '服务好评榜', '部门效能报表', '我经办的环节']) {
        // Inside the block's own region of that name: the one around its table.
        await waitFor(() =>
          expect(screen.getAllByRole('region', { name }).filter((r) => r.tabIndex === 0)).toHaveLength(1),
        );
        const region = screen.getAllByRole('region', { name }).find((r) => r.tabIndex === 0)!;
        expect(within(region).getByRole('table'), name).toBeTruthy();
      }
    } finally {
      style.remove();
      vi.restoreAllMocks();
    }
  });

  it('shows a user without report power only their own report', async () => {
    api.canView = false;
    renderWith(<EfficiencyPage />);
    expect(await screen.findByText('我的效能报告')).toBeTruthy();
    expect(screen.getByText('您没有查看全校效能报表的权限，以下为您的个人效能报告。')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('personal-applied')).getByText('6')).toBeTruthy());
    expect(screen.queryByRole('heading', { name: '效能概览' })).toBeNull();
    expect(screen.queryByLabelText('部门')).toBeNull();
    const reportWide = [
      'overView',
      'processTrending',
      'serviceHeatRate',
      'topLikesBoard',
      'reportTable',
      'timeoutProcess',
      'OAOverview',
      'deptTree',
    ];
    expect(api.calls.filter((c) => reportWide.includes(c.path))).toEqual([]);
  });
});

describe('efficiency configuration page', () => {
  it('saves which blocks show', async () => {
    api.calls = [];
    renderWith(<EfficiencyConfigPage />);
    const likes = await screen.findByRole('switch', { name: '服务好评榜' });
    expect(likes.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(likes);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'saveReportConfig')).toBeTruthy());
    // The tenant's time zone goes along (Asia/Shanghai when the server named none).
    expect(api.calls.find((c) => c.path === 'saveReportConfig')!.body).toEqual({
      blocks: { ...BLOCKS, likes: false },
      timeZone: 'Asia/Shanghai',
    });
  }, 30_000);
});
