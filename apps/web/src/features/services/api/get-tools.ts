import type { ToolItem } from '@portal/contracts/services';
import { cygjHttp } from '../../../lib/http/clients.ts';

/** 7.9 comb-cygj nobody/tools/list. */
export function getTools(tenantId: string): Promise<ToolItem[]> {
  return cygjHttp.post<ToolItem[]>('/nobody/tools/list', { tenantId });
}
