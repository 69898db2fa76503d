import type { ServiceItem } from '@portal/contracts/services';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

vi.mock('../api/collect-service.ts', async (original) => ({
  ...(await original<typeof import('../api/collect-service.ts')>()),
  collectService: vi.fn(async (serviceId: string, collect: boolean) => ({ serviceId, collected: collect })),
}));
const { useToggleCollect } = await import('./service-grid.tsx');

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
});
