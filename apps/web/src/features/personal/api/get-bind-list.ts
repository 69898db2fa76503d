import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountBinding } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** accountSecurity/bindList: the caller's third-party account bindings. */
export const getBindList = () => platformHttp.post<AccountBinding[]>('/accountSecurity/bindList', {});
export const bindListQueryKey = personalKeys.bindList();
export const getBindListQueryOptions = () => queryOptions({ queryKey: bindListQueryKey, queryFn: getBindList });
export const useBindList = () => useQuery(getBindListQueryOptions());
