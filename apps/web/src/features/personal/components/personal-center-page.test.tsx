import type { UserInfo } from '@portal/contracts/auth';
import type { SchoolCalendar, SystemAccessLink } from '@portal/contracts/personal';
import type { AccountBinding, MyRate, RecentService } from '@portal/contracts/services';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider, setLanguage } from '../../../lib/i18n/i18n.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { recordSessionTime } from '../../../lib/session/session-time.ts';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), wbPost: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  platformHttp: { get: http.get, post: http.post },
  userHttp: { get: http.get, post: http.post },
  workbenchHttp: { get: http.get, post: http.wbPost },
}));
const { PersonalCenterPage } = await import('./personal-center-page.tsx');

const USER: UserInfo = {
  user_id: 'u3',
  user_name: '张同学',
  account: 'student01',
  nick_name: '张小华',
  tenant_id: '000000',
  tenant_name: '示例大学',
  roleId: '000000-student',
  roleType: 'student',
  roleName: '学生',
  configurationMenu: [],
};
const CALENDAR: SchoolCalendar = {
  schoolYear: '2026-2027',
  date: '2026-11-23',
  current: { semesterId: 's1', semesterName: '2026-2027学年第一学期', week: 12, weeks: 19 },
  semesters: [
    {
      id: 's1',
      schoolYear: '2026-2027',
      term: 1,
      name: '2026-2027学年第一学期',
      startDate: '2026-09-07',
      endDate: '2027-01-17',
      weeks: 19,
    },
    {
      id: 's2',
      schoolYear: '2026-2027',
      term: 2,
      name: '2026-2027学年第二学期',
      startDate: '2027-02-22',
      endDate: '2027-07-04',
      weeks: 19,
    },
  ],
  events: [{ id: 'e1', name: '国庆节', kind: 'holiday', startDate: '2026-10-01', endDate: '2026-10-07' }],
  schoolYears: ['2026-2027'],
};
const LINKS: SystemAccessLink[] = [
  {
    id: 'l1',
    systemName: '教务系统',
    systemUrl: 'https://jw.demo.edu.cn/',
    icon: '',
    description: '选课与成绩',
    sort: 1,
  },
  { id: 'l2', systemName: '坏链接', systemUrl: 'javascript:alert(1)', icon: '', description: '', sort: 2 },
];
let bindings: AccountBinding[];
const service = (id: string, name: string) => ({
  serviceId: id,
  serviceName: name,
  serviceIcon: '',
  shelfLabelName: '',
  labelName: '',
  serviceDeptName: '后勤管理处',
  serviceSceneName: '生活服务',
  visitCount: 3,
  processType: 'ONLINE',
  hasGuide: false,
  accessWay: '1',
  openWay: '1003',
  serviceUrl: 'https://x.demo.edu.cn/',
  serviceType: 'APPLICATION' as const,
  serviceTypeName: '办事',
  deptId: 'd',
  sceneId: 's',
  typeId: 't',
  isPublic: true,
  launchedAt: '2026-01-01',
  collected: false,
  score: 0,
  rateCount: 0,
});
const RECENT: RecentService[] = [
  { ...service('r1', '宿舍报修'), lastUsedAt: '2026-11-23T02:05:00.000Z', useCount: 4 },
  { ...service('r2', '校园卡充值'), lastUsedAt: '2026-11-22T02:05:00.000Z', useCount: 1 },
];
const rate = (i: number): MyRate => ({
  serviceId: `s${i}`,
  serviceName: `服务${i}`,
  serviceIcon: '',
  available: i !== 2,
  score: (i % 5) + 1,
  labels: i === 1 ? ['办理便捷'] : [],
  comment: i === 1 ? '很快' : '',
  createdAt: '2026-11-20T02:00:00.000Z',
});
const RATES = Array.from({ length: 7 }, (_, i) => rate(i + 1));

