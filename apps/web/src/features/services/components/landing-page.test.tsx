import type { GroupKind, ServiceItem } from '@portal/contracts/services';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n.ts';
import type { SearchParams } from '../api/search-service.ts';
import { landingConfig, renderWithApp } from '../test-support.tsx';

const api = vi.hoisted(() => ({
  getLandingConfig: vi.fn(async () => landingConfig({ logo: 'https://cdn.invalid/logo.png' })),
  getFooterConfig: vi.fn(async () => ({
    schoolName: '示例大学',
    address: '',
    phone: '',
    email: '',
    copyright: '',
    icp: '',
    links: [],
  })),
  getNavigationBars: vi.fn(async () => []),
  getStatisticData: vi.fn(async () => ({
    serviceCount: 1,
    applicationCount: 1,
    processCount: 0,
    onlineCount: 1,
    deptCount: 1,
    sceneCount: 1,
    visitCount: 1,
  })),
  getTopServices: vi.fn<(kind: 'heat' | 'newly', size: number) => Promise<ServiceItem[]>>(async () => []),
  queryAllServiceByType: vi.fn<(tenantId: string, groupBy: GroupKind, perGroup: number) => Promise<never[]>>(
    async () => [],
  ),
  searchService: vi.fn(),
  getHeatWords: vi.fn(async () => []),
  getTools: vi.fn(async () => [
    { id: 't1', tools_icon: '', tools_name: '校历', tools_url: 'https://www.demo.edu.cn/xl', tools_type: '常用工具' },
    { id: 't2', tools_icon: '', tools_name: '办事指南', tools_url: '{"openType":"workGuide"}', tools_type: '常用工具' },
    {
      id: 't3',
      tools_icon: '',
      tools_name: '校园网缴费',
      tools_url: '{"url":"https://net.demo.edu.cn/pay","width":1000,"height":600}',
      tools_type: '生活工具',
    },
    {
      id: 't4',
      tools_icon: '',
      tools_name: '隐藏工具',
      tools_url: '{"url":"https://x.demo.edu.cn","hidden":true}',
      tools_type: '生活工具',
    },
  ]),
}));
// Each api module is the real one (its query options and keys) with the network call replaced by the mock.
vi.mock('../api/get-landing-config.ts', async (original) => {
  const real = await original<typeof import('../api/get-landing-config.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useLandingConfig: (tenantId: string) =>
      useQuery({ ...real.landingConfigQueryOptions(tenantId), queryFn: () => api.getLandingConfig() }),
  };
});
vi.mock('../api/get-footer-config.ts', async (original) => {
  const real = await original<typeof import('../api/get-footer-config.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useFooterConfig: (tenantId: string) =>
      useQuery({ ...real.footerConfigQueryOptions(tenantId), queryFn: () => api.getFooterConfig() }),
  };
});
vi.mock('../api/get-navigation-bars.ts', async (original) => {
  const real = await original<typeof import('../api/get-navigation-bars.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useNavigationBars: (tenantId: string) =>
      useQuery({ ...real.navigationBarsQueryOptions(tenantId), queryFn: () => api.getNavigationBars() }),
  };
});
vi.mock('../api/get-statistic-data.ts', async (original) => {
  const real = await original<typeof import('../api/get-statistic-data.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useStatisticData: (tenantId: string) =>
      useQuery({ ...real.statisticDataQueryOptions(tenantId), queryFn: () => api.getStatisticData() }),
  };
});
vi.mock('../api/get-top-services.ts', async (original) => {
  const real = await original<typeof import('../api/get-top-services.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useTopServices: (kind: 'heat' | 'newly', size: number, tenantId: string, loggedIn: boolean, enabled = true) =>
      useQuery({
        ...real.topServicesQueryOptions(kind, size, tenantId, loggedIn),
        queryFn: () => api.getTopServices(kind, size),
        enabled,
      }),
  };
});
vi.mock('../api/query-all-service-by-type.ts', async (original) => {
  const real = await original<typeof import('../api/query-all-service-by-type.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useServicesByType: (tenantId: string, groupBy: GroupKind, perGroup: number) =>
      useQuery({
        ...real.servicesByTypeQueryOptions(tenantId, groupBy, perGroup),
        queryFn: () => api.queryAllServiceByType(tenantId, groupBy, perGroup),
      }),
  };
});
vi.mock('../api/search-service.ts', async (original) => {
  const real = await original<typeof import('../api/search-service.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useSearchService: (params: SearchParams, tenantId: string, loggedIn: boolean) =>
      useQuery({
        ...real.searchServiceQueryOptions(params, tenantId, loggedIn),
        queryFn: () => api.searchService(params),
      }),
  };
});
vi.mock('../api/get-heat-words.ts', async (original) => {
  const real = await original<typeof import('../api/get-heat-words.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useHeatWords: (size = 8) => useQuery({ ...real.heatWordsQueryOptions(size), queryFn: () => api.getHeatWords() }),
  };
});
vi.mock('../api/get-tools.ts', async (original) => {
  const real = await original<typeof import('../api/get-tools.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useTools: (tenantId: string, enabled = true) =>
      useQuery({ ...real.toolsQueryOptions(tenantId), queryFn: () => api.getTools(), enabled }),
  };
});
const { LandingPage } = await import('./landing-page.tsx');

