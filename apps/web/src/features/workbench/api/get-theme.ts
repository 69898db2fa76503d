import type { ThemeDetail } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST themeSetUp/detail: the caller's theme (own, else tenant's, else #008cff), whether it is their own, and the tenant's. */
export const getTheme = () => ospHttp.post<ThemeDetail>('/themeSetUp/detail', {}, { silent: true });
