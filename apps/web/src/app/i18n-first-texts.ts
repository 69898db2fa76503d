/**
 * The feature texts the first script needs (imported first by main.tsx): the sign-in's and the "new version" prompt's.
 * The other features' texts come with the Ant Design layout (i18n-texts.ts, imported by antd-root.tsx), so the plain
 * first pages do not download every page's texts in both languages (issue 10, ADR 0038).
 */
import { identityZhCN } from '../features/auth/i18n.ts';
import { offlineZhCN } from '../features/offline/i18n.ts';
import { addTexts } from '../lib/i18n/i18n.ts';

addTexts(identityZhCN, () => import('../features/auth/i18n.en-US.ts').then((m) => m.identityEnUS));
addTexts(offlineZhCN, () => import('../features/offline/i18n.en-US.ts').then((m) => m.offlineEnUS));
