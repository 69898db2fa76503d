import type { FooterConfig } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { servicesKeys } from './query-keys.ts';

/** 7.2 GET nobody/prepareLogin/bottomConfigDetail. */
export function getFooterConfig(tenantId: string): Promise<FooterConfig> {
  return platformHttp.get<FooterConfig>('/nobody/prepareLogin/bottomConfigDetail', { tenantId });
}
export const footerConfigQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: servicesKeys.footer(tenantId), queryFn: () => getFooterConfig(tenantId) });
export const useFooterConfig = (tenantId: string) => useQuery(footerConfigQueryOptions(tenantId));
