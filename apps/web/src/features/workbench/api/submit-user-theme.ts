import type { Theme, ThemeInput } from '@portal/contracts/workbench';
import { platformHttp } from '../../../lib/http/clients.ts';

/** POST userThemeSetUp/submit (7.4): the caller's own theme. */
export const submitUserTheme = (theme: ThemeInput) => platformHttp.post<Theme>('/userThemeSetUp/submit', theme);
