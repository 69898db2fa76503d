import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n/i18n.ts';
import { defaultExportName, durationText, transferText } from '../lib/validation.ts';

const api = vi.hoisted(() => ({
  count: 0,
  started: [] as unknown[],
}));
vi.mock('../api/transfer-urls.ts', () => ({
  getExportFields: async () => [
    { id: 'deptName', field: '所属部门', required: true, dictCode: 'dept', checkable: true },
    { id: 'dutyName', field: '职责名称', required: true, dictCode: null, checkable: true },
  ],
  getExportCount: async () => api.count,
  startExport: async (_u: unknown, body: unknown) => {
    api.started.push(body);
    return { redisKey: 'k1' };
  },
  getProgress: async () => ({
    finished: false,
    finishRate: 0,
    totalNum: 0,
    finishNum: 0,
    useTimeStr: '0秒',
    tryMathRemainTime: '0秒',
    status: 'running',
    result: null,
    errorKey: null,
  }),
  downloadFailedRows: async () => undefined,
}));

const { ExportDialog } = await import('./export-dialog.tsx');

function renderDialog(defaultFileName = '职责清单') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <App>
        <ExportDialog urls={{} as never} defaultFileName={defaultFileName} onClose={() => undefined} />
      </App>
    </QueryClientProvider>,
  );
}

describe('bulk export dialog', () => {
  beforeEach(() => {
    api.started = [];
  });

  it('disables export while the count is 0', async () => {
    api.count = 0;
    renderDialog();
    await screen.findByText('共 0 条数据');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toHaveProperty('disabled', true);
  });

  it('shows the section 5 messages and starts the job once the form is valid', async () => {
    api.count = 6;
    renderDialog();
    await screen.findByText('共 6 条数据');
    const name = screen.getByLabelText('文件名称');
    const exportButton = screen.getByRole('button', { name: /导\s*出/ });
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(exportButton);
    expect(await screen.findByText('请输入文件名称')).toBeTruthy();
    fireEvent.change(name, { target: { value: '职责-清单' } });
    expect(await screen.findByText('特殊字符只能包括点和下划线')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'ab' } });
    expect(await screen.findByText('文件名称不可少于三个字符')).toBeTruthy();
    fireEvent.change(name, { target: { value: '职责清单_1' } });
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.click(exportButton);
    expect(await screen.findByText('请至少选择一个导出字段')).toBeTruthy();
    expect(api.started).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: '职责名称' }));
    fireEvent.click(exportButton);
    await waitFor(() =>
      expect(api.started).toEqual([{ fileName: '职责清单_1', dataRange: 1, exportField: 'dutyName:职责名称' }]),
    );
    expect(await screen.findByText('正在导出')).toBeTruthy();
  });

  it("keeps a pasted name over 30 characters as it is, counts it and refuses it with section 5's message", async () => {
    api.count = 6;
    const user = userEvent.setup();
    renderDialog();
    await screen.findByText('共 6 条数据');
    const name = screen.getByLabelText('文件名称') as HTMLInputElement;
    const long = '职责清单'.repeat(8) + '_1'; // 34 characters
    await user.clear(name);
    await user.paste(long);
    expect(name.value).toBe(long);
    expect(screen.getByText('34 / 30')).toBeTruthy();
    const message = await screen.findByText('文件名称不可超过30个字符');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(message.id);
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(api.started).toHaveLength(0);
    await user.type(name, '{Backspace}'.repeat(4));
    expect(screen.queryByText('文件名称不可超过30个字符')).toBeNull();
    // Spaces after the name are trimmed when it is sent, and the counter does not count them.
    await user.type(name, '  ');
    expect(screen.getByText('30 / 30')).toBeTruthy();
    expect(screen.queryByText('文件名称不可超过30个字符')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(api.started).toMatchObject([{ fileName: long.slice(0, 30) }]));
  });

  it('in English: the page title as a default name that passes the rule, and the messages in English', async () => {
    expect(defaultExportName('Department duty lists')).toBe('Department_duty_lists');
    expect(defaultExportName(' 部门职责清单配置 ')).toBe('部门职责清单配置');
    expect(defaultExportName('a / b — c')).toBe('a_b_c');
    await setLanguage('en-US');
    try {
      expect(transferText('文件名称不可超过30个字符')).toBe('The file name may not be longer than 30 characters');
      expect(transferText('文件中没有数据')).toBe('The file holds no data');
      expect(transferText('别的消息')).toBe('别的消息');
      expect(durationText('1分5秒')).toBe('1 min 5 s');
      expect(durationText('0秒')).toBe('0 s');
      api.count = 6;
      renderDialog('Department duty lists');
      await screen.findByText('6 rows');
      const name = screen.getByLabelText('File name');
      expect((name as HTMLInputElement).value).toBe('Department_duty_lists');
      // The fields under their English labels; the file's columns keep the server's headers.
      expect(screen.getByLabelText('Department')).toBeTruthy();
      expect(screen.getByLabelText('Duty name')).toBeTruthy();
      expect(screen.queryByText('所属部门')).toBeNull();
      fireEvent.change(name, { target: { value: '' } });
      fireEvent.click(screen.getByRole('button', { name: 'Export' }));
      expect(await screen.findByText('Please enter a file name')).toBeTruthy();
      fireEvent.change(name, { target: { value: 'Department_duty_lists' } });
      fireEvent.click(screen.getByRole('button', { name: 'Export' }));
      await waitFor(() =>
        expect(api.started).toMatchObject([
          { fileName: 'Department_duty_lists', exportField: 'deptName:所属部门,dutyName:职责名称' },
        ]),
      );
    } finally {
      await setLanguage('zh-CN');
    }
  });
});
