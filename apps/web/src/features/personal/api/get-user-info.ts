import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@portal/contracts/auth';
import { userHttp } from '../../../lib/http/clients.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session/session-store.ts';

/** 7.3 GET /api/blade-user/user/getUserInfo: the profile the personal center shows (the route guard's answer too). */
export const getUserInfo = () => userHttp.get<UserInfo>('/user/getUserInfo');
export const getUserInfoQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: sharedQueryKeys.user(token), queryFn: getUserInfo });
export const useUserInfo = () => useQuery(getUserInfoQueryOptions(useSession((s) => s.token)));
