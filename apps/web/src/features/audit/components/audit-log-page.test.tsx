import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider, serverTextsReady, setLanguage } from '../../../lib/i18n/i18n.ts';

import { AUDIT_KINDS } from '@portal/contracts/audit';
import { STATUS_FAILURE } from '@portal/contracts/errors';
import { HttpError } from '../../../lib/http/errors.ts';

const http = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({ ospHttp: http }));

const { AuditLogPage } = await import('./audit-log-page.tsx');
const { summaryText } = await import('../lib/readable.ts');

const base = {
  userId: 'u1',
  userName: '系统管理员',
  at: '2026-11-24T02:30:00.000Z',
  entityKind: 'card',
  revertOf: null,
  revertedBy: null,
};
const rename = {
  ...base,
  id: 'e1',
  entityId: 'c1',
  action: 'update',
  summary: '卡片「新名字」',
  before: { card_name: '旧名字', status: 1 },
  after: { card_name: '新名字', status: 1 },
  canRevert: true,
  revertBlock: null,
};
const older = {
  ...base,
  id: 'e0',
  entityId: 'c1',
  action: 'create',
  summary: '卡片「旧名字」',
  before: null,
  after: { card_name: '旧名字', status: 1 },
  canRevert: false,
  revertBlock: '该配置在此变更之后又被修改过，不能撤销此变更',
};

