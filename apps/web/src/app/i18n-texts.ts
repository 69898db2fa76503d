/**
 * Every feature's texts, registered beside the shell's before a page of the Ant Design layout renders (imported by
 * antd-root.tsx and the tests' setup; the first script registers its own few in i18n-first-texts.ts).
 */
import './i18n-first-texts.ts';
import { assistantZhCN } from '../features/assistant/i18n.ts';
import { auditZhCN } from '../features/audit/i18n.ts';
import { userDeptZhCN } from '../features/auth/user-dept-i18n.ts';
import { chatZhCN } from '../features/chat/i18n.ts';
import { addChatPanelTexts } from '../features/chat/panel-i18n.ts';
import { efficiencyZhCN } from '../features/efficiency/i18n.ts';
import { messagesZhCN } from '../features/messages/i18n.ts';
import { personalZhCN } from '../features/personal/i18n.ts';
import { servicesAdminZhCN } from '../features/services/admin-i18n.ts';
import { servicesZhCN } from '../features/services/i18n.ts';
import { threeListsZhCN } from '../features/three-lists/i18n.ts';
import { transferZhCN } from '../features/transfer/i18n.ts';
import { addWorkbenchAdminTexts } from '../features/workbench/admin-i18n.ts';
import { workbenchZhCN } from '../features/workbench/i18n.ts';
import { addTexts } from '../lib/i18n/i18n.ts';

addTexts(servicesZhCN, () => import('../features/services/i18n.en-US.ts').then((m) => m.servicesEnUS));
addTexts(servicesAdminZhCN, () => import('../features/services/admin-i18n.en-US.ts').then((m) => m.servicesAdminEnUS));
addTexts(workbenchZhCN, () => import('../features/workbench/i18n.en-US.ts').then((m) => m.workbenchEnUS));
addWorkbenchAdminTexts();
addChatPanelTexts();
addTexts(transferZhCN, () => import('../features/transfer/i18n.en-US.ts').then((m) => m.transferEnUS));
addTexts(threeListsZhCN, () => import('../features/three-lists/i18n.en-US.ts').then((m) => m.threeListsEnUS));
addTexts(chatZhCN, () => import('../features/chat/i18n.en-US.ts').then((m) => m.chatEnUS));
addTexts(messagesZhCN, () => import('../features/messages/i18n.en-US.ts').then((m) => m.messagesEnUS));
addTexts(assistantZhCN, () => import('../features/assistant/i18n.en-US.ts').then((m) => m.assistantEnUS));
addTexts(personalZhCN, () => import('../features/personal/i18n.en-US.ts').then((m) => m.personalEnUS));
addTexts(efficiencyZhCN, () => import('../features/efficiency/i18n.en-US.ts').then((m) => m.efficiencyEnUS));
addTexts(auditZhCN, () => import('../features/audit/i18n.en-US.ts').then((m) => m.auditEnUS));
addTexts(userDeptZhCN, () => import('../features/auth/user-dept-i18n.en-US.ts').then((m) => m.userDeptEnUS));
