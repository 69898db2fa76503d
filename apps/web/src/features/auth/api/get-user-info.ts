import type { UserInfo } from '@portal/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallOptions } from '../../../lib/http/client.ts';
import { userHttp } from '../../../lib/http/clients.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/** GET /api/blade-user/user/getUserInfo: the user, role and configurationMenu. */
export function getUserInfo(opts: CallOptions = {}): Promise<UserInfo> {
  return userHttp.get<UserInfo>('/user/getUserInfo', undefined, opts);
}

/** Once per page load and token (the route guard): it validates the token; a failure is not retried. */
export const sessionUserQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: sharedQueryKeys.user(token),
    queryFn: () => getUserInfo(),
    staleTime: Infinity,
    retry: false,
  });
export const useSessionUser = (token: string | null, enabled: boolean) =>
  useQuery({ ...sessionUserQueryOptions(token), enabled: enabled && !!token });
