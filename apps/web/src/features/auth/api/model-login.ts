import type { LoginMode } from '@portal/contracts/identity';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** 7.3: POST auth/auth/modelLogin — how the tenant signs in: password form, the school's sign-in, or both (ADR 0022). */
export function getLoginMode(tenantId: string): Promise<LoginMode> {
  return workbenchHttp.post<LoginMode>('/auth/auth/modelLogin', { tenantId }, { silent: true });
}
