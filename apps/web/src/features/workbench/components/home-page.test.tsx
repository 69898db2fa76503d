import type { Card, CardService, CardView, HomeLayout, IndexType, ServiceSpecial } from '@portal/contracts/workbench';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

const api = vi.hoisted(() => ({
  layout: vi.fn(),
  view: vi.fn(),
  holidays: vi.fn(async () => [] as Array<{ name: string; date: string; daysLeft: number; greeting?: string }>),
  special: vi.fn(async () => null as unknown),
  specials: vi.fn(async () => [] as unknown[]),
  // As the one call of the cards does (ADR 0054): asks for each card's view, here by the card's own query, once per
  // list of cards (the page calls it on every render; asking again for a card that failed would ask in a loop).
  cardBodyRenders: 0,
  asked: new WeakMap<QueryClient, WeakSet<Card[]>>(),
  prefetch: vi.fn((client: QueryClient, cards: Card[], layout: string) => {
    const asked = api.asked.get(client) ?? new WeakSet<Card[]>();
    api.asked.set(client, asked);
    if (asked.has(cards)) return;
    asked.add(cards);
    for (const c of cards)
      void client.prefetchQuery({ queryKey: ['view', c.id, layout], queryFn: () => api.view(c.id, layout) });
  }),
}));
vi.mock('../api/get-home-layout.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return { useHomeLayout: (enabled = true) => useQuery({ queryKey: ['home'], queryFn: api.layout, enabled }) };
});
vi.mock('../api/get-card-view.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  const getCardViewQueryOptions = (id: string, layout: string) => ({
    queryKey: ['view', id, layout],
    queryFn: () => api.view(id, layout),
  });
  return {
    getCardViewQueryOptions,
    useCardView: (id: string, layout: string) => useQuery(getCardViewQueryOptions(id, layout)),
  };
});
// The one call of the cards (ADR 0054) has its own test (get-card-views.test.tsx): here each card's query answers.
vi.mock('../api/get-card-views.ts', () => ({ prefetchCardViews: api.prefetch }));
vi.mock('../api/get-holidays.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return { useHolidays: (enabled = true) => useQuery({ queryKey: ['holidays'], queryFn: api.holidays, enabled }) };
});
vi.mock('../api/get-service-special.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return { useServiceSpecial: (enabled = true) => useQuery({ queryKey: ['special'], queryFn: api.special, enabled }) };
});
vi.mock('../api/get-service-special-list.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return {
    useServiceSpecialList: (enabled: boolean) => useQuery({ queryKey: ['specials'], queryFn: api.specials, enabled }),
  };
});
// Each card body's renders counted (the real component renders).
vi.mock('./card-body.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof import('./card-body.tsx')>();
  return {
    ...real,
    CardBody: (props: Parameters<typeof real.CardBody>[0]) => {
      api.cardBodyRenders += 1;
      return real.CardBody(props);
    },
  };
});
const { CARDS_WAIT_MS, HomePage } = await import('./home-page.tsx');

polyfillDialog();
import { polyfillDialog } from '../lib/jsdom-dialog.ts';
import type { ServiceActions } from '../lib/service-actions.ts';

const service = (i: number): CardService => ({
  serviceId: `s${i}`,
  serviceName: `服务${i}`,
  serviceIcon: '',
  shelfLabelName: '',
  labelName: '',
  serviceDeptName: '',
  serviceSceneName: '入学报到',
  visitCount: 1,
  processType: 'ONLINE',
  hasGuide: false,
  accessWay: '1',
  openWay: '1003',
  serviceUrl: `https://svc.demo.edu.cn/${i}`,
});
const card = (id: string, cardType: Card['cardType'], name: string, extra: Partial<Card> = {}): Card => ({
  id,
  cardType,
  basicConfig: { cardName: name, cardIntroduction: '', displayRows: 1 },
  dataSource: '',
  typeList: [],
  currentStatusBackgroundColor: [],
  otherInformationList: [],
  serviceIds: [],
  status: 1,
  roleIds: [],
  sort: 1,
  updatedAt: '',
  ...extra,
});
const type = (
  id: string,
  typeName: string,
  layout: IndexType['layout'],
  cardConfigs: Card[],
  isDefault = false,
): IndexType => ({
  id,
  typeName,
  layout,
  status: 1,
  sort: 1,
  isDefault,
  cardConfigs,
});
const viewOf = (c: Card, extra: Partial<CardView> = {}): CardView => ({
  ...c,
  list: [],
  services: [],
  tools: [],
  news: [],
  ...extra,
});
const special = (id: string, title: string, services: CardService[]): ServiceSpecial => ({
  id,
  title,
  description: '',
  serviceIds: services.map((s) => s.serviceId),
  img: '',
  services,
});

