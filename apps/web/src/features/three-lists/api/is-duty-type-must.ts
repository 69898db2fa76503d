import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { threeListsKeys } from './query-keys.ts';

/** 7.7 isDutyTypeMust: whether a duty needs a type. */
export const isDutyTypeMust = () => workbenchHttp.get<boolean>('/isDutyTypeMust');
export const dutyTypeMustQueryOptions = () =>
  queryOptions({ queryKey: threeListsKeys.dutyTypeMust(), queryFn: isDutyTypeMust });
export const useDutyTypeMust = () => useQuery(dutyTypeMustQueryOptions());
