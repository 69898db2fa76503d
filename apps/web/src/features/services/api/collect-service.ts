import type { QueryClient } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { afterServiceChange } from '../../../lib/query-keys.ts';
import { servicesKeys } from './query-keys.ts';

/** 7.4 serverCenter/collect and cancelCollect. */
export function collectService(
  serviceId: string,
  collect: boolean,
): Promise<{ serviceId: string; collected: boolean }> {
  return platformHttp.post(collect ? '/serverCenter/collect' : '/serverCenter/cancelCollect', { serviceId });
}

/** What a collect or cancel makes stale: every services query, the favourites and the home cards. */
export function afterCollect(client: QueryClient) {
  void client.invalidateQueries({ queryKey: servicesKeys.all });
  for (const queryKey of afterServiceChange.collect) void client.invalidateQueries({ queryKey });
}
