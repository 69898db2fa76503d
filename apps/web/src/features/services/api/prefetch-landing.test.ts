import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store.ts';

const item = (id: string) => ({ serviceId: id, serviceName: id });
const INDEX = {
  tenantName: '示例大学',
  config: { title: '示例大学网上办事服务大厅' },
  footer: { schoolName: '示例大学' },
  statistic: { serviceCount: 65 },
  hotWords: ['成绩查询', '校园卡'],
  navigationBars: [{ id: 'n1', name: '首页', url: '/', sort: 1 }],
  tools: [{ id: 't1', tools_name: '校历' }],
  newlyLaunched: [item('new1')],
  mostVisited: [item('hot1')],
  groups: { groupBy: 'scene', perGroup: 8, list: [{ id: 'g1', name: '学习', count: 1, services: [item('s1')] }] },
};
const calls = vi.hoisted(() => ({
  made: [] as string[],
  bodies: {} as Record<string, unknown>,
  indexFails: false,
  index: null as unknown,
}));
/** What each own call answers: recognisably not the index's. */
const OWN: Record<string, unknown> = {
  '/nobody/prepareLogin/configDetail': { title: 'from its own call' },
  '/nobody/prepareLogin/bottomConfigDetail': { schoolName: 'own footer' },
  '/nobody/prepareLogin/getStatisticData': { serviceCount: 1 },
  '/nobody/navigationBar/list': [{ id: 'own-nav' }],
  '/nobody/tools/list': [{ id: 'own-tool' }],
  '/nobody/prepareLogin/queryAllServiceByType': [{ id: 'own-group' }],
  '/nobody/serverCenter/NewlyLaunched': [item('own-new')],
  '/nobody/serverCenter/OSP/heatService': [item('own-hot')],
  '/serverCenter/NewlyLaunched': [item('user-new')],
  '/serverCenter/OSP/heatService': [item('user-hot')],
  '/searchHeatWord': ['own words'],
  '/nobody/searchHeatWord': ['visitor words'],
};
// Each client records the path it was asked for and answers what that path answers.
vi.mock('../../../lib/http/clients.ts', () => {
  const client = (base: string) => {
    const send = async (path: string, body?: unknown) => {
      calls.made.push(`${base}${path}`);
      calls.bodies[`${base}${path}`] = body;
      if (path === '/nobody/index/index') {
        if (calls.indexFails) throw new Error('index down');
        return calls.index;
      }
      return OWN[path] ?? [];
    };
    return { get: vi.fn(send), post: vi.fn(send) };
  };
  return {
    platformHttp: client('platform'),
    workbenchHttp: client('workbench'),
    cygjHttp: client('cygj'),
  };
});

const { prefetchLanding } = await import('./prefetch-landing.ts');
const { landingConfigQueryOptions } = await import('./get-landing-config.ts');
const { footerConfigQueryOptions } = await import('./get-footer-config.ts');
const { statisticDataQueryOptions } = await import('./get-statistic-data.ts');
const { heatWordsQueryOptions } = await import('./get-heat-words.ts');
const { navigationBarsQueryOptions } = await import('./get-navigation-bars.ts');
const { toolsQueryOptions } = await import('./get-tools.ts');
const { topServicesQueryOptions } = await import('./get-top-services.ts');
const { servicesByTypeQueryOptions } = await import('./query-all-service-by-type.ts');

const settle = (client: QueryClient) =>
  vi.waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 2000, interval: 5 });
// The app's staleTime (app/providers.tsx): a page's query takes an answer of the last 30 s.
const appClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });

/** The queries of the landing page's first screen, with the options the page's own hooks use. */
const pageQueries = (loggedIn: boolean) => ({
  config: landingConfigQueryOptions('000000'),
  footer: footerConfigQueryOptions('000000'),
  statistic: statisticDataQueryOptions('000000'),
  hotWords: heatWordsQueryOptions(8),
  navigationBars: navigationBarsQueryOptions('000000'),
  tools: toolsQueryOptions('000000'),
  newlyLaunched: topServicesQueryOptions('newly', 8, '000000', loggedIn),
  mostVisited: topServicesQueryOptions('heat', 8, '000000', loggedIn),
  scenes: servicesByTypeQueryOptions('000000', 'scene', 8),
});
/** What the page's queries show, each asked as the page asks (fetchQuery with its own options). */
const shown = async (client: QueryClient, loggedIn: boolean) =>
  Object.fromEntries(
    await Promise.all(
      Object.entries(pageQueries(loggedIn)).map(async ([k, o]) => [k, await client.fetchQuery(o as never)] as const),
    ),
  );

