import type { CanUserRate } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { servicesKeys } from './query-keys.ts';

/** 7.5 serverCenter/canUserRate. */
export function canUserRate(serviceId: string): Promise<CanUserRate> {
  return workbenchHttp.post<CanUserRate>('/serverCenter/canUserRate', { serviceId });
}
export const canUserRateQueryOptions = (serviceId: string) =>
  queryOptions({ queryKey: servicesKeys.canRate(serviceId), queryFn: () => canUserRate(serviceId) });
export const useCanUserRate = (serviceId: string | undefined) =>
  useQuery({ ...canUserRateQueryOptions(serviceId ?? ''), enabled: !!serviceId });
