import { platformHttp } from '../../../lib/http/clients.ts';

/** POST app/msg/read: every message of one public account read by the caller (on every device). */
export function readPublicAccount(mpId: string): Promise<{ read: number }> {
  return platformHttp.post<{ read: number }>('/app/msg/read', { mpId }, { silent: true });
}
