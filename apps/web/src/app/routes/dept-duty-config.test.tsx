import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../lib/i18n/i18n.ts';

const DUTY = {
  id: 'duty-2',
  deptId: 'd-cw',
  deptName: '财务处',
  dutyName: '预算编制',
  dutyType: '责任',
  dutyContent: '',
  sort: 0,
  services: [],
  updateTime: '',
};
const GET: Record<string, unknown> = {
  '/getDeptTreePower': [{ id: 'd-cw', parentId: '', title: '财务处', dutyNum: 1, children: [] }],
  '/isDutyTypeMust': false,
  '/transfer/dict/dutyType': ['职责', '责任', '权力'].map((v) => ({ dictKey: v, dictValue: v })),
};
const POST: Record<string, unknown> = {
  '/ospDeptDutyListConfig/page': { records: [DUTY], total: 1, size: 10, current: 1, pages: 1 },
  '/ospDeptInfo/noSetDutyDept': [],
  '/ospDeptInfo/queryServiceInfo': { records: [], total: 0, size: 100, current: 1, pages: 0 },
};
vi.mock('../../lib/http/clients.ts', () => ({
  workbenchHttp: { get: async (path: string) => GET[path], post: async (path: string) => POST[path] },
  ospHttp: { post: async () => null, get: async () => null },
}));
const { DeptDutyConfigRoute } = await import('./dept-duty-config.tsx');

afterEach(() => act(() => i18n.changeLanguage('zh-CN')));

describe('duty configuration in English', () => {
  it('shows the fixed duty types in English in the table and in the editor’s type select', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nProvider i18n={i18n}>
          <App>
            <DeptDutyConfigRoute />
          </App>
        </I18nProvider>
      </QueryClientProvider>,
    );
    const row = (await screen.findByText('预算编制')).closest('tr')!;
    expect(within(row).getByText('Responsibility')).toBeTruthy();
    expect(within(row).queryByText('责任')).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Edit 预算编制' }));
    const dialog = await screen.findByRole('dialog');
    // The select shows the duty's stored value (责任) by its English label, and offers the others in English.
    expect(await within(dialog).findByTitle('Responsibility')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Duty type' }));
    expect(await screen.findByRole('option', { name: 'Power' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: '权力' })).toBeNull();
  });
});
