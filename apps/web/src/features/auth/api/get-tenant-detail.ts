import type { TenantDetail } from '@portal/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { authKeys } from './query-keys.ts';

/** GET nobody/tenant/detail: the tenant's name, and whether demo accounts work (login page). */
export async function getTenantDetail(tenantId: string): Promise<TenantDetail> {
  const detail = await workbenchHttp.get<TenantDetail>('/nobody/tenant/detail', { tenantId }, { silent: true });
  // Before login, dates follow the tenant's zone as they do after (lib/tenant-clock.ts). The clock's code comes with
  // the login page's part; this call may start before it (prefetch-login.ts), so the first script stays without it.
  const { setVisitorTimeZone } = await import('../../../lib/tenant-clock.ts');
  setVisitorTimeZone(detail.timeZone);
  return detail;
}
export const tenantDetailQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: authKeys.tenantDetail(tenantId), queryFn: () => getTenantDetail(tenantId), retry: false });
export const useTenantDetail = (tenantId: string) =>
  useQuery({ ...tenantDetailQueryOptions(tenantId), enabled: !!tenantId });
