import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

const api = vi.hoisted(() => ({ pages: [] as unknown[], counts: [] as unknown[], urls: [] as string[] }));
vi.mock('../api/get-catalogue-page.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../api/get-catalogue-page.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  const getCataloguePage = async (body: unknown) => {
    api.pages.push(body);
    return {
      records: [
        {
          id: 's1',
          serviceName: '成绩单打印',
          deptName: '教务处',
          sceneName: '学习教学',
          typeName: '学生服务',
          businessType: 'PROCESS',
          status: 1,
          visitCount: 12,
        },
        {
          id: 's2',
          serviceName: '校园卡挂失',
          deptName: '后勤处',
          sceneName: '生活服务',
          typeName: '公共服务',
          businessType: 'APPLICATION',
          status: 0,
          visitCount: 3,
        },
      ],
      total: 2,
      current: 1,
      size: 10,
      pages: 1,
    };
  };
  return {
    ...real,
    getCataloguePage,
    useCataloguePage: (q: Parameters<typeof real.useCataloguePage>[0]) =>
      useQuery({ ...real.cataloguePageQueryOptions(q), queryFn: () => getCataloguePage(q) }),
  };
});
vi.mock('../api/transfer-urls.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../api/transfer-urls.ts')>();
  return {
    ...real,
    getDictionary: async () => [{ dictKey: 'd1', dictValue: '教务处' }],
    getExportFields: async (u: { fields: string }) => {
      api.urls.push(u.fields);
      return [{ id: 'serviceName', field: '服务名称', required: true, dictCode: null, checkable: true }];
    },
    getExportCount: async (_u: unknown, body: unknown) => {
      api.counts.push(body);
      return 1;
    },
  };
});

const { CatalogueDataPanel } = await import('./catalogue-data-panel.tsx');

function renderPanel() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <App>
        <CatalogueDataPanel />
      </App>
    </QueryClientProvider>,
  );
}

describe('service catalogue data panel', () => {
  beforeEach(() => {
    api.pages = [];
    api.counts = [];
    api.urls = [];
  });
  afterEach(() => act(() => i18n.changeLanguage('zh-CN')));

  it.each([
    ['zh-CN', ['办事服务', '上架'], ['应用服务', '下架']],
    ['en-US', ['Process service', 'Listed'], ['Application service', 'Unlisted']],
  ] as const)(
    '%s: names the business type and status codes in the interface’s language',
    async (lang, first, second) => {
      await act(() => i18n.changeLanguage(lang));
      sessionStore.setState({ roleType: 'admin' });
      renderPanel();
      const cells = async (name: string) =>
        within((await screen.findByText(name)).closest('tr')!)
          .getAllByRole('cell')
          .map((c) => c.textContent);
      expect(await cells('成绩单打印')).toEqual(expect.arrayContaining([...first]));
      expect(await cells('校园卡挂失')).toEqual(expect.arrayContaining([...second]));
    },
  );

  it('lists the services and exports the ticked ones through the service data set', async () => {
    sessionStore.setState({ roleType: 'admin' });
    renderPanel();
    expect(await screen.findByText('成绩单打印')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '服务目录数据' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 校园卡挂失' }));
    expect(await screen.findByText('已选 1 条')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /批量导出/ }));
    expect(await screen.findByText('共 1 条数据')).toBeTruthy();
    expect(api.urls).toEqual(['/transfer/service/exportFields']);
    await waitFor(() =>
      expect(api.counts).toContainEqual({ dataRange: 3, formInline: undefined, choiceDataIds: ['s2'] }),
    );
  });

  it('searches by name', async () => {
    sessionStore.setState({ roleType: 'admin' });
    renderPanel();
    await screen.findByText('成绩单打印');
    const search = screen.getByRole('searchbox', { name: '搜索服务名称' });
    fireEvent.change(search, { target: { value: '成绩' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(api.pages).toContainEqual({ current: 1, size: 10, serviceName: '成绩', deptId: null }));
  });

  it('tells a non-administrator that only administrators move the catalogue, and asks nothing of the server', async () => {
    sessionStore.setState({ roleType: 'teacher' });
    renderPanel();
    expect(await screen.findByText('仅管理员可批量导入导出服务目录。')).toBeTruthy();
    expect(api.pages).toEqual([]);
  });
});
