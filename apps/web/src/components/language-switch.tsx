import { LANGUAGES, setLanguage, type Language, useTranslation } from '../lib/i18n/i18n.ts';
import { PlainMenuButton, type PlainMenuItem } from './plain-menu.tsx';

/** Each language named in its own language, zh-CN first. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/** The two languages as menu items, the one in use marked. */
export const languageItems = (current: string): PlainMenuItem[] =>
  LANGUAGES.map((key) => ({ key, label: LANGUAGE_NAMES[key], lang: key, current: key === current }));

/** A globe, drawn inline (the switch paints without Ant Design's icons). */
export function Globe() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z" />
      </g>
    </svg>
  );
}

/**
 * The language switch of the shell and the landing page: a plain menu button (issue 10, ADR 0042) with the two
 * languages, the one in use marked.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <PlainMenuButton
      className={`lang-switch-button ${className ?? ''}`}
      label={t('app.language')}
      content={
        <>
          <Globe />
          {i18n.language === 'en-US' ? 'EN' : '中'}
        </>
      }
      items={languageItems(i18n.language)}
      onSelect={(key) => setLanguage(key as Language)}
    />
  );
}
