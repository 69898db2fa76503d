import type { TenantDetail } from '@portal/contracts/auth';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** GET nobody/tenant/detail: the tenant's name, and whether demo accounts work (login page). */
export function getTenantDetail(tenantId: string): Promise<TenantDetail> {
  return workbenchHttp.get<TenantDetail>('/nobody/tenant/detail', { tenantId }, { silent: true });
}
