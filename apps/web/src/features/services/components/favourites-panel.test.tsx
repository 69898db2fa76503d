import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test-support.tsx';

const api = vi.hoisted(() => {
  let answer: (value: never[]) => void = () => undefined;
  return {
    answer: (value: never[]) => answer(value),
    getMyCollect: vi.fn(() => new Promise<never[]>((resolve) => (answer = resolve))),
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
const { FavouritesPanel } = await import('./favourites-panel.tsx');

describe('my favourites beside the service hall', () => {
  it('says "no favourites yet" only once the list has come, empty (not while it loads)', async () => {
    renderWithApp(<FavouritesPanel />);
    await screen.findByText('我的收藏');
    expect(screen.queryByText(/还没有收藏的服务/)).toBeNull();
    api.answer([]);
    expect(await screen.findByText(/还没有收藏的服务/)).toBeTruthy();
  });
});
