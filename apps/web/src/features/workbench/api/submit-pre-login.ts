import type { PreLoginConfig } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST preLogin/submit: the pre-login landing page configuration. */
export const submitPreLogin = (config: PreLoginConfig) => ospHttp.post<PreLoginConfig>('/preLogin/submit', config);
