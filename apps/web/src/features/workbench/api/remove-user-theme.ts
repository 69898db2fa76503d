import type { ThemeDetail } from '@portal/contracts/workbench';
import { platformHttp } from '../../../lib/http/clients.ts';

/** POST userThemeSetUp/remove (not in the spec): drop the caller's own theme and follow the tenant's again. */
export const removeUserTheme = () => platformHttp.post<ThemeDetail>('/userThemeSetUp/remove', {});
