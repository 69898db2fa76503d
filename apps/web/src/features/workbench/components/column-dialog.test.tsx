import type { CardColumn } from '@portal/contracts/workbench';
import { STATUS_CONFLICT } from '@portal/contracts/errors';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const api = vi.hoisted(() => ({
  submitColumn: vi.fn(async (c: unknown) => c),
  getColumn: vi.fn(),
}));
vi.mock('../api/submit-column.ts', () => ({ submitColumn: api.submitColumn }));
vi.mock('../api/get-column.ts', () => ({ getColumn: api.getColumn }));
const { ColumnDialog } = await import('./column-dialog.tsx');

const column: CardColumn = {
  id: 'col1',
  cardId: 'c1',
  columnName: '待审批',
  columnNameEn: '',
  dataSource: 'todo',
  apiId: null,
  category: '审批',
  todoTypeName: '项待办',
  todoTimeoutName: '',
  cardMapping: [{ field: 'title', chineseName: '标题' }],
  sort: 1,
  version: 'v1',
};

const open = (todoCaptions: boolean, onClose = vi.fn()) => {
  render(
    <I18nProvider i18n={i18n}>
      <App>
        <ColumnDialog column={column} todoCaptions={todoCaptions} onClose={onClose} />
      </App>
    </I18nProvider>,
  );
  return onClose;
};

beforeEach(() => vi.clearAllMocks());

describe('编辑栏目', () => {
  it("edits a to-do column's name and captions with their English, keeping its source and mapping, and names the version it read", async () => {
    const onClose = open(true);
    const name = await screen.findByLabelText('栏目名称');
    expect((name as HTMLInputElement).value).toBe('待审批');
    await userEvent.type(screen.getByLabelText('英文名称'), 'To approve');
    await userEvent.type(screen.getByLabelText('待办说明 · 英文名称'), 'to do');
    await userEvent.type(screen.getByLabelText('超时说明'), '已超期');
    await userEvent.type(screen.getByLabelText('超时说明 · 英文名称'), 'overdue');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api.submitColumn).toHaveBeenCalledWith({
      id: 'col1',
      cardId: 'c1',
      columnName: '待审批',
      columnNameEn: 'To approve',
      category: '审批',
      dataSource: 'todo',
      apiId: null,
      todoTypeName: '项待办',
      todoTypeNameEn: 'to do',
      todoTimeoutName: '已超期',
      todoTimeoutNameEn: 'overdue',
      cardMapping: [{ field: 'title', chineseName: '标题' }],
      version: 'v1',
    });
  });

  it('shows no to-do captions for a column of another card, and an empty name is refused in the dialog', async () => {
    const onClose = open(false);
    const name = await screen.findByLabelText('栏目名称');
    expect(screen.queryByLabelText('待办说明')).toBeNull();
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(WORKBENCH_MESSAGES.columnNameRequired)).toBeTruthy();
    expect(api.submitColumn).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('another administrator saved the column meanwhile: says so, and 重新加载 puts their texts in the dialog', async () => {
    api.submitColumn.mockRejectedValueOnce(
      new HttpError(STATUS_CONFLICT, WORKBENCH_MESSAGES.changedMeanwhile, '', STATUS_CONFLICT),
    );
    api.getColumn.mockResolvedValueOnce({ ...column, columnName: '待我审批', version: 'v2' });
    const onClose = open(true);
    await userEvent.type(await screen.findByLabelText('英文名称'), 'Mine');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await userEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    await waitFor(() => expect((screen.getByLabelText('栏目名称') as HTMLInputElement).value).toBe('待我审批'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
