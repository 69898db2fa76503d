import type { IdentityProviderDetail, IdentityProviderSubmit } from '@portal/contracts/identity';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { authKeys } from './query-keys.ts';

/** The tenant's identity provider (administrator; configuration menu identityProviderConfig). The secret never comes back. */
export function getIdentityProvider(): Promise<IdentityProviderDetail> {
  return workbenchHttp.post<IdentityProviderDetail>('/identity/provider/detail', {});
}

export const identityProviderQueryOptions = () => ({
  queryKey: authKeys.identityProvider(),
  queryFn: getIdentityProvider,
});

/** Saves it; a secret left empty keeps the stored one. */
export function submitIdentityProvider(body: IdentityProviderSubmit): Promise<IdentityProviderDetail> {
  return workbenchHttp.post<IdentityProviderDetail>('/identity/provider/submit', body);
}
