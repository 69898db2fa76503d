import type { ToolItem } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cygjHttp } from '../../../lib/http/clients.ts';
import { servicesKeys } from './query-keys.ts';

/** 7.9 comb-cygj nobody/tools/list. */
export function getTools(tenantId: string): Promise<ToolItem[]> {
  return cygjHttp.post<ToolItem[]>('/nobody/tools/list', { tenantId });
}
export const toolsQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: servicesKeys.tools(tenantId), queryFn: () => getTools(tenantId) });
export const useTools = (tenantId: string, enabled = true) => useQuery({ ...toolsQueryOptions(tenantId), enabled });
