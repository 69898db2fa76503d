import { useQuery } from '@tanstack/react-query';
import type { ExternalApi } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST cardcolumnconfig/getApiList: registered external data-source APIs. */
export const getApiList = () => ospHttp.post<ExternalApi[]>('/cardcolumnconfig/getApiList', {});
export const apiListQueryKey = ['workbench', 'apis'] as const;
export const useApiList = () => useQuery({ queryKey: apiListQueryKey, queryFn: getApiList });
