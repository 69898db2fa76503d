import type { LandingIndex } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';

/** 7.2 POST nobody/index/index: the landing page's configuration, footer, figures and hot words in one call. */
export function getLandingIndex(tenantId: string): Promise<LandingIndex> {
  return platformHttp.post<LandingIndex>('/nobody/index/index', { tenantId });
}
