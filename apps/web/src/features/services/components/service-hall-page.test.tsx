import type { GroupKind, ServiceGroup, ServiceItem } from '@portal/contracts/services';
import type { ServiceHallQuery } from '../api/get-service-page.ts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { renderWithApp } from '../test-support.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';

const api = vi.hoisted(() => ({
  getServiceGroups: vi.fn(),
  getServicePage: vi.fn(),
  searchService: vi.fn(),
  getHeatWords: vi.fn(async () => ['成绩查询', '请假']),
}));
vi.mock('../api/search-service.ts', () => ({ searchService: api.searchService }));
vi.mock('../api/get-service-groups.ts', async (original) => {
  const real = await original<typeof import('../api/get-service-groups.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    getServiceGroups: api.getServiceGroups,
    useServiceGroups: (kinds: readonly GroupKind[], serviceType: string, loggedIn: boolean) =>
      useQuery({
        ...real.serviceGroupsQueryOptions(kinds, serviceType, loggedIn),
        queryFn: async () =>
          Object.fromEntries(
            await Promise.all(kinds.map(async (k) => [k, await api.getServiceGroups(k, serviceType)] as const)),
          ) as Record<GroupKind, ServiceGroup[]>,
      }),
  };
});
vi.mock('../api/get-service-page.ts', async (original) => {
  const real = await original<typeof import('../api/get-service-page.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    getServicePage: api.getServicePage,
    useServiceHallList: (q: ServiceHallQuery, loggedIn: boolean) =>
      useQuery({
        ...real.serviceHallListQueryOptions(q, loggedIn),
        queryFn: () =>
          q.keyword
            ? api.searchService({ keyword: q.keyword, current: q.current, size: q.size, serviceType: q.serviceType })
            : api.getServicePage({ ...q.filter, serviceType: q.serviceType, current: q.current, size: q.size }),
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
const { ServiceHallPage } = await import('./service-hall-page.tsx');

const GROUPS = {
  dept: [
    { id: 'd1', name: '教务处', icon: '', count: 13 },
    { id: 'd2', name: '财务处', icon: '', count: 9 },
    { id: 'd0', name: '空部门', icon: '', count: 0 },
  ],
  scene: [{ id: 's1', name: '学习教学', icon: '', count: 20 }],
  type: [{ id: 't1', name: '学生服务', icon: '', count: 30 }],
};
const service = (i: number): ServiceItem => ({
  serviceId: `svc-${i}`,
  serviceName: `服务${i}`,
  serviceIcon: '',
  shelfLabelName: '',
  labelName: '',
  serviceDeptName: '教务处',
  serviceSceneName: '学习教学',
  visitCount: i,
  processType: 'ONLINE',
  hasGuide: false,
  accessWay: '1',
  openWay: '1003',
  serviceUrl: 'https://x',
  serviceType: 'PROCESS',
  serviceTypeName: '学生服务',
  deptId: 'd1',
  sceneId: 's1',
  typeId: 't1',
  isPublic: true,
  launchedAt: '',
  collected: false,
  score: 0,
  rateCount: 0,
});

beforeEach(() => {
  vi.clearAllMocks();
  api.getServiceGroups.mockImplementation(async (kind: keyof typeof GROUPS) => GROUPS[kind]);
  api.getServicePage.mockImplementation(async (p: { current: number; size: number }) => ({
    records: Array.from({ length: 12 }, (_, i) => service((p.current - 1) * 12 + i)),
    total: 30,
    size: 12,
    current: p.current,
    pages: 3,
  }));
  api.searchService.mockImplementation(async () => ({
    records: [service(99)],
    total: 1,
    size: 12,
    current: 1,
    pages: 1,
  }));
});

/** Ant Design's radio buttons hide their input (pointer-events: none); the label takes the click in a browser. */
const user = userEvent.setup({ pointerEventsCheck: 0 });
const lastPage = () => api.getServicePage.mock.calls.at(-1)![0];

describe.each([
  ['serviceHall', ''],
  ['applicationServiceCenter', 'APPLICATION'],
  ['processServiceCenter', 'PROCESS'],
] as const)('/home/%s: filters by department, scene and type, and pages', (route, serviceType) => {
  it('asks for the groups and the services of the route’s service type', async () => {
    renderWithApp(<ServiceHallPage serviceType={serviceType} />, `/home/${route}`);
    await screen.findByRole('radio', { name: '教务处 (13)' });
    expect(api.getServiceGroups.mock.calls.map((c) => c.slice(0, 2))).toEqual([
      ['dept', serviceType],
      ['scene', serviceType],
      ['type', serviceType],
    ]);
    expect(lastPage()).toEqual({ deptId: '', sceneId: '', typeId: '', serviceType, current: 1, size: 12 });
    // Groups with no service the caller may see are not offered.
    expect(screen.queryByRole('radio', { name: /空部门/ })).toBeNull();
  });

  it('narrows by department, then scene, then type; paging keeps the filters; choosing again starts at page 1', async () => {
    renderWithApp(<ServiceHallPage serviceType={serviceType} />, `/home/${route}`);
    await user.click(await screen.findByRole('radio', { name: '教务处 (13)' }));
    await waitFor(() =>
      expect(lastPage()).toMatchObject({ deptId: 'd1', sceneId: '', typeId: '', serviceType, current: 1 }),
    );
    await user.click(screen.getByRole('radio', { name: '学习教学 (20)' }));
    await waitFor(() => expect(lastPage()).toMatchObject({ deptId: 'd1', sceneId: 's1', current: 1 }));
    await user.click(screen.getByRole('radio', { name: '学生服务 (30)' }));
    await waitFor(() => expect(lastPage()).toMatchObject({ deptId: 'd1', sceneId: 's1', typeId: 't1', current: 1 }));

    expect(screen.getByText('共 30 项')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '第 3 页' }));
    await waitFor(() =>
      expect(lastPage()).toMatchObject({ deptId: 'd1', sceneId: 's1', typeId: 't1', serviceType, current: 3 }),
    );
    expect(await screen.findByRole('article', { name: '服务24' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toContain('current=3');

    await user.click(screen.getByRole('radio', { name: '财务处 (9)' }));
    await waitFor(() => expect(lastPage()).toMatchObject({ deptId: 'd2', current: 1 }));
    await user.click(screen.getAllByRole('radio', { name: '全部' })[0]!);
    await waitFor(() => expect(lastPage()).toMatchObject({ deptId: '', sceneId: 's1', typeId: 't1' }));
  });

  it('searches within the route’s service type; hot words search too', async () => {
    renderWithApp(<ServiceHallPage serviceType={serviceType} />, `/home/${route}`);
    // A department chosen before: the search covers every department (the call has no filter), and the address
    // says so rather than keep a filter the result does not follow.
    await user.click(await screen.findByRole('radio', { name: '教务处 (13)' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('deptId=d1'));
    await user.click(await screen.findByText('请假'));
    await waitFor(() =>
      expect(api.searchService).toHaveBeenLastCalledWith({ keyword: '请假', current: 1, size: 12, serviceType }),
    );
    expect(await screen.findByText('“请假”的搜索结果，共 1 项')).toBeTruthy();
    // Filters give way to the search result.
    expect(screen.queryByRole('radio', { name: '教务处 (13)' })).toBeNull();
    expect(screen.getByTestId('where').textContent).not.toContain('deptId');
  });

  it('says "1 result" in English for one found service, "2 results" for two', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    try {
      renderWithApp(
        <ServiceHallPage serviceType={serviceType} />,
        `/home/${route}?keyword=${encodeURIComponent('请假')}`,
      );
      expect(await screen.findByText('1 result for “请假”')).toBeTruthy();
      expect(i18n.t('services.searchResult', { keyword: '请假', count: 2 })).toBe('2 results for “请假”');
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });
});

describe('/home/serviceHall when its calls fail (a server error, no network, a time-out)', () => {
  it('says 加载失败 with 重试 for the services and for the filters, not 暂无数据, and shows them on 重试', async () => {
    const down = () => Promise.reject(new Error('E-N00001Q：当前网络不可用，请检查你的网络设置'));
    api.getServiceGroups.mockImplementationOnce(down);
    api.getServicePage.mockImplementationOnce(down);
    renderWithApp(<ServiceHallPage serviceType="" />, '/home/serviceHall');
    const retryList = await screen.findByRole('button', { name: '重试 服务大厅' });
    const retryFilters = await screen.findByRole('button', { name: '重试 筛选条件' });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['加载失败', '加载失败']);
    expect(screen.queryByText('暂无数据')).toBeNull();
    expect(screen.queryByRole('radio', { name: '全部' })).toBeNull();

    // The keyboard reaches 重试 and presses it; the calls now succeed.
    retryList.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('article', { name: '服务0' })).toBeTruthy();
    retryFilters.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('radio', { name: '学生服务 (30)' })).toBeTruthy();
    expect(screen.queryByText('加载失败')).toBeNull();
  });

  it('still says 暂无数据 when the services arrive and there are none', async () => {
    api.getServicePage.mockResolvedValueOnce({ records: [], total: 0, size: 12, current: 1, pages: 0 });
    renderWithApp(<ServiceHallPage serviceType="" />, '/home/serviceHall');
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.queryByText('加载失败')).toBeNull();
  });
});
