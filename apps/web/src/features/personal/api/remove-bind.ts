import type { BindSource } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';

/** 7.4 POST accountSecurity/removeBind: unbind the caller's account of one platform. */
export const removeBind = (source: BindSource) =>
  platformHttp.post<{ source: BindSource; removed: boolean }>('/accountSecurity/removeBind', { source });
