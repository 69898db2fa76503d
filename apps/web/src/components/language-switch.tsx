import type { MenuProps } from 'antd';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../lib/i18n/i18n.ts';

const NAMES: Record<Language, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/** The two languages for Ant Design's menus (the shell's drawer), zh-CN first; each named in its own language. */
export const LANGUAGE_ITEMS: NonNullable<MenuProps['items']> = LANGUAGES.map(
  (key) => ({ key, label: NAMES[key], lang: key }) as NonNullable<MenuProps['items']>[number],
);

/** A globe, drawn inline (the switch paints without Ant Design's icons). */
function Globe() {
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
 * The language switch of the shell and the landing page: a menu button (WAI-ARIA menu button pattern) in plain React
 * and CSS, so `/` paints it without Ant Design (issue 10, ADR 0042). Arrow keys move between the languages, Escape
 * and Tab close the menu, and a click outside closes it.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const current = items().find((el) => el.getAttribute('lang') === i18n.language) ?? items()[0];
    current?.focus();
    const outside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, i18n.language]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      list[(at + (e.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      list[e.key === 'Home' ? 0 : list.length - 1]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };
  const choose = (language: Language) => {
    setLanguage(language);
    close(true);
  };

  return (
    <span className="lang-switch">
      <button
        ref={button}
        type="button"
        className={`plain-button plain-button-text lang-switch-button ${className ?? ''}`}
        aria-label={t('app.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Globe />
        {i18n.language === 'en-US' ? 'EN' : '中'}
      </button>
      {open && (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t('app.language')}
          className="lang-switch-menu"
          onKeyDown={onMenuKey}
        >
          {LANGUAGES.map((key) => (
            <li
              key={key}
              role="menuitem"
              lang={key}
              tabIndex={-1}
              aria-current={key === i18n.language ? 'true' : undefined}
              className={key === i18n.language ? 'lang-switch-item active' : 'lang-switch-item'}
              onClick={() => choose(key)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  choose(key);
                }
              }}
            >
              {NAMES[key]}
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
