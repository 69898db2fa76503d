import type { AccountBinding, BindSource } from '@portal/contracts/services';
import type { QueryClient } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { bindListQueryKey } from './get-bind-list.ts';

/** 7.4 POST accountSecurity/removeBind: unbind the caller's account of one platform. */
export const removeBind = (source: BindSource) =>
  platformHttp.post<{ source: BindSource; removed: boolean }>('/accountSecurity/removeBind', { source });

/** The binding leaves the list at once, and the list is read again. */
export function afterRemoveBind(client: QueryClient, source: BindSource) {
  client.setQueryData<AccountBinding[]>(bindListQueryKey, (list) => (list ?? []).filter((x) => x.source !== source));
  void client.invalidateQueries({ queryKey: bindListQueryKey });
}
