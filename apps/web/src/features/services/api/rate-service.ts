import type { CanUserRate, RateServiceRequest } from '@portal/contracts/services';
import type { QueryClient } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { afterServiceChange } from '../../../lib/query-keys.ts';
import { servicesKeys } from './query-keys.ts';

/** 7.5 serverCenter/rateService: score, quick labels and comment. */
export function rateService(body: RateServiceRequest): Promise<CanUserRate> {
  return workbenchHttp.post<CanUserRate>('/serverCenter/rateService', body, { silent: true });
}

/** What a rating makes stale: every services query, the own ratings, the favourites and the home cards. */
export function afterRate(client: QueryClient) {
  void client.invalidateQueries({ queryKey: servicesKeys.all });
  for (const queryKey of afterServiceChange.rate) void client.invalidateQueries({ queryKey });
}
