import { platformHttp } from '../../../lib/http/clients.ts';

/** 7.4 serverCenter/collect and cancelCollect. */
export function collectService(
  serviceId: string,
  collect: boolean,
): Promise<{ serviceId: string; collected: boolean }> {
  return platformHttp.post(collect ? '/serverCenter/collect' : '/serverCenter/cancelCollect', { serviceId });
}
