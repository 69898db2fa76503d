import type { FooterConfig } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';

/** 7.2 GET nobody/prepareLogin/bottomConfigDetail. */
export function getFooterConfig(tenantId: string): Promise<FooterConfig> {
  return platformHttp.get<FooterConfig>('/nobody/prepareLogin/bottomConfigDetail', { tenantId });
}
