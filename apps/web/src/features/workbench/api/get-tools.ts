import { useQuery } from '@tanstack/react-query';
import type { ToolItem } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST nobody/preLogin/commonTool: the tenant's common tools. */
export const getTools = () =>
  ospHttp.post<ToolItem[]>('/nobody/preLogin/commonTool', { tenantId: sessionStore.getState().tenantId ?? undefined });
export const toolsQueryKey = workbenchKeys.tools();
export const useTools = () => useQuery({ queryKey: toolsQueryKey, queryFn: getTools });
