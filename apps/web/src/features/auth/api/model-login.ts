import type { LoginMode } from '@portal/contracts/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { authKeys } from './query-keys.ts';

/** 7.3: POST auth/auth/modelLogin — how the tenant signs in: password form, the school's sign-in, or both (ADR 0022). */
export function getLoginMode(tenantId: string): Promise<LoginMode> {
  return workbenchHttp.post<LoginMode>('/auth/auth/modelLogin', { tenantId }, { silent: true });
}
export const loginModeQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: authKeys.loginMode(tenantId), queryFn: () => getLoginMode(tenantId), retry: false });
export const useLoginMode = (tenantId: string) => useQuery({ ...loginModeQueryOptions(tenantId), enabled: !!tenantId });
