import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Select } from 'antd';
import { describe, expect, it, vi } from 'vitest';

const http = vi.hoisted(() => {
  const answers: Record<string, unknown> = {
    '/getDeptTreePower': [{ id: 'd-jwc', parentId: '', title: '教务处', dutyNum: 0, children: [] }],
    '/isDutyTypeMust': false,
    '/ospDeptInfo/noSetDutyDept': [],
    '/ospDeptDutyListConfig/page': { records: [], total: 0, size: 10, current: 1, pages: 0 },
    '/ospDeptInfo/queryServiceInfo': { records: [], total: 0, size: 100, current: 1, pages: 0 },
  };
  const sent: string[] = [];
  const answer = async (path: string) => {
    sent.push(path);
    return answers[path] ?? null;
  };
  return { sent, post: vi.fn(answer), get: vi.fn(answer) };
});
vi.mock('../../../lib/http/clients.ts', () => ({
  workbenchHttp: { post: http.post, get: http.get },
  ospHttp: { post: http.post, get: http.get },
}));

const { DeptDutyConfigPage } = await import('./dept-duty-config-page.tsx');

const transfer = {
  dutyTypeSelect: () => <Select aria-label="职责类型" options={[]} />,
  exportDialog: () => null,
  importDialog: () => null,
};

describe('the duty dialog of the department duty lists', () => {
  it('refuses a duty name of white space only in the field, and sends nothing', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <DeptDutyConfigPage transfer={transfer} />
        </App>
      </QueryClientProvider>,
    );
    // A department chosen in the tree fills the dialog's department: only the name stands between it and the server.
    fireEvent.click(await screen.findByText(/^教务处/));
    fireEvent.click(await screen.findByText('新增职责'));
    // The search box above the list is labelled 职责名称 too: the dialog's field is meant.
    const dialog = within(document.querySelector<HTMLElement>('.ant-modal')!);
    const name = dialog.getByLabelText('职责名称');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(dialog.getByText(/^保\s*存$/));
    expect(await dialog.findByText('请输入职责名称')).toBeTruthy();
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(http.sent.filter((p) => p.startsWith('/ospDeptDutyListConfig/save'))).toEqual([]);
  });
});
