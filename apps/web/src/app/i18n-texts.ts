/**
 * Every feature's texts, registered beside the shell's before a page of the Ant Design layout renders (imported by
 * antd-root.tsx and the tests' setup; the first script registers its own few in i18n-first-texts.ts).
 */
import './i18n-first-texts.ts';
import { assistantEnUS, assistantZhCN } from '../features/assistant/i18n.ts';
import { auditEnUS, auditZhCN } from '../features/audit/i18n.ts';
import { userDeptEnUS, userDeptZhCN } from '../features/auth/user-dept-i18n.ts';
import { chatEnUS, chatZhCN } from '../features/chat/i18n.ts';
import { efficiencyEnUS, efficiencyZhCN } from '../features/efficiency/i18n.ts';
import { messagesEnUS, messagesZhCN } from '../features/messages/i18n.ts';
import { personalEnUS, personalZhCN } from '../features/personal/i18n.ts';
import { servicesAdminEnUS, servicesAdminZhCN } from '../features/services/admin-i18n.ts';
import { servicesEnUS, servicesZhCN } from '../features/services/i18n.ts';
import { threeListsEnUS, threeListsZhCN } from '../features/three-lists/i18n.ts';
import { transferEnUS, transferZhCN } from '../features/transfer/i18n.ts';
import { workbenchEnUS, workbenchZhCN } from '../features/workbench/i18n.ts';
import { addTexts } from '../lib/i18n/i18n.ts';

addTexts(servicesZhCN, servicesEnUS);
addTexts(servicesAdminZhCN, servicesAdminEnUS);
addTexts(workbenchZhCN, workbenchEnUS);
addTexts(transferZhCN, transferEnUS);
addTexts(threeListsZhCN, threeListsEnUS);
addTexts(chatZhCN, chatEnUS);
addTexts(messagesZhCN, messagesEnUS);
addTexts(assistantZhCN, assistantEnUS);
addTexts(personalZhCN, personalEnUS);
addTexts(efficiencyZhCN, efficiencyEnUS);
addTexts(auditZhCN, auditEnUS);
addTexts(userDeptZhCN, userDeptEnUS);
