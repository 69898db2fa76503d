import type { Card, IndexType } from '@portal/contracts/workbench';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const card = (id: string, cardName: string) =>
  ({ id, basicConfig: { cardName, cardIntroduction: '', displayRows: 1 } }) as unknown as Card;
const A = card('a', '卡片甲');
const B = card('b', '卡片乙');
const tab = (cards: Card[], cardsVersion: string): IndexType => ({
  id: 't1',
  typeName: '工作台',
  layout: 'same',
  status: 1,
  sort: 1,
  isDefault: true,
  cardConfigs: cards,
  version: 'tab-v',
  cardsVersion,
});
const api = vi.hoisted(() => ({ types: vi.fn(), submitCards: vi.fn() }));
vi.mock('../api/get-index-types.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return {
    indexTypesQueryKey: ['types'],
    useIndexTypes: () => useQuery({ queryKey: ['types'], queryFn: api.types }),
  };
});
vi.mock('../api/get-card-list.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return { useCardList: () => useQuery({ queryKey: ['cards'], queryFn: async () => [A, B] }) };
});
vi.mock('../api/submit-index-cards.ts', () => ({ submitIndexCards: api.submitCards }));
const { HomeCardsSetting } = await import('./home-page-config-page.tsx');

/** The dialog that says another administrator changed the item (ADR 0075). */
const refusalDialog = () =>
  waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((d) => within(d).queryAllByText('该配置已被他人修改，请刷新后重试').length > 0);
    expect(found).toBeTruthy();
    return found!;
  });

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

/** ADR 0075: the home page configuration writes a tab's card list back with the version it loaded. */
describe("a tab's card list and another administrator's new card", () => {
  afterEach(() => vi.clearAllMocks());

  it('sends the list version; refused, it says so and reloads the tab with the card made meanwhile', async () => {
    // The page loaded the tab with card A; another administrator has since put card B on it.
    api.types.mockResolvedValueOnce([tab([A], 'cv-loaded')]).mockResolvedValue([tab([A, B], 'cv-now')]);
    api.submitCards.mockRejectedValue(new HttpError(409, WORKBENCH_MESSAGES.changedMeanwhile, 'tab t1', 409));
    renderSetting();
    await screen.findByText('卡片甲');
    expect(screen.queryByText('卡片乙')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(api.submitCards).toHaveBeenCalledWith('t1', ['a'], 'cv-loaded');
    const refusal = await refusalDialog();
    await userEvent.click(within(refusal).getByRole('button', { name: '重新加载' }));
    // The tab is read again and its list now holds the other administrator's card.
    expect(await screen.findByText('卡片乙')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
