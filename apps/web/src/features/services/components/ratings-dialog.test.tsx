import type { ServiceRateDetail } from '@portal/contracts/services';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const api = vi.hoisted(() => ({ detail: vi.fn() }));
vi.mock('../api/get-rate-detail.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return {
    useRateDetail: (id: string | null, page: number) =>
      useQuery({ queryKey: ['rd', id, page], queryFn: () => api.detail(id, page), enabled: !!id }),
  };
});
const { RatingsDialog } = await import('./ratings-dialog.tsx');

const detail: ServiceRateDetail = {
  serviceId: 's1',
  average: 4.5,
  count: 2,
  distribution: [5, 4, 3, 2, 1].map((score) => ({ score, count: score >= 4 ? 1 : 0 })),
  labels: [{ labelName: '办理快', count: 2 }],
  comments: {
    records: [{ userName: '张*', score: 5, labels: ['办理快'], comment: '很方便', createdAt: '2026-11-20T02:00:00Z' }],
    total: 1,
    size: 5,
    current: 1,
    pages: 1,
  },
};

describe('ratings dialog', () => {
  it('shows the average, the count, the distribution, labels and comments', async () => {
    api.detail.mockResolvedValue(detail);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nProvider i18n={i18n}>
          <RatingsDialog service={{ serviceId: 's1', serviceName: '成绩查询' }} onClose={vi.fn()} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: '“成绩查询”的评价' });
    await within(dialog).findByText('4.5');
    expect(within(dialog).getByText('2 人评价')).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: '评分分布' })).toBeTruthy();
    expect(within(dialog).getByText('办理快 · 2')).toBeTruthy();
    expect(within(dialog).getByText(/很方便/)).toBeTruthy();
    expect(api.detail).toHaveBeenCalledWith('s1', 1);
    // Scores shown are pictures named by the score, not five unnamed radios ("star star") to tab or arrow through.
    expect(within(dialog).queryAllByRole('radio')).toHaveLength(0);
    expect(within(dialog).getByRole('img', { name: '平均 4.5 分，2 人评价' })).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: '5 星' })).toBeTruthy();
    expect(within(dialog).getByText('1 星')).toBeTruthy();
  });

  it("dates each review on the school's clock, naming the school's zone to a browser in another one", async () => {
    // 18:00 UTC on the 20th is the 21st in Asia/Shanghai (the tenant's default zone).
    api.detail.mockResolvedValue({
      ...detail,
      comments: {
        ...detail.comments,
        records: [{ ...detail.comments.records[0]!, createdAt: '2026-11-20T18:00:00Z' }],
      },
    });
    const own = Intl.DateTimeFormat.prototype.resolvedOptions;
    const zone = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...own.call(this), timeZone: 'Europe/Berlin' };
    });
    try {
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <I18nProvider i18n={i18n}>
            <RatingsDialog service={{ serviceId: 's3', serviceName: '成绩查询' }} onClose={vi.fn()} />
          </I18nProvider>
        </QueryClientProvider>,
      );
      const dialog = await screen.findByRole('dialog', { name: '“成绩查询”的评价' });
      const date = await within(dialog).findByText('2026-11-21');
      expect(date.tagName).toBe('TIME');
      expect(date.getAttribute('title')).toBe('Asia/Shanghai (UTC+8)');
    } finally {
      zone.mockRestore();
    }
  });

  it('says so when nobody rated the service yet', async () => {
    api.detail.mockResolvedValue({
      ...detail,
      count: 0,
      average: 0,
      labels: [],
      comments: { ...detail.comments, records: [], total: 0 },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nProvider i18n={i18n}>
          <RatingsDialog service={{ serviceId: 's2', serviceName: '宿舍报修' }} onClose={vi.fn()} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('暂无评价')).toBeTruthy();
  });
});
