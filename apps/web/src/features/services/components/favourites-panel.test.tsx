import type { ServiceItem } from '@portal/contracts/services';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test-support.tsx';

const api = vi.hoisted(() => {
  let answer: (value: ServiceItem[]) => void = () => undefined;
  return {
    answer: (value: ServiceItem[]) => answer(value),
    getMyCollect: vi.fn(() => new Promise<ServiceItem[]>((resolve) => (answer = resolve))),
    changeOrder: vi.fn(),
  };
});
vi.mock('../api/get-my-collect.ts', async (original) => {
  const real = await original<typeof import('../api/get-my-collect.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useMyCollect: () => useQuery({ ...real.myCollectQueryOptions(), queryFn: () => api.getMyCollect() }),
  };
});
vi.mock('../api/change-order.ts', async (original) => ({
  ...(await original<typeof import('../api/change-order.ts')>()),
  changeOrder: api.changeOrder,
}));
const { FavouritesPanel } = await import('./favourites-panel.tsx');

const service = (serviceId: string, serviceName: string) =>
  ({ serviceId, serviceName, collected: true }) as ServiceItem;
const favourites = [service('s1', '学籍证明'), service('s2', '成绩单打印'), service('s3', '校园卡挂失')];
/** The server answers a reorder with the favourites in the order asked for. */
function answerInOrder() {
  api.changeOrder.mockImplementation(async (ids: string[]) =>
    ids.map((id) => favourites.find((s) => s.serviceId === id)!),
  );
}

describe('my favourites beside the service hall', () => {
  it('says "no favourites yet" only once the list has come, empty (not while it loads)', async () => {
    renderWithApp(<FavouritesPanel />);
    await screen.findByText('我的收藏');
    expect(screen.queryByText(/还没有收藏的服务/)).toBeNull();
    api.answer([]);
    expect(await screen.findByText(/还没有收藏的服务/)).toBeTruthy();
  });

  it('says 加载失败 with 重试 when the list did not come, not "no favourites yet", and shows it on 重试', async () => {
    api.getMyCollect.mockRejectedValueOnce(new Error('E-N00002Q：当前网络连接不稳定，请稍后再试'));
    api.getMyCollect.mockResolvedValueOnce(favourites);
    renderWithApp(<FavouritesPanel />);
    expect((await screen.findByRole('alert')).textContent).toBe('加载失败');
    expect(screen.queryByText(/还没有收藏的服务/)).toBeNull();
    (screen.getByRole('button', { name: '重试 我的收藏' }) as HTMLButtonElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('学籍证明')).toBeTruthy();
    expect(screen.queryByText('加载失败')).toBeNull();
  });

  it('keeps keyboard focus on the moved item: the same move button, or its other one at the top or bottom', async () => {
    api.getMyCollect.mockResolvedValueOnce(favourites);
    answerInOrder();
    renderWithApp(<FavouritesPanel />);
    (await screen.findByLabelText('下移 成绩单打印')).focus();
    await userEvent.keyboard('{Enter}');
    expect(api.changeOrder.mock.lastCall?.[0]).toEqual(['s1', 's3', 's2']);
    // Now last: its 下移 is disabled, so focus is on its 上移.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('上移 成绩单打印'));
    expect((screen.getByLabelText('下移 成绩单打印') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.keyboard('{Enter}');
    expect(api.changeOrder.mock.lastCall?.[0]).toEqual(['s1', 's2', 's3']);
    // Back in the middle: both buttons are enabled, so focus stays on 上移 of the same item.
    await waitFor(() => expect(screen.getByLabelText('下移 成绩单打印')).toHaveProperty('disabled', false));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('上移 成绩单打印');
    await userEvent.keyboard('{Enter}');
    expect(api.changeOrder.mock.lastCall?.[0]).toEqual(['s2', 's1', 's3']);
    // Now first: its 上移 is disabled, so focus is on its 下移.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('下移 成绩单打印'));
    expect((screen.getByLabelText('上移 成绩单打印') as HTMLButtonElement).disabled).toBe(true);
  });
});
