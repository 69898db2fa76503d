import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ osp: vi.fn(), wb: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  ospHttp: { post: http.osp },
  workbenchHttp: { post: http.wb },
}));
const { HolidaysConfigSection } = await import('./holidays-config-section.tsx');
const { ServiceSpecialsConfigSection } = await import('./service-specials-config-section.tsx');
const { CardBusinessConfigPage } = await import('./card-business-config-page.tsx');

const ANSWERS: Record<string, unknown> = {
  '/indexholidayconfig/list': [
    { id: 'h1', name: '国庆节', date: '2099-10-01', endDate: '2099-10-07', greeting: '国庆快乐', updatedAt: '' },
  ],
  '/indexservicespecialconfig/list': [
    {
      id: 'sp1',
      title: '迎新专题',
      description: '',
      img: '',
      sort: 1,
      enabled: true,
      serviceIds: [],
      services: [],
      updatedAt: '',
    },
  ],
  '/cardbusinessconfig/list': [
    {
      id: 'c1',
      cardType: 'commonTools',
      basicConfig: { cardName: '我的工具卡', cardNameEn: 'My tools', cardIntroduction: '', displayRows: 1 },
      dataSource: '',
      typeList: [],
      currentStatusBackgroundColor: [],
      otherInformationList: [],
      serviceIds: [],
      status: 1,
      roleIds: [],
      sort: 1,
    },
  ],
};

function renderWith(node: ReactNode) {
  http.osp.mockImplementation(async (path: string) => ANSWERS[path] ?? []);
  http.wb.mockResolvedValue({ total: 0, records: [] });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>{node}</App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  vi.clearAllMocks();
  await act(() => i18n.changeLanguage('zh-CN'));
});

/** The buttons of the table row that shows `text`. */
const rowButtons = async (text: string) =>
  within((await screen.findByText(text)).closest('tr')!)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe("a configuration table's row buttons name their row", () => {
  it.each([
    ['zh-CN', ['编辑 国庆节', '删除 国庆节'], ['编辑 迎新专题', '删除 迎新专题']],
    ['en-US', ['Edit 国庆节', 'Delete 国庆节'], ['Edit 迎新专题', 'Delete 迎新专题']],
  ] as const)('%s: holidays and service specials (编辑 国庆节, not 编辑 alone)', async (lang, holiday, special) => {
    await act(() => i18n.changeLanguage(lang));
    renderWith(
      <>
        <HolidaysConfigSection />
        <ServiceSpecialsConfigSection />
      </>,
    );
    expect(await rowButtons('国庆节')).toEqual(holiday);
    expect(await rowButtons('迎新专题')).toEqual(special);
  });

  it('cards: every action of a card row, in the same form', async () => {
    renderWith(<CardBusinessConfigPage />);
    expect(await rowButtons('我的工具卡')).toEqual(
      expect.arrayContaining(['编辑 我的工具卡', '栏目 我的工具卡', '预览 我的工具卡', '下架 我的工具卡']),
    );
    expect(screen.getByRole('button', { name: '编辑 我的工具卡' })).toBeTruthy();
  });

  it('cards in English: the row shows and names the English an administrator gave the card (ADR 0074)', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    renderWith(<CardBusinessConfigPage />);
    expect(await rowButtons('My tools')).toEqual(
      expect.arrayContaining(['Edit My tools', 'Columns My tools', 'Preview My tools', 'Take down My tools']),
    );
    expect(screen.queryByText('我的工具卡')).toBeNull();
  });
});
