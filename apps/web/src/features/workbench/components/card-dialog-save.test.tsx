import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ osp: vi.fn(), wb: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  ospHttp: { post: http.osp },
  workbenchHttp: { post: http.wb },
}));
const { CardBusinessConfigPage } = await import('./card-business-config-page.tsx');

const ROLES = [
  { id: 'r-admin', roleName: '管理员', roleType: 'admin' },
  { id: 'r-teacher', roleName: '教师', roleType: 'teacher' },
  { id: 'r-student', roleName: '学生', roleType: 'student' },
];
/** The card as the page listed it when the dialog opened. */
const LISTED = {
  id: 'c1',
  cardType: 'commonTools',
  basicConfig: { cardName: '旧工具卡', cardIntroduction: '旧简介', displayRows: 1 },
  dataSource: '',
  typeList: [{ name: '常用', serviceSceneName: '' }],
  currentStatusBackgroundColor: [],
  otherInformationList: [],
  serviceIds: [],
  status: 1,
  roleIds: ['r-admin'],
  sort: 1,
  updatedAt: '2026-11-30T10:00:00.000Z',
};
/** The same card as another administrator saved it since: another introduction, 3 rows, granted to teachers too. */
const NOW = {
  ...LISTED,
  basicConfig: { cardName: '旧工具卡', cardIntroduction: '别人改的简介', displayRows: 3 },
  typeList: [
    { name: '常用', serviceSceneName: '' },
    { name: '新分类', serviceSceneName: '' },
  ],
  roleIds: ['r-admin', 'r-teacher'],
  updatedAt: '2026-11-30T10:05:00.000Z',
};

/** Calls that write (everything but the page's reads). */
const WRITES = ['/cardbasicconfig/create', '/cardbasicconfig/submit', '/indextypeconfig/authConfig'];
const READS_OR_WRITES = [...WRITES, '/cardcolumnconfig/submit', '/indextypeconfig/submitCard', '/indextypeconfig/list'];

/** `answer`: what a test answers differently (undefined: as below). */
function renderPage(answer?: (path: string, body: { id?: string }) => unknown) {
  http.osp.mockImplementation(async (path: string, body: { id?: string }) => {
    const own = answer?.(path, body);
    if (own !== undefined) return own;
    if (path === '/common/getRoleList') return ROLES;
    if (path === '/cardbusinessconfig/list') return [LISTED];
    if (path === '/cardbasicconfig/detail' && body.id === 'c1') return NOW;
    if (path === '/cardbasicconfig/create') return { card: { ...LISTED, id: 'c-new' }, column: null, typeId: 't1' };
    if (path === '/cardbasicconfig/submit') return NOW;
    return path.endsWith('/list') || path.startsWith('/nobody') || path.includes('get') ? [] : null;
  });
  http.wb.mockResolvedValue({ total: 0, records: [] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>
          <CardBusinessConfigPage />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const checked = (box: HTMLElement) => (box as HTMLInputElement).checked;
const calls = (paths: string[]) =>
  http.osp.mock.calls.filter(([p]) => paths.includes(p as string)).map(([p, body]) => [p, body] as const);

afterEach(() => {
  vi.clearAllMocks();
});

describe('the card dialog saves (ADR 0071)', () => {
  it('a new card in one call: the card, its roles, its first column and its place', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '新建卡片' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('卡片名称'), '迎新工具箱');
    await waitFor(() => expect(checked(within(dialog).getByRole('checkbox', { name: '学生' }))).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(READS_OR_WRITES)).toEqual([
      [
        '/cardbasicconfig/create',
        {
          cardType: 'commonTools',
          basicConfig: { cardName: '迎新工具箱', cardIntroduction: '', displayRows: 1 },
          typeList: [],
          currentStatusBackgroundColor: [],
          otherInformationList: [],
          serviceIds: [],
          roleIds: ['r-admin', 'r-teacher', 'r-student'],
          column: { columnName: '迎新工具箱', dataSource: 'tools' },
          placement: {},
        },
      ],
    ]);
  });

  it('an edit reads the card again and writes only what the administrator changed over it', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '编辑 旧工具卡' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('卡片名称');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('旧工具卡'));
    await userEvent.clear(name);
    await userEvent.type(name, '新工具卡');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(WRITES)).toHaveLength(1));
    expect(http.osp).toHaveBeenCalledWith('/cardbasicconfig/detail', { id: 'c1' });
    // The new name; the introduction, rows and types another administrator saved meanwhile; no roles sent.
    expect(calls(WRITES)).toEqual([
      [
        '/cardbasicconfig/submit',
        {
          id: 'c1',
          cardType: 'commonTools',
          dataSource: '',
          basicConfig: { cardName: '新工具卡', cardIntroduction: '别人改的简介', displayRows: 3 },
          typeList: NOW.typeList,
          currentStatusBackgroundColor: [],
          otherInformationList: [],
          serviceIds: [],
        },
      ],
    ]);
  });

  it("an edit gives a tool tab its English beside the Chinese (ADR 0074), and the tab's name stays what it filters by", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '编辑 旧工具卡' }));
    const dialog = await screen.findByRole('dialog');
    const english = await within(dialog).findByLabelText('常用 · 英文名称');
    expect((english as HTMLInputElement).maxLength).toBe(50);
    await userEvent.type(english, ' Frequent ');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(WRITES)).toHaveLength(1));
    expect(calls(WRITES)[0]![1]).toMatchObject({
      typeList: [{ name: '常用', serviceSceneName: '', nameEn: 'Frequent' }],
    });
  });

  it('an edit that ticks a role grants it on top of the roles the card has now', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '编辑 旧工具卡' }));
    const dialog = await screen.findByRole('dialog');
    const student = await within(dialog).findByRole('checkbox', { name: '学生' });
    await waitFor(() => expect(checked(within(dialog).getByRole('checkbox', { name: '管理员' }))).toBe(true));
    await userEvent.click(student);
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(WRITES)).toHaveLength(2));
    expect(calls(['/indextypeconfig/authConfig'])).toEqual([
      ['/indextypeconfig/authConfig', { cardId: 'c1', roleIds: ['r-admin', 'r-teacher', 'r-student'] }],
    ]);
  });
});

