import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ made: [] as string[], detailFails: false }));
// The workbench client records each call and answers what its path answers.
vi.mock('../../../lib/http/clients.ts', () => {
  const send = async (path: string, body: { tenantId: string }) => {
    calls.made.push(`${path} ${body.tenantId}`);
    if (path === '/nobody/tenant/detail') {
      if (calls.detailFails) throw new Error('detail down');
      return { tenantId: body.tenantId, tenantName: '示例大学', demo: true, timeZone: 'Europe/Berlin' };
    }
    if (path === '/auth/auth/modelLogin') return { mode: 'local' };
    throw new Error(`unexpected ${path}`);
  };
  const client = { get: vi.fn(send), post: vi.fn(send) };
  return { platformHttp: client, workbenchHttp: client, cygjHttp: client };
});

const { prefetchLogin, loginTenant } = await import('./prefetch-login.ts');
const { tenantDetailQueryOptions } = await import('./get-tenant-detail.ts');
const { loginModeQueryOptions } = await import('./model-login.ts');
const { tenantTimeZone, setVisitorTimeZone } = await import('../../../lib/time-zone.ts');

const settle = (client: QueryClient) =>
  vi.waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 2000, interval: 5 });

afterEach(() => {
  calls.made.length = 0;
  calls.detailFails = false;
  setVisitorTimeZone(null);
});

describe('prefetchLogin (issue 10)', () => {
  it("fills the login page's tenant details and sign-in mode, and its own queries make no second call", async () => {
    // The app's staleTime (app/providers.tsx).
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    prefetchLogin(client, '000000');
    await settle(client);
    expect(client.getQueryData(tenantDetailQueryOptions('000000').queryKey)).toMatchObject({ demo: true });
    expect(client.getQueryData(loginModeQueryOptions('000000').queryKey)).toEqual({ mode: 'local' });
    // The tenant's zone is set as when the page makes the call itself.
    expect(tenantTimeZone()).toBe('Europe/Berlin');
    await client.fetchQuery(tenantDetailQueryOptions('000000'));
    await client.fetchQuery(loginModeQueryOptions('000000'));
    expect(calls.made.sort()).toEqual(['/auth/auth/modelLogin 000000', '/nobody/tenant/detail 000000']);
  });

  it('takes the answers the page carries (ADR 0061) once, for its tenant only, and makes no call', async () => {
    const carry = (tenantId: string) => {
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = 'portal-login-data';
      script.textContent = JSON.stringify({
        tenantId,
        detail: { tenantId, tenantName: '示例大学', demo: false, timeZone: 'Asia/Tokyo' },
        mode: { mode: 'carried' },
      });
      document.head.append(script);
    };
    carry('000000');
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    prefetchLogin(client, '000000');
    expect(client.getQueryData(tenantDetailQueryOptions('000000').queryKey)).toMatchObject({ demo: false });
    expect(client.getQueryData(loginModeQueryOptions('000000').queryKey)).toEqual({ mode: 'carried' });
    expect(document.getElementById('portal-login-data')).toBeNull();
    await vi.waitFor(() => expect(tenantTimeZone()).toBe('Asia/Tokyo'));
    expect(calls.made).toEqual([]);
    // Another tenant's answers are not taken (and are gone): the calls are made.
    carry('100001');
    const other = new QueryClient();
    prefetchLogin(other, '000000');
    await settle(other);
    expect(document.getElementById('portal-login-data')).toBeNull();
    expect(calls.made.sort()).toEqual(['/auth/auth/modelLogin 000000', '/nobody/tenant/detail 000000']);
  });

  it('asks for the tenant of the address, or the default one', () => {
    expect(loginTenant('?tenantId=100001')).toBe('100001');
    expect(loginTenant('?tenantId=%20')).toBe('000000');
    expect(loginTenant('')).toBe('000000');
  });

  it("leaves a failed call as the query's error, not an unhandled rejection", async () => {
    calls.detailFails = true;
    const client = new QueryClient();
    prefetchLogin(client, '000000');
    await settle(client);
    expect(client.getQueryState(tenantDetailQueryOptions('000000').queryKey)?.status).toBe('error');
    expect(client.getQueryData(loginModeQueryOptions('000000').queryKey)).toEqual({ mode: 'local' });
  });
});