beforeEach(() => vi.clearAllMocks());

describe('landing page common tools', () => {
  it('links plain tools, opens configured ones as model windows, and lists no hidden one', async () => {
    renderWithApp(<LandingPage />, '/');
    const link = await screen.findByRole('link', { name: '校历' });
    expect(link.getAttribute('href')).toBe('https://www.demo.edu.cn/xl');
    expect(screen.queryByText('隐藏工具')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '校园网缴费' }));
    const dialog = await screen.findByRole('dialog', { name: '校园网缴费' });
    expect(dialog.querySelector('iframe')!.getAttribute('src')).toBe('https://net.demo.edu.cn/pay');
    expect((dialog.querySelector('[data-model-id]') as HTMLElement).style.height).toBe('600px');

    await userEvent.click(screen.getByRole('button', { name: '办事指南' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/allServices'));
  });

  it('falls back to the default logo when the configured one fails (section 8)', async () => {
    const { container } = renderWithApp(<LandingPage />, '/');
    await screen.findAllByText('示例大学网上办事服务大厅');
    const logo = container.querySelector('.svc-landing-brand img') as HTMLImageElement;
    await waitFor(() => expect(logo.getAttribute('src')).toBe('https://cdn.invalid/logo.png'));
    fireEvent.error(logo);
    expect(logo.getAttribute('src')).toBe('/favicon.svg');
  });

  it('shows only the sections the pre-login configuration switches on, and fetches nothing for the others', async () => {
    api.getLandingConfig.mockResolvedValueOnce(
      landingConfig({ showStatistic: false, showScenes: false, showTypes: false, showNewly: false, showTools: false }),
    );
    renderWithApp(<LandingPage />, '/');
    await screen.findByRole('tab', { name: '按部门' });
    await waitFor(() => expect(screen.queryByRole('tab', { name: '按场景' })).toBeNull());
    expect(screen.queryByRole('tab', { name: '按类型' })).toBeNull();
    expect(screen.getByRole('heading', { name: '热门服务' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '新上线服务' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '常用工具' })).toBeNull();
    await waitFor(() => expect(api.getTopServices).toHaveBeenCalledWith('heat', 8));
    expect(api.getTopServices).not.toHaveBeenCalledWith('newly', 8);
  });

  it('in English shows the English title, subtitle and search hint configured beside the Chinese (ADR 0074)', async () => {
    const english = landingConfig({
      subtitle: '一网通办',
      searchPlaceholder: '搜索服务',
      titleEn: 'Demo University Online Service Hall',
      subtitleEn: 'One portal for every service',
      searchPlaceholderEn: 'Search services',
    });
    api.getLandingConfig.mockResolvedValueOnce(english);
    api.getNavigationBars.mockResolvedValueOnce([
      { id: 'n1', name: '学校主页', nameEn: 'University home', url: 'https://www.demo.edu.cn', sort: 0 },
      { id: 'n2', name: '信息公开', url: 'https://xxgk.demo.edu.cn', sort: 1 },
    ] as never);
    await act(() => i18n.changeLanguage('en-US'));
    try {
      renderWithApp(<LandingPage />, '/');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Demo University Online Service Hall' }),
      ).toBeTruthy();
      expect(screen.getByText('One portal for every service')).toBeTruthy();
      expect(screen.getByPlaceholderText('Search services')).toBeTruthy();
      // The header links: the English where there is one, else the Chinese.
      expect((await screen.findAllByRole('link', { name: 'University home' })).length).toBeGreaterThan(0);
      expect(screen.getAllByRole('link', { name: '信息公开' }).length).toBeGreaterThan(0);
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });

  it('in English keeps the Chinese title where none is configured in English', async () => {
    api.getLandingConfig.mockResolvedValueOnce(landingConfig({ searchPlaceholder: '搜索服务' }));
    await act(() => i18n.changeLanguage('en-US'));
    try {
      renderWithApp(<LandingPage />, '/');
      expect(await screen.findByRole('heading', { level: 1, name: '示例大学网上办事服务大厅' })).toBeTruthy();
      expect(screen.getByPlaceholderText('搜索服务')).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });

  it('shows no 全部服务 block when scenes, departments and types are all switched off', async () => {
    api.getLandingConfig.mockResolvedValueOnce(
      landingConfig({
        showStatistic: false,
        showScenes: false,
        showDepts: false,
        showTypes: false,
        showNewly: false,
        showPopular: false,
        showTools: false,
      }),
    );
    renderWithApp(<LandingPage />, '/');
    await screen.findAllByText('示例大学网上办事服务大厅');
    await waitFor(() => expect(screen.queryByRole('heading', { name: '全部服务' })).toBeNull());
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('heading', { name: '热门服务' })).toBeNull();
  });
});