describe('the configuration changes page (issue 16)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    http.post.mockReset();
    http.post.mockImplementation(async (path: string, body: { entityKind?: string }) => {
      if (path === '/auditlog/list')
        return body.entityKind === 'navigation' ? { records: [], total: 0 } : { records: [rename, older], total: 2 };
      if (path === '/auditlog/users') return [{ userId: 'u1', userName: '系统管理员' }];
      if (path === '/auditlog/revert') return { ...rename, id: 'e2', action: 'revert', canRevert: false };
      throw new Error(path);
    });
  });

  const show = () =>
    render(
      <MemoryRouter initialEntries={['/home/configAuditLog']}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <I18nProvider i18n={i18n}>
            <App>
              <AuditLogPage />
            </App>
          </I18nProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );

  it(
    'lists the changes, shows a change before and after, and reverts it after a confirmation',
    { timeout: 60_000 },
    async () => {
      show();
      expect(await screen.findByText('卡片「新名字」')).toBeTruthy();
      // Times are shown on the tenant's clock (Asia/Shanghai: 10:30).
      expect(screen.getAllByText('2026-11-24 10:30:00').length).toBe(2);
      await userEvent.click(screen.getByRole('button', { name: '查看 卡片「新名字」' }));
      const drawer = await screen.findByRole('dialog');
      // Only the field that changed, before and after.
      expect(within(drawer).getByText('卡片名称')).toBeTruthy();
      expect(within(drawer).queryByText('状态')).toBeNull();
      expect(within(drawer).getByText('旧名字')).toBeTruthy();
      expect(within(drawer).getAllByText('新名字').length).toBeGreaterThan(0);
      await userEvent.click(within(drawer).getByRole('button', { name: /撤销此变更/ }));
      await waitFor(() => expect(screen.getAllByText('撤销此变更？').length).toBeGreaterThan(0));
      const box = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('撤销此变更？'))!;
      expect(http.post).not.toHaveBeenCalledWith('/auditlog/revert', expect.anything());
      await userEvent.click(within(box).getByRole('button', { name: /撤销此变更/ }));
      await waitFor(() => expect(http.post).toHaveBeenCalledWith('/auditlog/revert', { id: 'e1' }));
    },
  );

  it(
    'closes the confirmation on a refused revert, the entry still open, with nothing left unhandled',
    { timeout: 60_000 },
    async () => {
      http.post.mockImplementation(async (path: string) => {
        if (path === '/auditlog/list') return { records: [rename, older], total: 2 };
        if (path === '/auditlog/users') return [];
        // What the client makes of the server's 409 (the toast is the client's).
        if (path === '/auditlog/revert') throw new HttpError(STATUS_FAILURE, '已有同名导航', 'navigation Nav6', 409);
        throw new Error(path);
      });
      show();
      await userEvent.click(await screen.findByLabelText('查看 卡片「新名字」'));
      const drawer = await screen.findByRole('dialog');
      await userEvent.click(within(drawer).getByRole('button', { name: /撤销此变更/ }));
      await waitFor(() => expect(screen.getAllByText('撤销此变更？').length).toBeGreaterThan(0));
      const box = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('撤销此变更？'))!;
      await userEvent.click(within(box).getByRole('button', { name: /撤销此变更/ }));
      await waitFor(() => expect(http.post).toHaveBeenCalledWith('/auditlog/revert', { id: 'e1' }));
      // Had the rejection gone unhandled, vitest would fail this file; the confirmation goes, the entry stays.
      await waitFor(() =>
        expect(screen.queryAllByRole('dialog').some((d) => d.textContent?.includes('撤销此变更？'))).toBe(false),
      );
      expect(drawer.isConnected).toBe(true);
      expect(screen.queryByText('已撤销')).toBeNull();
    },
  );

  it('offers no revert where the server would refuse it, and says why', { timeout: 60_000 }, async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: '查看 卡片「旧名字」' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).queryByRole('button', { name: /撤销此变更/ })).toBeNull();
    // The reason says it cannot be reverted: no 不能撤销： before it to say it twice.
    expect(within(drawer).getByRole('alert').textContent).toBe('该配置在此变更之后又被修改过，不能撤销此变更');
  });

  it("names the fields, says what a coded value means and leaves out the rows' bookkeeping", async () => {
    const navigation = {
      ...base,
      id: 'e3',
      entityKind: 'navigation',
      entityId: 'n1',
      action: 'create',
      summary: '导航「图书馆」',
      before: null,
      after: { id: 'n1', tenant_id: 't1', navigation_name: '图书馆', is_built: 2, embedded: 0, sort: 3 },
      canRevert: false,
      revertBlock: '该配置在此变更之后又被修改过，不能撤销此变更',
    };
    http.post.mockImplementation(async (path: string) => {
      if (path === '/auditlog/list') return { records: [navigation], total: 1 };
      if (path === '/auditlog/users') return [];
      throw new Error(path);
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: '查看 导航「图书馆」' }));
    const drawer = await screen.findByRole('dialog');
    const rows = within(drawer)
      .getAllByRole('row')
      .map((r) => r.textContent);
    rows.splice(0, rows.indexOf('字段变更前变更后') + 1);
    expect(rows).toEqual(['导航名称—图书馆', '来源—自定义', '打开方式—新窗口打开', '排序—3']);
  });

  it('reads in English in the English interface: fields, values, summary and why it cannot be reverted', async () => {
    await setLanguage('en-US');
    await serverTextsReady();
    try {
      show();
      await userEvent.click(await screen.findByRole('button', { name: 'View Card “旧名字”' }));
      const drawer = await screen.findByRole('dialog');
      expect(within(drawer).getByText('Card name')).toBeTruthy();
      expect(within(drawer).getByText('Card “旧名字”')).toBeTruthy();
      expect(summaryText(i18n.getFixedT('en-US'), '撤销：导航「图书馆」')).toBe('Revert: Navigation item “图书馆”');
      expect(within(drawer).getByRole('alert').textContent).toBe(
        'The configuration changed again after this change; it cannot be reverted',
      );
    } finally {
      await setLanguage('zh-CN');
    }
  });

  it('names every kind of entry, and the summaries of holidays, service specials and the time zone, in both languages', async () => {
    await setLanguage('en-US');
    await serverTextsReady();
    try {
      for (const lang of ['zh-CN', 'en-US'] as const) {
        const t = i18n.getFixedT(lang);
        for (const k of AUDIT_KINDS) expect(t(`audit.kinds.${k}`)).not.toMatch(/^audit\./);
      }
      const en = i18n.getFixedT('en-US');
      expect(en('audit.kinds.timeZone')).toBe('Time zone');
      expect(summaryText(en, '节假日「国庆节」')).toBe('Holiday “国庆节”');
      expect(summaryText(en, '撤销：服务专题「迎新专题」')).toBe('Revert: Service special “迎新专题”');
      expect(summaryText(en, '时区「Asia/Tokyo」')).toBe('Time zone “Asia/Tokyo”');
      expect(summaryText(i18n.getFixedT('zh-CN'), '节假日「国庆节」')).toBe('节假日「国庆节」');
    } finally {
      await setLanguage('zh-CN');
    }
  });

  it('filters by the changed item', { timeout: 60_000 }, async () => {
    show();
    await screen.findByText('卡片「新名字」');
    await userEvent.click(screen.getByRole('combobox', { name: '变更对象' }));
    await userEvent.click(await screen.findByTitle('导航'));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/auditlog/list', expect.objectContaining({ entityKind: 'navigation' })),
    );
    await waitFor(() => expect(screen.queryByText('卡片「新名字」')).toBeNull());
  });

  it(
    'does not let a start day after the end day be chosen or typed (the server would refuse it)',
    { timeout: 60_000 },
    async () => {
      show();
      await screen.findByText('卡片「新名字」');
      const end = screen.getByRole('textbox', { name: '结束日期' });
      await userEvent.click(end);
      await userEvent.type(end, '2026-11-01{Enter}');
      await waitFor(() =>
        expect(http.post).toHaveBeenCalledWith('/auditlog/list', expect.objectContaining({ endDate: '2026-11-01' })),
      );
      const start = screen.getByRole('textbox', { name: '开始日期' });
      await userEvent.click(start);
      await userEvent.type(start, '2026-11-30{Enter}');
      await userEvent.keyboard('{Escape}');
      await userEvent.click(start);
      await userEvent.type(start, '{Control>}a{/Control}2026-10-30{Enter}');
      await waitFor(() =>
        expect(http.post).toHaveBeenCalledWith(
          '/auditlog/list',
          expect.objectContaining({ startDate: '2026-10-30', endDate: '2026-11-01' }),
        ),
      );
      expect(http.post).not.toHaveBeenCalledWith(
        '/auditlog/list',
        expect.objectContaining({ startDate: '2026-11-30' }),
      );
    },
  );
});
