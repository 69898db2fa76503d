import type { LandingConfig } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { servicesKeys } from './query-keys.ts';

/** 7.2 GET nobody/prepareLogin/configDetail. */
export function getLandingConfig(tenantId: string): Promise<LandingConfig> {
  return platformHttp.get<LandingConfig>('/nobody/prepareLogin/configDetail', { tenantId });
}
export const landingConfigQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: servicesKeys.landingConfig(tenantId), queryFn: () => getLandingConfig(tenantId) });
export const useLandingConfig = (tenantId: string) => useQuery(landingConfigQueryOptions(tenantId));
