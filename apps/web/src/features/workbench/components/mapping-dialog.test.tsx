import type { CardColumn } from '@portal/contracts/workbench';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const api = vi.hoisted(() => ({
  getReturnParams: vi.fn(async () => [{ field: 'title', chineseName: '标题', paramType: 'string' }]),
  submitColumn: vi.fn(async (c: unknown) => c),
}));
vi.mock('../api/get-return-params.ts', () => ({ getReturnParams: api.getReturnParams }));
vi.mock('../api/submit-column.ts', () => ({ submitColumn: api.submitColumn }));
const { MappingDialog } = await import('./mapping-dialog.tsx');

const column: CardColumn = {
  id: 'col1',
  cardId: 'c1',
  columnName: '待办',
  dataSource: 'todo',
  apiId: null,
  category: '',
  todoTypeName: '',
  todoTimeoutName: '',
  cardMapping: [{ field: 'title', chineseName: '标题' }],
  sort: 1,
};

describe('field mapping dialog', () => {
  it("loads the source's fields and saves the edited mapping with the column", async () => {
    const onClose = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <App>
          <MappingDialog column={column} onClose={onClose} />
        </App>
      </I18nProvider>,
    );
    await waitFor(() => expect(api.getReturnParams).toHaveBeenCalledWith('todo', null));
    const name = await screen.findByLabelText('中文名称');
    await userEvent.clear(name);
    await userEvent.type(name, '事项');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api.submitColumn).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'col1', cardId: 'c1', cardMapping: [{ field: 'title', chineseName: '事项' }] }),
    );
  });

  it('removes a field with a button named 删除 (reached by the keyboard, not a clickable icon)', async () => {
    const onClose = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <App>
          <MappingDialog column={column} onClose={onClose} />
        </App>
      </I18nProvider>,
    );
    await screen.findByLabelText('中文名称');
    const remove = screen.getByRole('button', { name: '删除' });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByLabelText('中文名称')).toBeNull());
  });

  it('takes a header in English beside the Chinese (ADR 0074), no longer than the contract allows, and saves it', async () => {
    const onClose = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <App>
          <MappingDialog column={column} onClose={onClose} />
        </App>
      </I18nProvider>,
    );
    const english = (await screen.findByLabelText('英文名称')) as HTMLInputElement;
    expect(english.maxLength).toBe(100); // as the Chinese name's
    await userEvent.type(english, 'Subject');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(api.submitColumn).toHaveBeenLastCalledWith(
      expect.objectContaining({ cardMapping: [{ field: 'title', chineseName: '标题', chineseNameEn: 'Subject' }] }),
    );
  });
});