beforeEach(() => {
  bindings = [
    { id: 'b1', source: 'dingtalk', sourceName: '钉钉', nickName: '张小华', boundAt: '2026-11-01T08:00:00.000Z' },
    { id: 'b2', source: 'wechat', sourceName: '微信', nickName: '小华', boundAt: '2026-11-01T08:00:00.000Z' },
  ];
  http.get.mockImplementation(async (path: string) => {
    if (path === '/user/getUserInfo') return USER;
    if (path === '/platformApplyGuiseLogoInfo')
      return {
        logo: '',
        systemName: '示例大学网上办事服务大厅',
        themeColor: '#008cff',
        tenantId: '000000',
        tenantName: '示例大学',
      };
    if (path === '/personInfo/getSystemAccessLink') return LINKS;
    if (path === '/serverCenter/myCollect') return [];
    throw new Error(`unexpected GET ${path}`);
  });
  http.post.mockImplementation(async (path: string, body: { source?: string }) => {
    if (path === '/accountSecurity/bindList') return bindings;
    if (path === '/accountSecurity/removeBind') {
      bindings = bindings.filter((b) => b.source !== body.source);
      return { source: body.source, removed: true };
    }
    if (path === '/scSemester/getSchoolCalendar') return CALENDAR;
    if (path === '/serverCenter/myRecent') return RECENT;
    if (path === '/serverCenter/myRates') {
      const { current, size } = body as unknown as { current: number; size: number };
      return {
        records: RATES.slice((current - 1) * size, current * size),
        total: RATES.length,
        size,
        current,
        pages: Math.ceil(RATES.length / size),
      };
    }
    throw new Error(`unexpected POST ${path}`);
  });
  http.wbPost.mockImplementation(async (path: string) =>
    path.endsWith('/changePasswordInfo')
      ? { allowed: false, reason: '演示账号不能修改密码', regex: '', message: '', minLength: 8, maxLength: 20 }
      : { casTicket: 'ST-1', validTime: 3725, expireTime: Date.UTC(2026, 10, 23, 10, 0) },
  );
  sessionStore.setState({ user: USER, casTicket: 'ST-1' });
  // The session guard's last ticket check (lib/session/session-time.ts); the page shows it without asking again.
  recordSessionTime({ validTime: 3725, expireTime: Date.UTC(2026, 10, 23, 10, 0) }, Date.now());
});
afterEach(() => {
  vi.clearAllMocks();
  sessionStore.getState().logoutClear();
});

