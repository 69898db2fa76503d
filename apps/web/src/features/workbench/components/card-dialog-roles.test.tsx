import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { workbenchKeys } from '../api/query-keys.ts';

const http = vi.hoisted(() => ({ osp: vi.fn(), wb: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  ospHttp: { post: http.osp },
  workbenchHttp: { post: http.wb },
}));
const { CardBusinessConfigPage } = await import('./card-business-config-page.tsx');

const ROLES = [
  { id: 'r-admin', roleName: '管理员', roleType: 'admin' },
  { id: 'r-student', roleName: '学生', roleType: 'student' },
];
const ALL_ROLES = ROLES.map((r) => r.id);
const NEW_CARD = {
  id: 'c-new',
  cardType: 'commonTools',
  basicConfig: { cardName: '迎新工具箱', cardIntroduction: '', displayRows: 1 },
  dataSource: '',
  typeList: [],
  currentStatusBackgroundColor: [],
  otherInformationList: [],
  serviceIds: [],
  status: 0,
  roleIds: [],
  sort: 9,
};

/** A response the test hands out when it chooses: the order of answers, not their timing, makes the case. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The page with the role list answered when the test says so, and a card saved as the server would. `onSaved` runs
 * when the card is saved, before its answer (what the chat's configuration frame does then: ADR 0069).
 */
function renderPage(roles: Promise<typeof ROLES>, onSaved: (qc: QueryClient) => void = () => undefined) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  http.osp.mockImplementation(async (path: string) => {
    if (path === '/common/getRoleList') return roles;
    // A new card is one call (ADR 0071): the card with its roles, its column and its place.
    if (path === '/cardbasicconfig/create') {
      onSaved(qc);
      return { card: NEW_CARD, column: { id: 'col-1' }, typeId: 'tab-1' };
    }
    return path.endsWith('/list') || path.startsWith('/nobody') || path.includes('get') ? [] : null;
  });
  http.wb.mockResolvedValue({ total: 0, records: [] });
  render(
    <QueryClientProvider client={qc}>
      <I18nProvider i18n={i18n}>
        <App>
          <CardBusinessConfigPage />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return qc;
}

async function openAndName() {
  await userEvent.click(await screen.findByRole('button', { name: '新建卡片' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('卡片名称'), '迎新工具箱');
  return dialog;
}

const calls = (path: string) => http.osp.mock.calls.filter(([p]) => p === path).map(([, body]) => body as unknown);
/** The roles each new card was saved with. */
const granted = () => calls('/cardbasicconfig/create').map((body) => (body as { roleIds: string[] }).roleIds);

afterEach(() => {
  vi.clearAllMocks();
});

describe('a new card is granted to every role unless the administrator chose otherwise', () => {
  it('when the roles arrive after the dialog opened, they are all ticked and granted', async () => {
    const roles = deferred<typeof ROLES>();
    renderPage(roles.promise);
    const dialog = await openAndName();
    roles.resolve(ROLES);
    const boxes = await within(dialog).findAllByRole('checkbox');
    await waitFor(() => expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true]));
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls('/cardbasicconfig/create')).toHaveLength(1));
    expect(granted()).toEqual([ALL_ROLES]);
    // Its column and its place (last on the first tab) go in the same call; the server places it.
    expect(calls('/cardbasicconfig/create')[0]).toMatchObject({
      column: { columnName: '迎新工具箱', dataSource: 'tools' },
      placement: {},
    });
    for (const path of ['/cardbasicconfig/submit', '/indextypeconfig/authConfig', '/indextypeconfig/submitCard'])
      expect(calls(path)).toEqual([]);
  });

  it('when saved before the roles arrived, the grant waits for them', async () => {
    const roles = deferred<typeof ROLES>();
    renderPage(roles.promise);
    const dialog = await openAndName();
    const save = within(dialog).getByRole('button', { name: /保\s*存/ });
    await userEvent.click(save);
    // Saving (the form's values taken, the role list still on its way): nothing is granted to nobody meanwhile.
    await waitFor(() => expect(save.className).toMatch(/\bant-btn-loading\b/));
    expect(calls('/cardbasicconfig/create')).toEqual([]);
    roles.resolve(ROLES);
    await waitFor(() => expect(calls('/cardbasicconfig/create')).toHaveLength(1));
    expect(granted()).toEqual([ALL_ROLES]);
  });

  it('the configuration frame of the saved card (the page refetches) does not change what is granted', async () => {
    const roles = deferred<typeof ROLES>();
    renderPage(roles.promise, (qc) => void qc.invalidateQueries({ queryKey: workbenchKeys.all }));
    const dialog = await openAndName();
    roles.resolve(ROLES);
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('checkbox')
          .map((b) => (b as HTMLInputElement).checked),
      ).toEqual([true, true]),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls('/cardbasicconfig/create')).toHaveLength(1));
    expect(granted()).toEqual([ALL_ROLES]);
  });

  it('roles the administrator unticked stay unticked, even all of them', async () => {
    const roles = deferred<typeof ROLES>();
    renderPage(roles.promise);
    const dialog = await openAndName();
    roles.resolve(ROLES);
    const admin = await within(dialog).findByRole('checkbox', { name: '管理员' });
    await waitFor(() => expect((admin as HTMLInputElement).checked).toBe(true));
    await userEvent.click(admin);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '学生' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls('/cardbasicconfig/create')).toHaveLength(1));
    expect(granted()).toEqual([[]]);
  });
});
