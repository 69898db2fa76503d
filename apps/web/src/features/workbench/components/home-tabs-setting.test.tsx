import type { Card, IndexType } from '@portal/contracts/workbench';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const tab = (id: string, typeName: string, sort: number, isDefault = false): IndexType => ({
  id,
  typeName,
  layout: 'same',
  status: 1,
  sort,
  isDefault,
  cardConfigs: [] as Card[],
});
const api = vi.hoisted(() => ({
  types: vi.fn(),
  setDefault: vi.fn(async () => null),
  order: vi.fn(async () => null),
  remove: vi.fn(async () => null),
}));
vi.mock('../api/get-index-types.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return {
    indexTypesQueryKey: ['types'],
    useIndexTypes: () => useQuery({ queryKey: ['types'], queryFn: api.types }),
  };
});
vi.mock('../api/get-card-list.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return { useCardList: () => useQuery({ queryKey: ['cards'], queryFn: async () => [] }) };
});
const submitIndexType = vi.hoisted(() => vi.fn(async (_body: object) => ({ id: 'new' })));
vi.mock('../api/submit-index-type.ts', () => ({ submitIndexType }));
vi.mock('../api/set-index-type-status.ts', () => ({ setIndexTypeStatus: vi.fn(async () => null) }));
vi.mock('../api/set-default-index-type.ts', () => ({ setDefaultIndexType: api.setDefault }));
vi.mock('../api/adjust-index-type-order.ts', () => ({ adjustIndexTypeOrder: api.order }));
vi.mock('../api/remove-index-types.ts', () => ({ removeIndexTypes: api.remove }));
const { HomeCardsSetting } = await import('./home-page-config-page.tsx');

function renderSetting() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>
          <HomeCardsSetting />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

/** Issue 16: home tabs can be made the default, reordered and deleted from the home page configuration. */
describe('home tabs (homePageConfig)', () => {
  afterEach(async () => {
    vi.clearAllMocks();
    await i18n.changeLanguage('zh-CN');
  });

  it("edits a tab's name, its English and its layout, naming the version read (ADR 0074, 0075)", async () => {
    api.types.mockResolvedValue([{ ...tab('t1', '工作台', 1, true), typeNameEn: 'Workbench', version: 'v1' }]);
    renderSetting();
    await userEvent.click(await screen.findByRole('button', { name: '编辑 工作台' }));
    const dialog = await screen.findByRole('dialog');
    const english = within(dialog).getByLabelText('英文名称') as HTMLInputElement;
    await waitFor(() => expect(english.value).toBe('Workbench'));
    await userEvent.clear(english);
    await userEvent.type(english, 'My desk');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(submitIndexType).toHaveBeenCalledWith({
        id: 't1',
        typeName: '工作台',
        typeNameEn: 'My desk',
        layout: 'same',
        version: 'v1',
      }),
    );
  });

  it('in English, shows and names each tab by the English an administrator gave it, else the Chinese', async () => {
    await i18n.changeLanguage('en-US');
    api.types.mockResolvedValue([{ ...tab('t1', '工作台', 1, true), typeNameEn: 'Workbench' }, tab('t2', '学习', 2)]);
    renderSetting();
    expect(await screen.findByRole('button', { name: 'Edit Workbench' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move down Workbench' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit 学习' })).toBeTruthy();
  });

  it('marks the default tab, and makes another the default only when asked', async () => {
    api.types.mockResolvedValue([tab('t1', '工作台', 1, true), tab('t2', '学习', 2)]);
    renderSetting();
    expect(await screen.findByText('默认页签')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '设为默认 工作台' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '设为默认 学习' }));
    expect(api.setDefault).toHaveBeenCalledWith('t2');
  });

  it('moves a tab up or down by keyboard and saves the whole order', async () => {
    api.types.mockResolvedValue([tab('t1', '工作台', 1, true), tab('t2', '学习', 2), tab('t3', '生活', 3)]);
    renderSetting();
    const up = await screen.findByRole('button', { name: '上移 学习' });
    expect((screen.getByRole('button', { name: '上移 工作台' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '下移 生活' }) as HTMLButtonElement).disabled).toBe(true);
    up.focus();
    await userEvent.keyboard('{Enter}');
    expect(api.order).toHaveBeenCalledWith(['t2', 't1', 't3']);
    await userEvent.click(screen.getByRole('button', { name: '下移 学习' }));
    expect(api.order).toHaveBeenLastCalledWith(['t1', 't3', 't2']);
  });

  it('deletes a tab after a confirmation, never the default one', async () => {
    api.types.mockResolvedValue([tab('t1', '工作台', 1, true), tab('t2', '学习', 2)]);
    renderSetting();
    const removeDefault = (await screen.findByRole('button', { name: '删除页签 工作台' })) as HTMLButtonElement;
    expect(removeDefault.disabled).toBe(true);
    expect(removeDefault.title).toBe('默认页签不能删除，请先将其他页签设为默认');
    await userEvent.click(screen.getByRole('button', { name: '删除页签 学习' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确定删除页签“学习”吗？');
    expect(api.remove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(['t2']));
  });

  it('keeps the last tab: its delete button is disabled', async () => {
    api.types.mockResolvedValue([tab('t1', '工作台', 1, true)]);
    renderSetting();
    expect(((await screen.findByRole('button', { name: '删除页签 工作台' })) as HTMLButtonElement).disabled).toBe(true);
  });
});
