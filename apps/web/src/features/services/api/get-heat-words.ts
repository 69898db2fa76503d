import { workbenchHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';

/** 7.5 searchHeatWord, or its nobody variant for visitors. */
export function getHeatWords(size = 8): Promise<string[]> {
  return isLoggedIn()
    ? workbenchHttp.post<string[]>('/searchHeatWord', { size })
    : workbenchHttp.post<string[]>('/nobody/searchHeatWord', { size, tenantId: landingTenant() });
}
