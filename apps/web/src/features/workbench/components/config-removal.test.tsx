import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { STATUS_FAILURE } from '@portal/contracts/errors';
import { UNSAFE_LINK_MESSAGE } from '@portal/contracts/input';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

const http = vi.hoisted(() => ({ osp: vi.fn(), wb: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  ospHttp: { post: http.osp },
  workbenchHttp: { post: http.wb },
}));
const { ToolsSection } = await import('./tools-section.tsx');
const { DataSourceSection } = await import('./data-source-section.tsx');
const { CardBusinessConfigPage } = await import('./card-business-config-page.tsx');

const IN_USE = '该数据源正被卡片栏目使用，请先修改或删除这些栏目：「OA待办卡」的栏目「OA待办」';
const CARD = {
  id: 'c1',
  cardType: 'commonTools',
  basicConfig: { cardName: '旧工具卡', cardIntroduction: '', displayRows: 1 },
  dataSource: '',
  typeList: [],
  currentStatusBackgroundColor: [],
  otherInformationList: [],
  serviceIds: [],
  status: 1,
  roleIds: [],
  sort: 1,
};
const ANSWERS: Record<string, unknown> = {
  '/nobody/preLogin/commonTool': [
    { id: 't1', tools_name: '校历', tools_icon: '', tools_url: 'https://x', tools_type: '常用工具' },
  ],
  '/cardcolumnconfig/getApiList': [
    {
      id: 'a1',
      apiName: 'OA待办',
      url: 'https://oa.demo.edu.cn',
      method: 'GET',
      listPath: '',
      requestParams: [],
      returnParams: [],
    },
  ],
  '/cardbusinessconfig/list': [CARD],
  '/commonTool/remove': { removed: true },
  '/indexcardconfig/remove': { count: 1 },
};

function renderWith(node: ReactNode) {
  http.osp.mockImplementation(async (path: string) => {
    if (path === '/cardcolumnconfig/removeApi') throw new HttpError(409, IN_USE);
    if (path === '/commonTool/save') throw new HttpError(STATUS_FAILURE, UNSAFE_LINK_MESSAGE, '', 400);
    // What the client makes of the server's 409 for a name another card has (section 8: status 8008).
    if (path === '/cardbasicconfig/submit' || path === '/cardbasicconfig/create')
      throw new HttpError(STATUS_FAILURE, WORKBENCH_MESSAGES.cardNameTaken, 'card 旧工具卡', 409);
    return ANSWERS[path] ?? [];
  });
  http.wb.mockResolvedValue({ total: 0, records: [] });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>{node}</App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.clearAllMocks();
  sessionStore.setState({ configurationMenu: [] });
});

describe('deleting tools, data sources and cards asks first (issue 16)', () => {
  it('deletes a tool after the confirmation', async () => {
    renderWith(<ToolsSection />);
    await userEvent.click(await screen.findByRole('button', { name: '删除 校历' }));
    expect(http.osp).not.toHaveBeenCalledWith('/commonTool/remove', expect.anything());
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('确定删除工具“校历”吗？').length).toBeGreaterThan(0);
    await userEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(http.osp).toHaveBeenCalledWith('/commonTool/remove', { id: 't1' }));
  });

  it('a refused tool leaves its form as it was, with nothing left unhandled', async () => {
    renderWith(<ToolsSection />);
    await userEvent.type(await screen.findByLabelText('工具名称'), '坏链接');
    await userEvent.type(screen.getByLabelText('分类'), '常用工具');
    await userEvent.type(screen.getByLabelText('链接地址'), 'not a url');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(http.osp).toHaveBeenCalledWith('/commonTool/save', expect.anything()));
    // The rejection was the client's toast: had it gone unhandled, vitest would fail this file.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((screen.getByLabelText('链接地址') as HTMLInputElement).value).toBe('not a url');
  });

  it('asks before deleting a data source; a refusal keeps it listed', async () => {
    renderWith(<DataSourceSection />);
    await userEvent.click(await screen.findByRole('button', { name: '删除 OA待办' }));
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(http.osp).toHaveBeenCalledWith('/cardcolumnconfig/removeApi', { id: 'a1' }));
    expect(screen.queryByText('删除成功')).toBeNull();
    expect(screen.getByRole('cell', { name: 'OA待办' })).toBeTruthy();
  });

  it('offers card deletion only to holders of 首页配置, and asks first', async () => {
    const view = renderWith(<CardBusinessConfigPage />);
    expect(await screen.findByText('旧工具卡')).toBeTruthy();
    // By label, not by role: the role query computes every element's name on this page, seconds under load.
    expect(screen.queryByLabelText('删除 旧工具卡')).toBeNull();
    view.unmount();

    sessionStore.setState({
      configurationMenu: [{ name: 'homePageConfig', path: '/home/userFrameConfig/homePageConfig' }] as never,
    });
    renderWith(<CardBusinessConfigPage />);
    const remove = await screen.findByLabelText('删除 旧工具卡');
    expect(remove.tagName).toBe('BUTTON');
    await userEvent.click(remove);
    expect(http.osp).not.toHaveBeenCalledWith('/indexcardconfig/remove', expect.anything());
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText(/并从首页页签中移除/).length).toBeGreaterThan(0);
    await userEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(http.osp).toHaveBeenCalledWith('/indexcardconfig/remove', { ids: ['c1'] }));
  });
});

describe('the card dialog', () => {
  it('shows a refused duplicate name on the name and stays open, saving nothing more', async () => {
    renderWith(<CardBusinessConfigPage />);
    await userEvent.click(await screen.findByRole('button', { name: '新建卡片' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('卡片名称'), '旧工具卡');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(http.osp).toHaveBeenCalledWith(
        '/cardbasicconfig/create',
        expect.objectContaining({ basicConfig: expect.objectContaining({ cardName: '旧工具卡' }) }),
      ),
    );
    expect(await within(dialog).findByText('已有同名卡片，请修改卡片名称')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);
    for (const path of ['/cardbasicconfig/submit', '/indextypeconfig/authConfig', '/cardcolumnconfig/submit'])
      expect(http.osp).not.toHaveBeenCalledWith(path, expect.anything());
  });

  it('keeps 99 display rows as typed and says why it cannot be saved, instead of making it 3', async () => {
    renderWith(<CardBusinessConfigPage />);
    await userEvent.click(await screen.findByRole('button', { name: '新建卡片' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('卡片名称'), '新卡');
    const rows = within(dialog).getByLabelText('展示行数') as HTMLInputElement;
    await userEvent.clear(rows);
    await userEvent.type(rows, '99');
    await userEvent.tab();
    expect(rows.value).toBe('99');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(WORKBENCH_MESSAGES.displayRows)).toBeTruthy();
    expect(http.osp).not.toHaveBeenCalledWith('/cardbasicconfig/create', expect.anything());
  });
});
