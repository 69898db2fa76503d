import type { LoginInit } from '@portal/contracts/auth';
import type { CallOptions } from '../../../lib/http/client.ts';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** POST auth/auth/init (loginInit): login config and session data. */
export function loginInit(opts: CallOptions = {}): Promise<LoginInit> {
  return workbenchHttp.post<LoginInit>('/auth/auth/init', {}, opts);
}
