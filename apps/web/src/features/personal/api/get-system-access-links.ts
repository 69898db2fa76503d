import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemAccessLink } from '@portal/contracts/personal';
import { platformHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** 7.9 GET personInfo/getSystemAccessLink: the systems the user may open. */
export const getSystemAccessLinks = () => platformHttp.get<SystemAccessLink[]>('/personInfo/getSystemAccessLink');
export const getSystemAccessLinksQueryOptions = () =>
  queryOptions({ queryKey: personalKeys.systemAccessLinks(), queryFn: getSystemAccessLinks });
export const useSystemAccessLinks = () => useQuery(getSystemAccessLinksQueryOptions());
