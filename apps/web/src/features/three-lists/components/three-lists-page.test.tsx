import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n.ts';

const answers: Record<string, unknown> = {
  '/nobody/preLogin/tripleList/getConfig': {
    pageTitle: '三清单',
    introduction: '',
    showServices: true,
    dutyTypeMust: false,
  },
  '/nobody/threeInventory/getTree': [
    { id: 'd-jwc', parentId: '', title: '教务处', dutyNum: 0, children: [] },
    { id: 'd-cw', parentId: '', title: '财务处', dutyNum: 1, children: [] },
  ],
  '/nobody/threeInventory/page': {
    records: [
      {
        id: 'duty-1',
        deptId: 'd-cw',
        deptName: '财务处',
        dutyName: '财务报销管理',
        dutyType: '职责',
        dutyContent: '受理报销。',
        sort: 0,
        services: [{ serviceId: 'svc-bx', serviceName: '网上报销' }],
        updateTime: '',
      },
      {
        id: 'duty-2',
        deptId: 'd-cw',
        deptName: '财务处',
        dutyName: '预算编制',
        dutyType: '责任',
        dutyContent: '',
        sort: 1,
        services: [],
        updateTime: '',
      },
      {
        id: 'duty-3',
        deptId: 'd-cw',
        deptName: '财务处',
        dutyName: '收费审批',
        dutyType: '权力',
        dutyContent: '',
        sort: 2,
        services: [],
        updateTime: '',
      },
      {
        id: 'duty-4',
        deptId: 'd-cw',
        deptName: '财务处',
        dutyName: '票据保管',
        dutyType: '本校自定类型',
        dutyContent: '',
        sort: 3,
        services: [],
        updateTime: '',
      },
    ],
    total: 4,
    size: 10,
    current: 1,
    pages: 1,
  },
};
/** Paths whose call fails, as a server error, a lost network or a time-out does (lib/http throws). */
const failing = new Set<string>();
vi.mock('../../../lib/http/clients.ts', () => ({
  ospHttp: {
    post: async (path: string) => {
      if (failing.has(path)) throw new Error('E-N00001Q：当前网络不可用，请检查你的网络设置');
      return answers[path];
    },
  },
  workbenchHttp: { post: async () => null, get: async () => null },
}));

const { ThreeListsPage } = await import('./three-lists-page.tsx');

afterEach(async () => {
  failing.clear();
  await act(() => i18n.changeLanguage('zh-CN'));
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <ThreeListsPage />
      </App>
    </QueryClientProvider>,
  );
const typeOf = async (dutyName: string) =>
  (await screen.findByRole('article', { name: dutyName })).querySelector('.ant-tag')?.textContent;

describe('three lists page (issue 16)', () => {
  it('shows every department of the one list and opens a duty’s service through the opener it is given', async () => {
    const open = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <ThreeListsPage onOpenService={open} />
        </App>
      </QueryClientProvider>,
    );
    const tree = await screen.findByRole('navigation', { name: '部门' });
    await within(tree).findByText('财务处（1）');
    expect(within(tree).getByText('教务处（0）')).toBeTruthy();
    const duty = await screen.findByRole('article', { name: '财务报销管理' });
    fireEvent.click(within(duty).getByRole('button', { name: '网上报销' }));
    expect(open).toHaveBeenCalledWith({ serviceId: 'svc-bx', serviceName: '网上报销' });
  });

  it.each([
    ['zh-CN', '全部部门'],
    ['en-US', 'All departments'],
  ] as const)(
    '%s: names a department in the tree by its name only, not its arrow ("caret-down")',
    async (lang, all) => {
      await act(() => i18n.changeLanguage(lang));
      renderPage();
      const tree = await screen.findByRole('tree');
      expect(within(tree).getByRole('treeitem', { name: all })).toBeTruthy();
      expect(within(tree).queryAllByRole('treeitem', { name: /caret/ })).toEqual([]);
    },
  );

  it.each([
    ['zh-CN', ['职责', '责任', '权力']],
    ['en-US', ['Duty', 'Responsibility', 'Power']],
  ] as const)(
    '%s: shows the fixed duty types in the interface’s language, a tenant’s own type as it is',
    async (lang, names) => {
      await act(() => i18n.changeLanguage(lang));
      renderPage();
      expect(await typeOf('财务报销管理')).toBe(names[0]);
      expect(await typeOf('预算编制')).toBe(names[1]);
      expect(await typeOf('收费审批')).toBe(names[2]);
      expect(await typeOf('票据保管')).toBe('本校自定类型');
    },
  );

  it.each([
    ['zh-CN', '三清单公开', '公开各部门职责。'],
    ['en-US', 'Open lists', 'The duties of each department, made public.'],
  ] as const)(
    '%s: titles and introduces the page in the interface’s language (ADR 0074)',
    async (lang, title, intro) => {
      const config = answers['/nobody/preLogin/tripleList/getConfig'];
      answers['/nobody/preLogin/tripleList/getConfig'] = {
        pageTitle: '三清单公开',
        introduction: '公开各部门职责。',
        pageTitleEn: 'Open lists',
        introductionEn: 'The duties of each department, made public.',
        showServices: true,
        dutyTypeMust: false,
      };
      try {
        await act(() => i18n.changeLanguage(lang));
        renderPage();
        expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
        expect(screen.getByText(intro)).toBeTruthy();
      } finally {
        answers['/nobody/preLogin/tripleList/getConfig'] = config;
      }
    },
  );

  it('in English shows the Chinese title where the configuration has no English', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: '三清单' })).toBeTruthy();
  });

  it('says 加载失败 with 重试 when the departments or the duties did not come, not 暂无数据, and shows them on 重试', async () => {
    failing.add('/nobody/threeInventory/getTree').add('/nobody/threeInventory/page');
    // Without TanStack's own retries (the app's client retries once more): the failure is shown once they are spent.
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <ThreeListsPage />
        </App>
      </QueryClientProvider>,
    );
    const retryTree = await screen.findByRole('button', { name: '重试 部门' });
    const retryDuties = await screen.findByRole('button', { name: '重试 职责清单' });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['加载失败', '加载失败']);
    expect(screen.queryByText('暂无数据')).toBeNull();
    expect(screen.queryByRole('tree')).toBeNull();

    failing.clear();
    retryDuties.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('article', { name: '财务报销管理' })).toBeTruthy();
    retryTree.focus();
    await userEvent.keyboard('{Enter}');
    const tree = await screen.findByRole('navigation', { name: '部门' });
    expect(await within(tree).findByText('财务处（1）')).toBeTruthy();
    expect(screen.queryByText('加载失败')).toBeNull();
  });
});
