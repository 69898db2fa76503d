import type { LandingConfig } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';

/** 7.2 GET nobody/prepareLogin/configDetail. */
export function getLandingConfig(tenantId: string): Promise<LandingConfig> {
  return platformHttp.get<LandingConfig>('/nobody/prepareLogin/configDetail', { tenantId });
}