afterEach(() => {
  calls.made.length = 0;
  calls.bodies = {};
  calls.indexFails = false;
  calls.index = INDEX;
  sessionStore.setState({ token: null, user: null } as never);
});
calls.index = INDEX;

describe('prefetchLanding (issue 10, ADR 0051)', () => {
  it("fills a visitor's whole first screen from the one index call; the page's queries make no second call", async () => {
    const client = appClient();
    prefetchLanding(client);
    await settle(client);
    expect(calls.made).toEqual(['platform/nobody/index/index']);
    expect(calls.bodies['platform/nobody/index/index']).toEqual({ tenantId: '000000', size: 8, perGroup: 8 });
    expect(await shown(client, false)).toEqual({
      config: INDEX.config,
      footer: INDEX.footer,
      statistic: INDEX.statistic,
      hotWords: INDEX.hotWords,
      navigationBars: INDEX.navigationBars,
      tools: INDEX.tools,
      newlyLaunched: INDEX.newlyLaunched,
      mostVisited: INDEX.mostVisited,
      scenes: INDEX.groups.list,
    });
    expect(calls.made).toEqual(['platform/nobody/index/index']);
    // Again on `/` within the answers' freshness: no call at all.
    prefetchLanding(client);
    await settle(client);
    expect(calls.made).toEqual(['platform/nobody/index/index']);
  });

  it("asks a logged-in user's own hot words and top lists; the rest comes from the index", async () => {
    sessionStore.setState({ token: 't', user: { user_id: 'u1', tenant_id: '000000' } } as never);
    const client = appClient();
    prefetchLanding(client);
    await settle(client);
    expect(calls.made.sort()).toEqual(['platform/nobody/index/index', 'workbench/searchHeatWord']);
    const s = await shown(client, true);
    expect(s).toMatchObject({
      config: INDEX.config,
      navigationBars: INDEX.navigationBars,
      tools: INDEX.tools,
      scenes: INDEX.groups.list,
      hotWords: ['own words'],
      newlyLaunched: [item('user-new')],
      mostVisited: [item('user-hot')],
    });
    expect(calls.made.filter((c) => c.includes('nobody/serverCenter'))).toEqual([]);
  });

  it('lets each query make its own call when the index call fails', async () => {
    calls.indexFails = true;
    const client = appClient();
    prefetchLanding(client);
    await settle(client);
    expect(await shown(client, false)).toEqual({
      config: OWN['/nobody/prepareLogin/configDetail'],
      footer: OWN['/nobody/prepareLogin/bottomConfigDetail'],
      statistic: OWN['/nobody/prepareLogin/getStatisticData'],
      hotWords: OWN['/nobody/searchHeatWord'],
      navigationBars: OWN['/nobody/navigationBar/list'],
      tools: OWN['/nobody/tools/list'],
      newlyLaunched: OWN['/nobody/serverCenter/NewlyLaunched'],
      mostVisited: OWN['/nobody/serverCenter/OSP/heatService'],
      scenes: OWN['/nobody/prepareLogin/queryAllServiceByType'],
    });
    // One index call (not one per query), then each query's own.
    expect(calls.made.filter((c) => c.endsWith('/nobody/index/index'))).toHaveLength(1);
    expect(calls.made).toHaveLength(10);
  });

  it('makes its own call for a part the index lacks, and files groups of another first tab under their key', async () => {
    const { navigationBars: _, ...rest } = INDEX;
    const dept = [{ id: 'd1', name: '教务处', count: 1, services: [item('d-s1')] }];
    calls.index = { ...rest, groups: { groupBy: 'dept', perGroup: 8, list: dept } };
    const client = appClient();
    prefetchLanding(client);
    await settle(client);
    expect(calls.made.sort()).toEqual(
      [
        'cygj/nobody/navigationBar/list',
        'platform/nobody/index/index',
        'platform/nobody/prepareLogin/queryAllServiceByType',
      ].sort(),
    );
    expect(client.getQueryData(navigationBarsQueryOptions('000000').queryKey)).toEqual(
      OWN['/nobody/navigationBar/list'],
    );
    expect(client.getQueryData(servicesByTypeQueryOptions('000000', 'dept', 8).queryKey)).toEqual(dept);
  });
});

