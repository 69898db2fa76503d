import type { ThreeListConfig } from '@portal/contracts/transfer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ospHttp } from '../../../lib/http/clients.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { anonymousTenant } from './inventory-call.ts';
import { threeListsKeys } from './query-keys.ts';

/** preLogin/tripleList/getConfig: the page's title, introduction and switches (also before login). */
export const getThreeListConfig = () =>
  ospHttp.post<ThreeListConfig>('/nobody/preLogin/tripleList/getConfig', {
    tenantId: sessionStore.getState().tenantId ?? anonymousTenant(),
  });
export const threeListConfigQueryOptions = () =>
  queryOptions({ queryKey: threeListsKeys.config(), queryFn: getThreeListConfig });
export const useThreeListConfig = () => useQuery(threeListConfigQueryOptions());
