import type { LoginAddress } from '@portal/contracts/identity';
import type { CallOptions } from '../../../lib/http/client.ts';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/**
 * 7.3: POST auth/getAddress — where the browser goes to sign in (the school's provider through the portal's start
 * address), and with a token where it goes to sign out at the provider (ADR 0022).
 */
export function getAddress(
  body: { tenantId?: string; redirect?: string },
  opts: CallOptions = {},
): Promise<LoginAddress> {
  return workbenchHttp.post<LoginAddress>('/auth/getAddress', body, { silent: true, ...opts });
}
