import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { renderWithApp } from '../test-support.tsx';

const api = vi.hoisted(() => ({ getSearchMisses: vi.fn() }));
vi.mock('../api/get-search-misses.ts', async (original) => {
  const real = await original<typeof import('../api/get-search-misses.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    getSearchMisses: api.getSearchMisses,
    useSearchMisses: (p: { current: number; size: number }) =>
      useQuery({ ...real.getSearchMissesQueryOptions(p), queryFn: () => api.getSearchMisses(p) }),
  };
});
const { SearchMissesPanel } = await import('./search-misses-panel.tsx');

const misses = Array.from({ length: 12 }, (_, i) => ({
  keyword: `未找到${i + 1}`,
  count: 12 - i,
  lastAt: '2026-11-20T08:30:00.000Z',
}));
beforeEach(() => {
  vi.clearAllMocks();
  api.getSearchMisses.mockImplementation(async ({ current, size }: { current: number; size: number }) => ({
    records: misses.slice((current - 1) * size, current * size),
    total: misses.length,
    size,
    current,
    pages: Math.ceil(misses.length / size),
  }));
});

describe('search misses panel', () => {
  it('lists the keywords with their miss counts and last time, a page at a time', async () => {
    const user = userEvent.setup();
    renderWithApp(<SearchMissesPanel />);
    expect(screen.getByRole('heading', { level: 2, name: '未命中搜索' })).toBeTruthy();
    const row = (await screen.findByText('未找到1')).closest('tr')!;
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByText(/^2026-11-20 \d\d:30$/)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '未命中次数' })).toBeTruthy();
    expect(screen.queryByText('未找到11')).toBeNull();
    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByText('未找到11')).toBeTruthy();
    expect(api.getSearchMisses).toHaveBeenLastCalledWith({ current: 2, size: 10 });
  });

  it("shows the server's message when the list is refused", async () => {
    api.getSearchMisses.mockRejectedValue(new HttpError(403, '只有管理员可以查看'));
    renderWithApp(<SearchMissesPanel />);
    expect(await screen.findByText('只有管理员可以查看')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('暂无数据')).toBeTruthy());
  });
});
