import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store.ts';

const calls = vi.hoisted(() => ({ made: [] as string[], indexFails: false }));
const INDEX = {
  tenantName: '示例大学',
  config: { title: '示例大学网上办事服务大厅' },
  footer: { schoolName: '示例大学' },
  statistic: { serviceCount: 65 },
  hotWords: ['成绩查询', '校园卡'],
};
// Each client records the path it was asked for and answers what that path answers.
vi.mock('../../../lib/http/clients.ts', () => {
  const client = (base: string) => {
    const send = async (path: string) => {
      calls.made.push(`${base}${path}`);
      if (path === '/nobody/index/index') {
        if (calls.indexFails) throw new Error('index down');
        return INDEX;
      }
      if (path === '/nobody/prepareLogin/configDetail') return { title: 'from its own call' };
      if (path === '/searchHeatWord' || path === '/nobody/searchHeatWord') return ['own words'];
      return [];
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

const settle = (client: QueryClient) =>
  vi.waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 2000, interval: 5 });

afterEach(() => {
  calls.made.length = 0;
  calls.indexFails = false;
  sessionStore.setState({ token: null, user: null } as never);
});

describe('prefetchLanding (issue 10)', () => {
  it("fills a visitor's configuration, footer, figures and hot words from the one index call", async () => {
    // The app's staleTime (app/providers.tsx): a page's query takes an answer of the last 30 s.
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    prefetchLanding(client);
    await settle(client);
    expect(client.getQueryData(landingConfigQueryOptions('000000').queryKey)).toEqual(INDEX.config);
    expect(client.getQueryData(footerConfigQueryOptions('000000').queryKey)).toEqual(INDEX.footer);
    expect(client.getQueryData(statisticDataQueryOptions('000000').queryKey)).toEqual(INDEX.statistic);
    expect(client.getQueryData(heatWordsQueryOptions(8).queryKey)).toEqual(INDEX.hotWords);
    // One call for those four, plus the navigation and the first tab's groups.
    expect(calls.made.sort()).toEqual(
      [
        'cygj/nobody/navigationBar/list',
        'platform/nobody/index/index',
        'platform/nobody/prepareLogin/queryAllServiceByType',
      ].sort(),
    );
    // The page's own query finds the answer: no second call.
    await client.fetchQuery(landingConfigQueryOptions('000000'));
    expect(calls.made.filter((c) => c.includes('configDetail'))).toEqual([]);
  });

  it("asks a logged-in user's own hot words, not the tenant's", async () => {
    sessionStore.setState({ token: 't', user: { user_id: 'u1', tenant_id: '000000' } } as never);
    const client = new QueryClient();
    prefetchLanding(client);
    await settle(client);
    expect(client.getQueryData(heatWordsQueryOptions(8).queryKey)).toEqual(['own words']);
    expect(calls.made).toContain('workbench/searchHeatWord');
  });

  it('leaves each query to its own call when the index call fails', async () => {
    calls.indexFails = true;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchLanding(client);
    await settle(client);
    expect(client.getQueryData(landingConfigQueryOptions('000000').queryKey)).toBeUndefined();
    // The page's query (its own options) makes its own call and shows its answer.
    expect(await client.fetchQuery({ ...landingConfigQueryOptions('000000'), staleTime: 0 })).toEqual({
      title: 'from its own call',
    });
  });
});
