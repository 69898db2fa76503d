import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@portal/contracts/auth';
import { userHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** 7.3 GET /api/blade-user/user/getUserInfo: the profile the personal center shows. */
export const getUserInfo = () => userHttp.get<UserInfo>('/user/getUserInfo');
export const getUserInfoQueryOptions = () => queryOptions({ queryKey: personalKeys.userInfo(), queryFn: getUserInfo });
export const useUserInfo = () => useQuery(getUserInfoQueryOptions());
