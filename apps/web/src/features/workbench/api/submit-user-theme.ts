import type { Theme, ThemeDetail, ThemeInput } from '@portal/contracts/workbench';
import { platformHttp } from '../../../lib/http/clients.ts';

/** POST userThemeSetUp/submit (7.4): the caller's own theme. */
export const submitUserTheme = (theme: ThemeInput) => platformHttp.post<Theme>('/userThemeSetUp/submit', theme);

/** POST userThemeSetUp/remove (not in the spec): drop the caller's own theme and follow the tenant's again. */
export const removeUserTheme = () => platformHttp.post<ThemeDetail>('/userThemeSetUp/remove', {});
