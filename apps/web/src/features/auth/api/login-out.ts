import { workbenchHttp } from '../../../lib/http/clients.ts';

/** 7.3: GET auth/loginOut with an access-token header. */
export function loginOut(token: string): Promise<null> {
  return workbenchHttp.get<null>('/auth/loginOut', undefined, { silent: true, headers: { 'access-token': token } });
}
