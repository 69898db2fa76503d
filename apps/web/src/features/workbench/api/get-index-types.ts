import { useQuery } from '@tanstack/react-query';
import type { IndexType } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST indextypeconfig/list. */
export const getIndexTypes = () => ospHttp.post<IndexType[]>('/indextypeconfig/list', {});
export const indexTypesQueryKey = workbenchKeys.indexTypes();
export const useIndexTypes = () => useQuery({ queryKey: indexTypesQueryKey, queryFn: getIndexTypes });
