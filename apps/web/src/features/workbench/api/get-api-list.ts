import { useQuery } from '@tanstack/react-query';
import type { ExternalApi } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST cardcolumnconfig/getApiList: registered external data-source APIs. */
export const getApiList = () => ospHttp.post<ExternalApi[]>('/cardcolumnconfig/getApiList', {});
export const apiListQueryKey = workbenchKeys.apis();
export const useApiList = () => useQuery({ queryKey: apiListQueryKey, queryFn: getApiList });
