import type { IdentityProviderDetail, IdentityProviderSubmit } from '@portal/contracts/identity';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** Saves the tenant's identity provider; a secret left empty keeps the stored one. */
export function submitIdentityProvider(body: IdentityProviderSubmit): Promise<IdentityProviderDetail> {
  return workbenchHttp.post<IdentityProviderDetail>('/identity/provider/submit', body);
}
