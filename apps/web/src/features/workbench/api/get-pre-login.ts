import { useQuery } from '@tanstack/react-query';
import type { PreLoginConfig } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST nobody/preLogin/getPreLoginPage. */
export const getPreLogin = () =>
  ospHttp.post<PreLoginConfig>('/nobody/preLogin/getPreLoginPage', {
    tenantId: sessionStore.getState().tenantId ?? undefined,
  });
export const usePreLogin = () => useQuery({ queryKey: workbenchKeys.preLogin(), queryFn: getPreLogin });
