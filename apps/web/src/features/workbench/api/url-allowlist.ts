import { useQuery } from '@tanstack/react-query';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST commonTool/urlAllowlist without hosts (not in the spec): hosts exempt from the private-address refusal. */
export const getUrlAllowlist = () => ospHttp.post<string[]>('/commonTool/urlAllowlist', {});
/** POST commonTool/urlAllowlist with hosts: replaces them; answers the hosts kept. */
export const saveUrlAllowlist = (hosts: string[]) => ospHttp.post<string[]>('/commonTool/urlAllowlist', { hosts });
export const urlAllowlistQueryKey = workbenchKeys.urlAllowlist();
export const useUrlAllowlist = () => useQuery({ queryKey: urlAllowlistQueryKey, queryFn: getUrlAllowlist });
