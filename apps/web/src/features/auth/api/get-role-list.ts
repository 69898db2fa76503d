import type { RoleItem } from '@portal/contracts/auth';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** 7.2 / 7.3: GET baseService/getRoleList (the tenant's roles; anonymous callers name the tenant). */
export function getRoleList(tenantId?: string): Promise<RoleItem[]> {
  return workbenchHttp.get<RoleItem[]>('/baseService/getRoleList', tenantId ? { tenantId } : {});
}
