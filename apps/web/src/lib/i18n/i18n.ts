import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-US.ts';
import { zhCN } from './zh-CN.ts';

export type Language = 'zh-CN' | 'en-US';
/** The interface's languages, zh-CN first. */
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en-US'];
const STORAGE_KEY = 'portal.language';

export function storedLanguage(): Language {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  return v === 'en-US' ? 'en-US' : 'zh-CN';
}

/** zh-CN first, en-US second. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
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

/**
 * Adds a feature's texts (top-level keys of its own) beside the shell's. The app registers every feature's texts in
 * app/i18n-texts.ts before the first render, so lib/ never imports a feature.
 */
export function addTexts(zh: Record<string, unknown>, en: Record<string, unknown>): void {
  i18n.addResourceBundle('zh-CN', 'translation', zh, true, true);
  i18n.addResourceBundle('en-US', 'translation', en, true, true);
}