function renderHome(
  actions: ServiceActions | null = null,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <HomePage actions={actions} />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('home page', () => {
  afterEach(() => {
    vi.clearAllMocks();
    sessionStore.getState().logoutClear();
  });

  it('shows the cards of one index type without tabs, with the other information of a card as links or text', async () => {
    const news = card('n', 'campusNews', '校园新闻', {
      otherInformationList: [
        { label: '更多新闻', value: 'https://news.demo.edu.cn' },
        { label: '发布单位', value: '校办' },
        { label: '坏链接', value: 'javascript:alert(1)' },
      ],
    });
    api.layout.mockResolvedValue({ types: [type('t1', '工作台', 'same', [news])] } satisfies HomeLayout);
    api.view.mockImplementation(async () => viewOf(news));
    renderHome();
    const heading = await screen.findByRole('heading', { name: '校园新闻' });
    expect(screen.queryByRole('tablist')).toBeNull();
    const cardEl = heading.closest('.wb-card') as HTMLElement;
    expect(within(cardEl).getByRole('link', { name: '更多新闻' }).getAttribute('href')).toBe(
      'https://news.demo.edu.cn',
    );
    expect(within(cardEl).getByText('发布单位：校办')).toBeTruthy();
    expect(within(cardEl).queryByRole('link', { name: '坏链接' })).toBeNull();
    // A news card without columns says so rather than showing an empty tab strip.
    expect(await within(cardEl).findByText('暂无数据')).toBeTruthy();
  });

  it('shows only the portal\'s prompt on an empty 我的收藏 card, not a generic "no data" as well (2.3)', async () => {
    const favs = card('f', 'myCollection', '我的收藏');
    api.layout.mockResolvedValue({ types: [type('t1', '工作台', 'same', [favs])] } satisfies HomeLayout);
    api.view.mockImplementation(async () => viewOf(favs));
    renderHome();
    const prompt = await screen.findByText(/还没有收藏的服务，去/);
    const cardEl = prompt.closest('.wb-card') as HTMLElement;
    expect(within(prompt).getByText('服务大厅').getAttribute('href')).toBe('/home/serviceHall');
    expect(within(prompt).getByText('办事服务中心').getAttribute('href')).toBe('/home/processServiceCenter');
    expect(within(prompt).getByText('应用服务中心').getAttribute('href')).toBe('/home/applicationServiceCenter');
    expect(within(cardEl).queryByText('暂无数据')).toBeNull();
  });

  it('opens a card service and its guide through the services feature (4.4), not by a bare link, and numbers 为你推荐', async () => {
    const use = card('u', 'commonUse', '常用服务');
    const rec = card('r', 'recommend', '为你推荐');
    const services = Array.from({ length: 6 }, (_, i) => ({ ...service(i + 1), hasGuide: i === 0, openWay: '1001' }));
    api.layout.mockResolvedValue({ types: [type('t1', '工作台', 'same', [use, rec])] } satisfies HomeLayout);
    api.view.mockImplementation(async (id: string) => viewOf(id === 'u' ? use : rec, { services }));
    const actions = { open: vi.fn(), openGuide: vi.fn() };
    renderHome(actions);
    const useCard = (await screen.findByRole('heading', { name: '常用服务' })).closest('.wb-card') as HTMLElement;
    await userEvent.click(within(useCard).getByRole('link', { name: '在线办理 服务1' }));
    expect(actions.open).toHaveBeenCalledWith(services[0]);
    await userEvent.click(within(useCard).getByRole('button', { name: '办事指南 服务1' }));
    expect(actions.openGuide).toHaveBeenCalledWith(services[0]);
    const recCard = (await screen.findByRole('heading', { name: '为你推荐' })).closest('.wb-card') as HTMLElement;
    await waitFor(() => expect(recCard.querySelectorAll('.wb-rank-no')).toHaveLength(3));
    expect([...recCard.querySelectorAll('.wb-rank-no')].map((n) => n.textContent)).toEqual(['4', '5', '6']);
    await userEvent.click(within(recCard).getByRole('link', { name: '服务5' }));
    expect(actions.open).toHaveBeenLastCalledWith(services[4]);
  });

  it('names 常用服务 actions with their service as the service hall does, in English too: Online handling 服务1', async () => {
    const use = card('u', 'commonUse', '常用服务');
    api.layout.mockResolvedValue({ types: [type('t1', '工作台', 'same', [use])] } satisfies HomeLayout);
    api.view.mockImplementation(async () => viewOf(use, { services: [{ ...service(1), hasGuide: true }] }));
    await act(() => i18n.changeLanguage('en-US'));
    try {
      renderHome({ open: vi.fn(), openGuide: vi.fn() });
      expect(await screen.findByRole('link', { name: 'Online handling 服务1' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Service guide 服务1' })).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });

  it("shows in English a card's English title, tabs, headers and link, and the Chinese where it has none (ADR 0074)", async () => {
    const table = card('t', 'todoTable', '待办列表', {
      basicConfig: { cardName: '待办列表', cardNameEn: 'To-do list', cardIntroduction: '', displayRows: 1 },
      otherInformationList: [{ label: '更多新闻', labelEn: 'More news', value: 'https://news.demo.edu.cn' }],
    });
    const plain = card('p', 'campusNews', '校园新闻', {
      basicConfig: { cardName: '校园新闻', cardNameEn: '', cardIntroduction: '', displayRows: 1 },
    });
    const column = {
      id: 'c1',
      columnName: '待办',
      columnNameEn: 'To do',
      dataSource: 'todo' as const,
      todoNum: 1,
      todoTypeName: '',
      todoTimeoutNum: 0,
      todoTimeoutName: '',
      num: 1,
      result: [{ id: 'r1', title: '请假', flowType: '请假审批', createTime: '2026-11-30T01:00:00Z' }],
      cardMapping: [
        { field: 'title', chineseName: '标题', chineseNameEn: 'Title' },
        { field: 'flowType', chineseName: '流程类型' },
        { field: 'createTime', chineseName: '到达时间', chineseNameEn: 'Arrival time' },
      ],
    };
    api.layout.mockResolvedValue({ types: [type('t1', '工作台', 'same', [table, plain])] } satisfies HomeLayout);
    api.view.mockImplementation(async (id: string) =>
      id === 't'
        ? viewOf(table, { list: [column] })
        : viewOf(plain, { list: [{ ...column, id: 'c2', columnNameEn: '' }] }),
    );
    await act(() => i18n.changeLanguage('en-US'));
    try {
      renderHome();
      const heading = await screen.findByRole('heading', { name: 'To-do list' });
      const tableCard = heading.closest('.wb-card') as HTMLElement;
      expect(within(tableCard).getByRole('link', { name: 'More news' })).toBeTruthy();
      expect(await within(tableCard).findByRole('tab', { name: /To do/ })).toBeTruthy();
      expect(within(tableCard).getByRole('columnheader', { name: 'Arrival time' })).toBeTruthy();
      expect(within(tableCard).getByRole('columnheader', { name: 'Title' })).toBeTruthy();
      // No English for this header: the Chinese.
      expect(within(tableCard).getByRole('columnheader', { name: '流程类型' })).toBeTruthy();
      // A card without an English name keeps its Chinese one; so does its column.
      const plainCard = (await screen.findByRole('heading', { name: '校园新闻' })).closest('.wb-card') as HTMLElement;
      expect(await within(plainCard).findByRole('tab', { name: '待办' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: '待办列表' })).toBeNull();
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
    // In Chinese the Chinese, English or not.
    expect(await screen.findByRole('heading', { name: '待办列表' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '到达时间' })).toBeTruthy();
  });

  it('shows the guide button disabled where nothing could open the guide (no actions: the card preview)', async () => {
    const use = card('u', 'commonUse', '常用服务');
    api.layout.mockResolvedValue({ types: [type('t1', '工作台', 'same', [use])] } satisfies HomeLayout);
    api.view.mockImplementation(async () => viewOf(use, { services: [{ ...service(1), hasGuide: true }] }));
    renderHome();
    const useCard = (await screen.findByRole('heading', { name: '常用服务' })).closest('.wb-card') as HTMLElement;
    await within(useCard).findAllByRole('link');
    expect((within(useCard).getByRole('button', { name: /办事指南/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows one tab per index type, each card in its own layout', async () => {
    const tools = card('c1', 'businessExpress', '业务直通车');
    api.layout.mockResolvedValue({
      types: [type('t1', '工作台', 'same', [tools]), type('t2', '我的事务', 'separate', [tools])],
    } satisfies HomeLayout);
    api.view.mockImplementation(async () =>
      viewOf(tools, { services: Array.from({ length: 20 }, (_, i) => service(i + 1)) }),
    );
    renderHome();
    await screen.findByRole('tab', { name: '工作台' });
    // Wide layout at one row: 6 items.
    await waitFor(() => expect(document.querySelectorAll('.wb-grid-same li')).toHaveLength(6));
    await userEvent.click(screen.getByRole('tab', { name: '我的事务' }));
    // Narrow layout at one row: 5 items.
    await waitFor(() => expect(document.querySelectorAll('.wb-grid-separate li')).toHaveLength(5));
    expect(api.view).toHaveBeenCalledWith('c1', 'separate');
  });

  it('names each home tab in English by the English an administrator gave it, else the Chinese (ADR 0074)', async () => {
    const tools = card('c1', 'businessExpress', '业务直通车');
    api.layout.mockResolvedValue({
      types: [
        { ...type('t1', '工作台', 'same', [tools]), typeNameEn: 'Workbench' },
        type('t2', '我的事务', 'separate', [tools]),
      ],
    } satisfies HomeLayout);
    api.view.mockImplementation(async () => viewOf(tools, { services: [service(1)] }));
    await act(() => i18n.changeLanguage('en-US'));
    try {
      renderHome();
      expect(await screen.findByRole('tab', { name: 'Workbench', selected: true })).toBeTruthy();
      expect(screen.getByRole('tab', { name: '我的事务' })).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });

  it('opens on the tab the administrator made the default, not on the first or the newest (issue 16)', async () => {
    const tools = card('c1', 'businessExpress', '业务直通车');
    api.layout.mockResolvedValue({
      types: [
        type('t1', '新页签', 'separate', [tools]),
        type('t2', '工作台', 'same', [tools], true),
        type('t3', '我的事务', 'separate', [tools]),
      ],
    } satisfies HomeLayout);
    api.view.mockImplementation(async () => viewOf(tools, { services: [service(1)] }));
    renderHome();
    expect(await screen.findByRole('tab', { name: '工作台', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '新页签' }).getAttribute('aria-selected')).toBe('false');
    await waitFor(() => expect(api.view).toHaveBeenCalledWith('c1', 'same'));
    expect(api.view).not.toHaveBeenCalledWith('c1', 'separate');
    // The cards in one call (ADR 0054): the tab the page opens on, the first asked, and only that tab's.
    const asked = api.prefetch.mock.calls.map(([, cards, layout]) => [(cards as Card[]).map((c) => c.id), layout]);
    expect(asked[0]).toEqual([['c1'], 'same']);
    expect(asked.every(([, layout]) => layout === 'same')).toBe(true);
    expect(api.prefetch.mock.calls[0]![1]).toBe(
      (await (api.layout.mock.results[0]!.value as Promise<HomeLayout>)).types[1]!.cardConfigs,
    );
  });

  it('greets the user with the nearest holiday, or a holiday greeting on the day itself', async () => {
    sessionStore.setState({ user: { user_name: '张小华' } as never });
    api.layout.mockResolvedValue({ types: [] });
    api.holidays.mockResolvedValueOnce([
      { name: '寒假', date: '2027-01-17', daysLeft: 40 },
      { name: '元旦', date: '2027-01-01', daysLeft: 24 },
    ]);
    const r = renderHome();
    expect((await screen.findByTestId('holiday')).textContent).toBe('距离元旦（2027-01-01）还有 24 天');
    expect(screen.getByTestId('home-banner').textContent).toMatch(/(早上|中午|下午|晚上)好，张小华/);
    expect(await screen.findByText('管理员尚未为您配置首页卡片')).toBeTruthy();
    r.unmount();
    api.holidays.mockResolvedValueOnce([{ name: '元旦', date: '2027-01-01', daysLeft: 0 }]);
    const again = renderHome();
    expect((await screen.findByTestId('holiday')).textContent).toBe('今天是元旦，节日快乐！');
    again.unmount();
    // The greeting an administrator configured for the holiday replaces the default wish.
    api.holidays.mockResolvedValueOnce([
      { name: '校庆', date: '2027-05-20', daysLeft: 0, greeting: '祝母校生日快乐！' },
    ]);
    renderHome();
    expect((await screen.findByTestId('holiday')).textContent).toBe('今天是校庆，祝母校生日快乐！');
  });

  it('shows the featured service special with its services, and every special on demand', async () => {
    api.layout.mockResolvedValue({ types: [] });
    api.special.mockResolvedValue(special('sp1', '迎新专题', [service(1), service(2)]));
    api.specials.mockResolvedValue([
      special('sp1', '迎新专题', [service(1), service(2)]),
      special('sp2', '毕业季专题', []),
    ]);
    renderHome();
    const strip = await screen.findByTestId('service-special');
    expect(within(strip).getByRole('heading', { name: '服务专题：迎新专题' })).toBeTruthy();
    expect(within(strip).getByRole('link', { name: /服务1/ }).getAttribute('href')).toBe('https://svc.demo.edu.cn/1');
    expect(api.specials).not.toHaveBeenCalled();
    await userEvent.click(within(strip).getByRole('button', { name: '全部专题' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('tab', { name: '毕业季专题' }));
    expect(await within(dialog).findByText('暂无数据')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says 加载失败 in 全部专题 when the specials did not come, not 暂无数据, and shows them on 重试', async () => {
    api.layout.mockResolvedValue({ types: [] });
    api.special.mockResolvedValue(special('sp1', '迎新专题', [service(1)]));
    api.specials.mockRejectedValueOnce(new Error('E-N00001Q：当前网络不可用，请检查你的网络设置'));
    api.specials.mockResolvedValueOnce([special('sp1', '迎新专题', [service(1)]), special('sp2', '毕业季专题', [])]);
    renderHome();
    const strip = await screen.findByTestId('service-special');
    await userEvent.click(within(strip).getByRole('button', { name: '全部专题' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('加载失败');
    expect(within(dialog).queryByText('暂无数据')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: '重试' }));
    expect(await within(dialog).findByRole('tab', { name: '毕业季专题' })).toBeTruthy();
    expect(within(dialog).queryByText('加载失败')).toBeNull();
  });

  it('settles on a failed greeting and special (a 401, a server error) without asking for them in a loop', async () => {
    // Each call is answered by hand, so a call the page should not make shows up as a call, whatever the timing.
    const failures: Array<() => void> = [];
    const failing = () =>
      new Promise<never>((_, reject) => failures.push(() => reject(new Error('登录已失效，请重新登录'))));
    api.layout.mockResolvedValue({ types: [] });
    api.holidays.mockImplementationOnce(failing).mockImplementationOnce(failing);
    api.special.mockImplementationOnce(failing).mockImplementationOnce(failing);
    renderHome();
    await waitFor(() => expect(failures).toHaveLength(2));
    await act(async () => failures.splice(0).forEach((fail) => fail()));
    await screen.findByText('管理员尚未为您配置首页卡片');
    // The banner and the special, mounted over the failed queries, ask once more each; that answer fails too.
    await waitFor(() => expect(failures).toHaveLength(2));
    await act(async () => failures.splice(0).forEach((fail) => fail()));
    await act(async () => undefined);
    await act(async () => undefined);
    expect(api.holidays).toHaveBeenCalledTimes(2);
    expect(api.special).toHaveBeenCalledTimes(2);
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.getByText('管理员尚未为您配置首页卡片')).toBeTruthy();
  });

  it('shows skeletons, not an empty state, until the page and each card have answered; a failed card says so', async () => {
    const news = card('n', 'campusNews', '校园新闻');
    const rec = card('r', 'recommend', '为你推荐');
    let answerLayout: (v: HomeLayout) => void = () => {};
    api.layout.mockImplementation(() => new Promise<HomeLayout>((resolve) => (answerLayout = resolve)));
    let answerNews: (v: CardView) => void = () => {};
    api.view.mockImplementation((id: string) =>
      id === 'n' ? new Promise<CardView>((resolve) => (answerNews = resolve)) : Promise.reject(new Error('boom')),
    );
    renderHome();
    await waitFor(() => expect(api.layout).toHaveBeenCalled());
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(document.querySelectorAll('.wb-card-body .plain-skeleton')).toHaveLength(3);
    expect(screen.queryByText('管理员尚未为您配置首页卡片')).toBeNull();
    await act(async () => answerLayout({ types: [type('t1', '工作台', 'same', [news, rec])] }));
    // The page waits for the cards it opens on (no card growing from its skeleton afterwards), CARDS_WAIT_MS at most.
    await act(async () => undefined);
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: '校园新闻', level: 2 })).toBeNull();
    const newsCard = (
      await screen.findByRole('heading', { name: '校园新闻', level: 2 }, { timeout: CARDS_WAIT_MS + 5_000 })
    ).closest('.wb-card')!;
    expect(newsCard.querySelector('.wb-card-body .plain-skeleton')).not.toBeNull();
    expect(within(newsCard as HTMLElement).queryByText('暂无数据')).toBeNull();
    const recCard = screen.getByRole('heading', { name: '为你推荐', level: 2 }).closest('.wb-card') as HTMLElement;
    expect((await within(recCard).findByRole('alert')).textContent).toBe('加载失败');
    expect(within(recCard).getByRole('button', { name: '重试 为你推荐' })).toBeTruthy();
    await act(async () => answerNews(viewOf(news)));
    expect(await within(newsCard as HTMLElement).findByText('暂无数据')).toBeTruthy();
    expect(newsCard.querySelector('.wb-card-body .plain-skeleton')).toBeNull();
  });

  it('says 加载失败 on a card whose call failed, with a 重试 that asks for that card again and shows its data', async () => {
    const use = card('u', 'commonUse', '常用服务');
    const rec = card('r', 'recommend', '为你推荐');
    api.layout.mockResolvedValue({ types: [type('t1', '工作台', 'same', [use, rec])] } satisfies HomeLayout);
    let recDown = true;
    api.view.mockImplementation(async (id: string) => {
      if (id === 'r' && recDown) throw new Error('E-N00002Q：当前网络连接不稳定，请稍后再试');
      return viewOf(id === 'u' ? use : rec, { services: [service(1)] });
    });
    renderHome();
    const recCard = (await screen.findByRole('heading', { name: '为你推荐', level: 2 })).closest(
      '.wb-card',
    ) as HTMLElement;
    expect((await within(recCard).findByRole('alert')).textContent).toBe('加载失败');
    expect(within(recCard).queryByText('暂无推荐')).toBeNull();
    const useCard = screen.getByRole('heading', { name: '常用服务', level: 2 }).closest('.wb-card') as HTMLElement;
    expect(within(useCard).queryByRole('alert')).toBeNull();
    const asked = api.view.mock.calls.filter(([id]) => id === 'u').length;
    recDown = false;
    within(recCard).getByRole('button', { name: '重试 为你推荐' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await within(recCard).findByRole('link', { name: /服务1/ })).toBeTruthy();
    expect(within(recCard).queryByText('加载失败')).toBeNull();
    // Only the failed card was asked for again.
    expect(api.view.mock.calls.filter(([id]) => id === 'u')).toHaveLength(asked);
  });

  it('says 加载失败 when the home layout did not come, not that no cards are configured, and shows the cards on 重试', async () => {
    const news = card('n', 'campusNews', '校园新闻');
    api.layout.mockRejectedValueOnce(new Error('E-FY500Q：当前网络连接不稳定或系统正忙，请稍后再试或联系管理员处理'));
    api.layout.mockResolvedValueOnce({ types: [type('t1', '工作台', 'same', [news])] } satisfies HomeLayout);
    api.view.mockImplementation(async () => viewOf(news));
    renderHome();
    expect((await screen.findByRole('alert')).textContent).toBe('加载失败');
    expect(screen.queryByText('管理员尚未为您配置首页卡片')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '校园新闻', level: 2 })).toBeTruthy();
    expect(screen.queryByText('加载失败')).toBeNull();
  });

  it('paints the cards it opens on with the page when they answer in time, each at its own height (no layout shift)', async () => {
    const news = card('n', 'campusNews', '校园新闻');
    const rec = card('r', 'recommend', '为你推荐');
    api.layout.mockResolvedValue({ types: [type('t1', '工作台', 'same', [news, rec])] });
    let answerNews: (v: CardView) => void = () => {};
    api.view.mockImplementation((id: string) =>
      id === 'n' ? new Promise<CardView>((resolve) => (answerNews = resolve)) : Promise.resolve(viewOf(rec)),
    );
    renderHome();
    await waitFor(() => expect(api.view).toHaveBeenCalledWith('n', 'same'));
    await act(async () => undefined);
    // 为你推荐 has answered; the page still shows its own skeleton while 校园新闻 has not.
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: '为你推荐', level: 2 })).toBeNull();
    await act(async () => answerNews(viewOf(news)));
    const newsCard = (await screen.findByRole('heading', { name: '校园新闻', level: 2 })).closest('.wb-card')!;
    expect(within(newsCard as HTMLElement).getByText('暂无数据')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '为你推荐', level: 2 })).toBeTruthy();
    expect(document.querySelector('.plain-skeleton')).toBeNull();
  });

  it('does not render its cards again when only the page around them changes (issue 10)', async () => {
    const news = card('n', 'campusNews', '校园新闻');
    const rec = card('r', 'recommend', '为你推荐');
    const other = card('o', 'commonUse', '常用服务');
    const layout = (name: string) => ({
      types: [type('t1', name, 'same', [news, rec], true), type('t2', '其他', 'same', [other])],
    });
    api.layout.mockResolvedValue(layout('工作台'));
    api.view.mockImplementation(async (id: string) => viewOf(id === 'n' ? news : id === 'r' ? rec : other));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderHome(null, client);
    await screen.findByRole('heading', { name: '为你推荐', level: 2 });
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    const rendered = api.cardBodyRenders;
    expect(rendered).toBeGreaterThanOrEqual(2);
    // The layout answers again with the same cards under a renamed tab: the page renders again, its cards do not.
    api.layout.mockResolvedValue(layout('我的工作台'));
    await act(() => client.refetchQueries({ queryKey: ['home'] }));
    expect(await screen.findByRole('tab', { name: '我的工作台' })).toBeTruthy();
    expect(api.cardBodyRenders).toBe(rendered);
  });

  it('shows no special strip when none is configured', async () => {
    api.layout.mockResolvedValue({ types: [] });
    api.special.mockResolvedValue(null);
    renderHome();
    await screen.findByText('管理员尚未为您配置首页卡片');
    await waitFor(() => expect(api.special).toHaveBeenCalled());
    expect(screen.queryByTestId('service-special')).toBeNull();
  });
});