describe("`/`'s page carries the index answer (ADR 0053)", () => {
  /** Puts the server's data script in the page, as platform/web.ts writes it. */
  const carry = (text: string) => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'portal-landing-index';
    script.textContent = text;
    document.head.append(script);
  };
  const data = (over: object = {}) =>
    JSON.stringify({ tenantId: '000000', size: 8, perGroup: 8, index: INDEX, ...over });
  afterEach(() => document.getElementById('portal-landing-index')?.remove());

  it("fills a visitor's first screen from it before anything renders, with no call; read once", async () => {
    carry(data());
    const client = appClient();
    prefetchLanding(client);
    // At once, not after a call: the page's first render finds every query answered.
    expect(client.getQueryData(landingConfigQueryOptions('000000').queryKey)).toEqual(INDEX.config);
    expect(client.getQueryData(servicesByTypeQueryOptions('000000', 'scene', 8).queryKey)).toEqual(INDEX.groups.list);
    expect(client.isFetching()).toBe(0);
    expect(await shown(client, false)).toEqual({
      config: INDEX.config,
      footer: INDEX.footer,
      statistic: INDEX.statistic,
      hotWords: INDEX.hotWords,
      navigationBars: INDEX.navigationBars,
      tools: INDEX.tools,
      newlyLaunched: INDEX.newlyLaunched,
      mostVisited: INDEX.mostVisited,
      scenes: INDEX.groups.list,
    });
    expect(calls.made).toEqual([]);
    // Taken out of the page: a later visit to `/` with an empty cache asks the server.
    expect(document.getElementById('portal-landing-index')).toBeNull();
    const later = appClient();
    prefetchLanding(later);
    await settle(later);
    expect(calls.made).toEqual(['platform/nobody/index/index']);
  });

  it("gives a logged-in user the tenant's parts from it; their own lists keep their calls", async () => {
    sessionStore.setState({ token: 't', user: { user_id: 'u1', tenant_id: '000000' } } as never);
    carry(data());
    const client = appClient();
    prefetchLanding(client);
    await settle(client);
    expect(calls.made).toEqual(['workbench/searchHeatWord']);
    expect(await shown(client, true)).toMatchObject({
      config: INDEX.config,
      scenes: INDEX.groups.list,
      hotWords: ['own words'],
      newlyLaunched: [item('user-new')],
      mostVisited: [item('user-hot')],
    });
  });

  it('makes its own call for a part it lacks, and files groups of another first tab under their key', async () => {
    const { tools: _, ...rest } = INDEX;
    const dept = [{ id: 'd1', name: '教务处', count: 1, services: [item('d-s1')] }];
    carry(data({ index: { ...rest, groups: { groupBy: 'dept', perGroup: 8, list: dept } } }));
    const client = appClient();
    prefetchLanding(client);
    await settle(client);
    expect(calls.made.sort()).toEqual(['cygj/nobody/tools/list', 'platform/nobody/prepareLogin/queryAllServiceByType']);
    expect(client.getQueryData(servicesByTypeQueryOptions('000000', 'dept', 8).queryKey)).toEqual(dept);
    expect(client.getQueryData(toolsQueryOptions('000000').queryKey)).toEqual(OWN['/nobody/tools/list']);
  });

  it('falls back to the index call when it is malformed, or for another tenant or other sizes', async () => {
    const cases: Array<[string, () => void]> = [
      ['not JSON', () => carry('{"tenantId":"000000",')],
      ['null', () => carry('null')],
      ['no index', () => carry(data({ index: null }))],
      ['a list for an index', () => carry(data({ index: [] }))],
      ['another tenant', () => carry(data({ tenantId: '100001' }))],
      ['other sizes', () => carry(data({ size: 3 }))],
    ];
    for (const [name, put] of cases) {
      calls.made.length = 0;
      put();
      const client = appClient();
      prefetchLanding(client);
      await settle(client);
      expect([name, calls.made]).toEqual([name, ['platform/nobody/index/index']]);
      expect([name, client.getQueryData(landingConfigQueryOptions('000000').queryKey)]).toEqual([name, INDEX.config]);
      expect(document.getElementById('portal-landing-index')).toBeNull();
    }
  });
});
