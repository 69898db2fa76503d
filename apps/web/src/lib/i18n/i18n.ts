import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-US.ts';
import { zhCN } from './zh-CN.ts';
import { identityEnUS, identityZhCN } from '../../features/auth/i18n.ts';
import { chatEnUS, chatZhCN } from '../../features/chat/i18n.ts';
import { efficiencyEnUS, efficiencyZhCN } from '../../features/efficiency/i18n.ts';
import { personalEnUS, personalZhCN } from '../../features/personal/i18n.ts';
import { servicesEnUS, servicesZhCN } from '../../features/services/i18n.ts';
import { transferEnUS, transferZhCN } from '../../features/transfer/i18n.ts';
import { workbenchEnUS, workbenchZhCN } from '../../features/workbench/i18n.ts';

/** The shell's texts plus each feature's own (features use their own top-level keys). */
const zh = { ...zhCN, ...servicesZhCN, ...workbenchZhCN, ...transferZhCN, ...chatZhCN, ...personalZhCN, ...efficiencyZhCN, ...identityZhCN };
const en = { ...enUS, ...servicesEnUS, ...workbenchEnUS, ...transferEnUS, ...chatEnUS, ...personalEnUS, ...efficiencyEnUS, ...identityEnUS };

export type Language = 'zh-CN' | 'en-US';
const STORAGE_KEY = 'portal.language';

export function storedLanguage(): Language {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  return v === 'en-US' ? 'en-US' : 'zh-CN';
}

/** zh-CN first, en-US second. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zh }, 'en-US': { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  initAsync: false,
});

// The page's language follows the stored choice from the first paint, also after a reload in English.
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export function setLanguage(lang: Language): void {
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}
