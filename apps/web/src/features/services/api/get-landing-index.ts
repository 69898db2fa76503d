import type { LandingIndex } from '@portal/contracts/services';
import { LANDING_LIST_SIZE } from '@portal/contracts/constants';
import { platformHttp } from '../../../lib/http/clients.ts';

/** What the landing page shows of each list: newly launched and most visited (size), each group's services. */
export { LANDING_LIST_SIZE } from '@portal/contracts/constants';

/**
 * 7.2 POST nobody/index/index: a visitor's whole landing page in one call — configuration, footer, figures, hot
 * words, navigation, tools, newly launched, most visited and the first browse tab's groups (ADR 0051).
 */
export function getLandingIndex(tenantId: string): Promise<LandingIndex> {
  return platformHttp.post<LandingIndex>('/nobody/index/index', {
    tenantId,
    size: LANDING_LIST_SIZE,
    perGroup: LANDING_LIST_SIZE,
  });
}
