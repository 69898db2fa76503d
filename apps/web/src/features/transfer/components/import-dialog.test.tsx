import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n/i18n.ts';

const api = vi.hoisted(() => ({ started: [] as unknown[] }));
vi.mock('../api/transfer-urls.ts', () => ({
  uploadImportFile: async () => ({ fileKey: 'f1', fileName: 'a.xlsx', size: 10 }),
  matchFields: async () => ({
    excelField: ['部门', '名称', '备注'],
    matchFieldList: [{ excelField: '部门', dbField: 'deptName' }],
    dbFieldList: [
      { id: 'deptName', field: '所属部门', required: true, dictCode: 'dept', checkable: true },
      { id: 'dutyName', field: '职责名称', required: true, dictCode: null, checkable: true },
      { id: 'dutyContent', field: '职责内容', required: false, dictCode: null, checkable: false },
    ],
  }),
  startImport: async (_u: unknown, body: unknown) => {
    api.started.push(body);
    return { redisKey: 'k1' };
  },
  getProgress: async () => ({
    finished: false,
    finishRate: 0,
    totalNum: 0,
    finishNum: 0,
    newInsertNum: 0,
    updateNum: 0,
    jumpNum: 0,
    failNum: 0,
    useTimeStr: '0秒',
    tryMathRemainTime: '0秒',
    status: 'running',
    result: null,
    errorKey: null,
    errorMsg: null,
  }),
  downloadTemplate: async () => undefined,
  downloadFailedRows: async () => undefined,
}));

const { ImportDialog } = await import('./import-dialog.tsx');

const renderDialog = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <ImportDialog urls={{} as never} onClose={() => undefined} />
      </App>
    </QueryClientProvider>,
  );

describe('bulk import dialog', () => {
  it('asks for a file and a header row of 1 to 10, then for the rule, check fields and every required match', async () => {
    renderDialog();
    const next = screen.getByRole('button', { name: '下一步' });
    fireEvent.click(next);
    expect(await screen.findByText('请上传文件')).toBeTruthy();

    // rc-upload renders a fresh input after each choice.
    const input = () => document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [new File(['x'], 'notes.txt')] } });
    expect(await screen.findByText('上传格式不符合要求，请重新上传')).toBeTruthy();
    const removeFirst = () => fireEvent.click(screen.getAllByRole('button', { name: /删除|Remove|delete/i })[0]!);
    removeFirst();
    await waitFor(() => expect(screen.queryByText('notes.txt')).toBeNull());
    fireEvent.change(input(), { target: { files: [new File(['x'], 'a.xlsx'), new File(['y'], 'b.xlsx')] } });
    expect(await screen.findByText('当前限制选择 1 个文件，请删除后再上传')).toBeTruthy();
    removeFirst();
    await waitFor(() => expect(screen.queryByText('当前限制选择 1 个文件，请删除后再上传')).toBeNull());

    const headerLine = screen.getByLabelText('表头所在行');
    fireEvent.change(headerLine, { target: { value: '11' } });
    fireEvent.blur(headerLine);
    expect(await screen.findByText('表头所在行须为1到10之间的整数')).toBeTruthy();
    fireEvent.change(headerLine, { target: { value: '2' } });
    fireEvent.blur(headerLine);
    fireEvent.click(next);

    expect(await screen.findByText('字段匹配')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    expect(await screen.findByText('请选择重复数据规则')).toBeTruthy();
    expect(screen.getByText('请匹配所有系统必填字段')).toBeTruthy();
    expect(api.started).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: '所属部门' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '职责名称' }));
    expect(await screen.findByText('请选择校验字段')).toBeTruthy();
  });

  it('in English, names the system fields by their English labels, and the columns of the file as they are', async () => {
    await setLanguage('en-US');
    try {
      renderDialog();
      const input = document.querySelector('input[type=file]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(['x'], 'a.xlsx')] } });
      fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Field matching')).toBeTruthy();
      // The match table: each system field (required ones starred) beside a select of the file's own headers.
      expect(screen.getByText('* Department')).toBeTruthy();
      expect(screen.getByText('* Duty name')).toBeTruthy();
      expect(screen.getByText('Duty content')).toBeTruthy();
      expect(screen.getByRole('combobox', { name: 'Department' })).toBeTruthy();
      expect(screen.getByText('部门')).toBeTruthy();
      // The check fields under the same labels.
      expect(screen.getByRole('checkbox', { name: 'Duty name' })).toBeTruthy();
      expect(screen.queryByText(/所属部门|职责名称|职责内容/)).toBeNull();
    } finally {
      await setLanguage('zh-CN');
    }
  });
});
