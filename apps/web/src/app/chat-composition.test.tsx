import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatClient } from '../features/chat/lib/chat-runtime.ts';
import { workbenchKeys } from '../features/workbench/api/query-keys.ts';
import { ShellConfigFreshness } from './chat-composition.tsx';

function TopMenu({ fetchMenu }: { fetchMenu: () => Promise<string> }) {
  const menu = useQuery({ queryKey: workbenchKeys.topMenu(), queryFn: fetchMenu, staleTime: Infinity });
  return <nav>{menu.data}</nav>;
}

describe('ShellConfigFreshness: a signed-in page follows a configuration change', () => {
  afterEach(() => chatClient.store.setState({ configVersion: 0 }));

  it("fetches the workbench's data again when the chat socket says the configuration changed, not before", async () => {
    const fetchMenu = vi.fn().mockResolvedValueOnce('首页 服务大厅').mockResolvedValueOnce('首页 服务大厅 图书馆资源');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ShellConfigFreshness />
        <TopMenu fetchMenu={fetchMenu} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('首页 服务大厅')).toBeTruthy();
    expect(fetchMenu).toHaveBeenCalledTimes(1);
    act(() => chatClient.store.setState({ configVersion: 1 }));
    expect(await screen.findByText('首页 服务大厅 图书馆资源')).toBeTruthy();
    await waitFor(() => expect(fetchMenu).toHaveBeenCalledTimes(2));
  });
});
