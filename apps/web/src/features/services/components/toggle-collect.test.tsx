import type { ServiceItem } from '@portal/contracts/services';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClickGuard } from '../../../lib/click-guard.ts';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

const api = vi.hoisted(() => ({
  collectService: vi.fn(async (serviceId: string, collect: boolean) => ({ serviceId, collected: collect })),
}));
vi.mock('../api/collect-service.ts', async (original) => ({
  ...(await original<typeof import('../api/collect-service.ts')>()),
  collectService: api.collectService,
}));
const { useToggleCollect } = await import('./service-grid.tsx');
beforeEach(() => api.collectService.mockClear());

describe('collecting a service (issue 15)', () => {
  it("refreshes every view of the favourites: the service lists, the personal center's and the home cards", async () => {
    const client = new QueryClient();
    for (const key of [
      ['services', 'page'],
      [...sharedQueryKeys.favourites],
      [...sharedQueryKeys.homeCards, 'c1', 'same'],
      ['personal', 'systemAccessLinks'],
    ])
      client.setQueryData(key, []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <App>{children}</App>
        </QueryClientProvider>
      </I18nProvider>
    );
    const { result } = renderHook(() => useToggleCollect(), { wrapper });
    await act(async () => {
      result.current.mutate({ serviceId: 's1', collected: false } as ServiceItem);
    });
    await waitFor(() => expect(client.getQueryState([...sharedQueryKeys.favourites])?.isInvalidated).toBe(true));
    expect(client.getQueryState(['services', 'page'])?.isInvalidated).toBe(true);
    expect(client.getQueryState([...sharedQueryKeys.homeCards, 'c1', 'same'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['personal', 'systemAccessLinks'])?.isInvalidated).toBe(false);
  });

  it('sends one collect for two taps, however slow the answer (section 9)', async () => {
    // On a slow network the list still showed the service uncollected at the second tap: two collects went out.
    let answer: (v: { serviceId: string; collected: boolean }) => void = () => undefined;
    api.collectService.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <App>{children}</App>
        </QueryClientProvider>
      </I18nProvider>
    );
    const { result } = renderHook(() => useToggleCollect(), { wrapper });
    const s1 = { serviceId: 's1', collected: false } as ServiceItem;
    act(() => result.current.mutate(s1));
    // Past the 800 ms window, the first call still under way: still one.
    resetClickGuard();
    act(() => result.current.mutate(s1));
    expect(api.collectService).toHaveBeenCalledTimes(1);
    // Another service is its own action.
    act(() => result.current.mutate({ serviceId: 's2', collected: false } as ServiceItem));
    expect(api.collectService).toHaveBeenCalledTimes(2);
    await act(async () => answer({ serviceId: 's1', collected: true }));
    // Answered, and 800 ms on: the next tap is the user's own (uncollect).
    resetClickGuard();
    act(() => result.current.mutate({ serviceId: 's1', collected: true } as ServiceItem));
    expect(api.collectService).toHaveBeenLastCalledWith('s1', false);
  });
});