describe('two administrators edit one card (ADR 0075)', () => {
  it('an edit names the version it opened on; refused, it says so and offers to reload the card', async () => {
    const { HttpError } = await import('../../../lib/http/errors.ts');
    const { WORKBENCH_MESSAGES } = await import('@portal/contracts/workbench');
    renderPage((path, body) => {
      if (path === '/cardbusinessconfig/list') return [{ ...LISTED, version: 'v-opened' }];
      if (path === '/cardbasicconfig/detail' && body.id === 'c1') return { ...NOW, version: 'v-now' };
      if (path === '/cardbasicconfig/submit')
        throw new HttpError(409, WORKBENCH_MESSAGES.changedMeanwhile, 'card', 409);
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: '编辑 旧工具卡' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('卡片名称');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('旧工具卡'));
    await userEvent.clear(name);
    await userEvent.type(name, '新工具卡');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls(['/cardbasicconfig/submit'])).toHaveLength(1));
    expect(calls(['/cardbasicconfig/submit'])[0]![1]).toMatchObject({ id: 'c1', version: 'v-opened' });
    // The refusal is said in a dialog of its own, with a button that reloads the card; no roles were sent after it.
    const refusal = await waitFor(() => {
      const found = screen
        .getAllByRole('dialog')
        .find((d) => within(d).queryAllByText('该配置已被他人修改，请刷新后重试').length > 0);
      expect(found).toBeTruthy();
      return found!;
    });
    expect(calls(['/indextypeconfig/authConfig'])).toEqual([]);
    http.osp.mockClear();
    await userEvent.click(within(refusal).getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(http.osp).toHaveBeenCalledWith('/cardbasicconfig/detail', { id: 'c1' }));
    // The card dialog now shows the card as the other administrator saved it.
    await waitFor(() =>
      expect((within(dialog).getByLabelText('卡片简介') as HTMLInputElement).value).toBe('别人改的简介'),
    );
    expect((within(dialog).getByLabelText('卡片名称') as HTMLInputElement).value).toBe('旧工具卡');
  });
});
