import type { NavigationItem, NavigationSubmit } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indexnavigationconfig/submit (the server refuses a 7th custom item with '最多可添加6个'). */
export const submitNavigation = (body: NavigationSubmit) =>
  ospHttp.post<NavigationItem>('/indexnavigationconfig/submit', body, { silent: true });