function renderPage(
  themeDialog?: Parameters<typeof PersonalCenterPage>[0]['themeDialog'],
  onOpenService?: Parameters<typeof PersonalCenterPage>[0]['onOpenService'],
) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>
          <MemoryRouter initialEntries={['/home/PersonalCenter']}>
            <PersonalCenterPage today="2026-11-23" themeDialog={themeDialog} onOpenService={onOpenService} />
          </MemoryRouter>
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('personal center (/home/PersonalCenter)', () => {
  it('shows the profile, the session valid time, the calendar week and only web links', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: '个人中心' })).toBeTruthy();
    const profile = screen.getByRole('region', { name: '我的资料' });
    expect(within(profile).getByText('张同学')).toBeTruthy();
    expect(within(profile).getByText('student01')).toBeTruthy();
    expect(within(profile).getByText('学生')).toBeTruthy();
    expect(await within(profile).findByText(/示例大学网上办事服务大厅/)).toBeTruthy();
    expect(await screen.findByText('剩余 1 小时 2 分钟', { exact: false })).toBeTruthy();
    // Issue 15: the guard's 30 s check is the only one; the page does not ask getSessionValidTime again.
    expect(http.wbPost).not.toHaveBeenCalledWith(
      '/nobody/cas/getSessionValidTime',
      expect.anything(),
      expect.anything(),
    );

    const calendar = screen.getByRole('region', { name: '校历' });
    expect((await within(calendar).findByTestId('current-week')).textContent).toContain(
      '今天是2026-2027学年第一学期第12周（共19周）',
    );
    const current = calendar.querySelector('[aria-current="date"]');
    expect(current?.textContent).toContain('第12周');
    expect(current?.textContent).toContain('2026-11-23 ~ 2026-11-29');

    const links = screen.getByRole('region', { name: '系统访问' });
    const jw = await within(links).findByRole('link', { name: /^教务系统.*选课与成绩（在新窗口打开）$/ });
    expect(jw.getAttribute('href')).toBe('https://jw.demo.edu.cn/');
    expect(jw.getAttribute('rel')).toContain('noopener');
    expect(within(links).queryByText('坏链接')).toBeNull();
    expect(await screen.findByText('还没有收藏的服务')).toBeTruthy();
  });

  it('says a section whose call failed did not load, with a 重试 button that asks again (not an empty list)', async () => {
    const user = userEvent.setup();
    const answer = http.get.getMockImplementation()!;
    let down = true;
    http.get.mockImplementation(async (path: string) => {
      if (down && path === '/personInfo/getSystemAccessLink')
        throw new Error('E-N00001Q：当前网络不可用，请检查你的网络设置');
      return answer(path);
    });
    renderPage();
    const links = screen.getByRole('region', { name: '系统访问' });
    expect((await within(links).findByRole('alert')).textContent).toBe('加载失败');
    expect(within(links).queryByText('暂无可访问的系统')).toBeNull();
    const retry = within(links).getByRole('button', { name: '重试 系统访问' });
    expect(retry.textContent).toBe('重试');
    down = false;
    retry.focus();
    await user.keyboard('{Enter}');
    expect(await within(links).findByRole('link', { name: /^教务系统/ })).toBeTruthy();
    expect(within(links).queryByText('加载失败')).toBeNull();
  });

  it("brackets the school's system name as the interface's language writes them: （…） in Chinese, (…) in English", async () => {
    const { unmount } = renderPage();
    const profile = () => screen.getByRole('region', { name: i18n.t('personal.profile.title') });
    expect(await within(profile()).findByText('（示例大学网上办事服务大厅）')).toBeTruthy();
    unmount();
    await act(() => setLanguage('en-US'));
    try {
      renderPage();
      // The names are the tenant's data and stay as the school wrote them.
      expect(await within(profile()).findByText('(示例大学网上办事服务大厅)')).toBeTruthy();
      expect(within(profile()).getByText('示例大学')).toBeTruthy();
    } finally {
      await act(() => setLanguage('zh-CN'));
    }
  });

  it('unbinds WeChat after a confirmation, and keeps it when cancelled', async () => {
    const user = userEvent.setup();
    renderPage();
    const security = screen.getByRole('region', { name: '账号安全' });
    const unbind = await within(security).findByRole('button', { name: '解除绑定（微信）' });

    await user.click(unbind);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('确定解除微信绑定吗？').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryAllByText('确定解除微信绑定吗？')).toHaveLength(0));
    expect(http.post).not.toHaveBeenCalledWith('/accountSecurity/removeBind', expect.anything());

    await user.click(unbind);
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: /解除绑定/ }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/accountSecurity/removeBind', { source: 'wechat' }));
    await waitFor(() => expect(within(security).queryByRole('button', { name: '解除绑定（微信）' })).toBeNull());
    expect(within(security).getByRole('button', { name: '解除绑定（钉钉）' })).toBeTruthy();
    expect(await screen.findByText('已解除绑定')).toBeTruthy();
  });

  it('opens the theme dialog the route hands in, and says so in a vacation', async () => {
    http.post.mockImplementation(async (path: string) => {
      if (path === '/accountSecurity/bindList') return [];
      if (path === '/scSemester/getSchoolCalendar') return { ...CALENDAR, date: '2027-02-01', current: null };
      if (path === '/serverCenter/myRecent') return [];
      if (path === '/serverCenter/myRates') return { records: [], total: 0, size: 5, current: 1, pages: 0 };
      throw new Error(path);
    });
    const dialog = vi.fn(({ open }: { open: boolean }) => (open ? <div role="dialog" aria-label="主题" /> : null));
    const user = userEvent.setup();
    renderPage(dialog);
    await user.click(screen.getByRole('button', { name: /设置主题/ }));
    expect(await screen.findByRole('dialog', { name: '主题' })).toBeTruthy();
    expect(await screen.findByText('今天不在教学周内（假期中）')).toBeTruthy();
    expect(await screen.findByText('暂未绑定第三方账号')).toBeTruthy();
    expect(await screen.findByText('还没有使用过的服务')).toBeTruthy();
    expect(await screen.findByText('还没有评价过服务')).toBeTruthy();
  });

  it('opens a recently used service through the opener handed in, and pages the own ratings', async () => {
    const open = vi.fn();
    const user = userEvent.setup();
    renderPage(undefined, open);
    const recent = screen.getByRole('region', { name: '最近使用' });
    await user.click(await within(recent).findByRole('button', { name: '打开宿舍报修' }));
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ serviceId: 'r1', openWay: '1003' }));
    expect(within(recent).getByText('共使用4次')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('/serverCenter/myRecent', { size: 8 });

    const rates = screen.getByRole('region', { name: '我的评价' });
    expect(await within(rates).findByText('服务1')).toBeTruthy();
    expect(within(rates).getByText('很快')).toBeTruthy();
    expect(within(rates).getByText('办理便捷')).toBeTruthy();
    expect(within(rates).getByText('2分')).toBeTruthy();
    expect(within(rates).getByText('服务已下线或暂不可用')).toBeTruthy();
    expect(within(rates).queryByText('服务6')).toBeNull();
    await user.click(within(rates).getByRole('listitem', { name: '2' }).querySelector('a, button') as HTMLElement);
    expect(await within(rates).findByText('服务6')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('/serverCenter/myRates', { current: 2, size: 5 });
  });
});
