import type { TenantDetail } from '@portal/contracts/auth';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { setVisitorTimeZone } from '../../../lib/time-zone.ts';

/** GET nobody/tenant/detail: the tenant's name, and whether demo accounts work (login page). */
export async function getTenantDetail(tenantId: string): Promise<TenantDetail> {
  const detail = await workbenchHttp.get<TenantDetail>('/nobody/tenant/detail', { tenantId }, { silent: true });
  // Before login, dates follow the tenant's zone as they do after (lib/time-zone.ts).
  setVisitorTimeZone(detail.timeZone);
  return detail;
}
