import type { ThemeInput, Theme } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST themeSetUp/submit: the tenant's theme. */
export const submitTheme = (theme: ThemeInput) => ospHttp.post<Theme>('/themeSetUp/submit', theme);
