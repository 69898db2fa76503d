import type { IdentityProviderDetail } from '@portal/contracts/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { authKeys } from './query-keys.ts';

/** The tenant's identity provider (administrator; configuration menu identityProviderConfig). The secret never comes back. */
export function getIdentityProvider(): Promise<IdentityProviderDetail> {
  return workbenchHttp.post<IdentityProviderDetail>('/identity/provider/detail', {});
}
export const identityProviderQueryOptions = () =>
  queryOptions({ queryKey: authKeys.identityProvider(), queryFn: getIdentityProvider });
export const useIdentityProvider = () => useQuery(identityProviderQueryOptions());
