import type { RoleItem } from '@portal/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { authKeys } from './query-keys.ts';

/** 7.2 / 7.3: GET baseService/getRoleList (the tenant's roles; anonymous callers name the tenant). */
export function getRoleList(tenantId?: string): Promise<RoleItem[]> {
  return workbenchHttp.get<RoleItem[]>('/baseService/getRoleList', tenantId ? { tenantId } : {});
}
/** The caller's own tenant's roles (the administration pages). */
export const roleListQueryOptions = () => queryOptions({ queryKey: authKeys.roles(), queryFn: () => getRoleList() });
export const useRoleList = () => useQuery(roleListQueryOptions());
