import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { LANGUAGE_COOKIE, configuredText } from '@portal/contracts/constants';
import { zhCN } from './zh-CN.ts';

/*
 * The interface's texts (ADR 0055). What the portal asks of a translation library is small: a text by its dotted key in
 * the chosen language, zh-CN where en-US has none, `{{name}}` filled in, the pages rendered again when the language
 * changes. i18next and react-i18next did that with 14 KB of gzip in every page's first script (the largest part after
 * React, React Router and TanStack Query); this module does the same in under 1 KB. Behaviour kept from i18next's
 * defaults as the portal used them: a missing key answers the key (or `defaultValue`), a missing variable leaves its
 * `{{name}}` as written, values are not escaped (React escapes). Plurals as i18next has them: with a number `count`,
 * the text of `<key>_<category>` (Intl.PluralRules of the language: English's 1 is `one`) when the language has one,
 * else `<key>`. Only English needs it: "1 result", `{{count}} results` (Chinese has one form).
 */

export type Language = 'zh-CN' | 'en-US';
/** The interface's languages, zh-CN first. */
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en-US'];
const FALLBACK: Language = 'zh-CN';
const STORAGE_KEY = 'portal.language';

type Texts = { [key: string]: unknown };
/** Variables of a text; `defaultValue` answers when no language has the key. */
export type TextVars = { defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, vars?: TextVars) => string;

/**
 * A feature's en-US texts: a string for every zh-CN text, and beside a text counted by `{{count}}` its English singular
 * as `<key>_one` (what t() answers when count is 1; zh-CN needs none).
 */
export type EnglishTexts<T> = { [K in keyof T]: T[K] extends string ? string : EnglishTexts<T[K]> } & {
  [K in keyof T as T[K] extends string ? `${K & string}_one` : never]?: string;
};

export function storedLanguage(): Language {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  return v === 'en-US' ? 'en-US' : 'zh-CN';
}

function lookup(texts: Texts, key: string): string | undefined {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Texts)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const VARIABLE = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function fill(text: string, vars: TextVars | undefined): string {
  if (!vars || !text.includes('{{')) return text;
  return text.replace(VARIABLE, (whole, name: string) => {
    const value = vars[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

const pluralRules = new Map<Language, Intl.PluralRules>();
/** The plural category of a count in a language ('one', 'other' …), Intl's rules made once per language. */
function pluralCategory(language: Language, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

const isTexts = (v: unknown): v is Texts => v !== null && typeof v === 'object';

/**
 * Deep merge of a feature's texts into a language's (later texts win, as addResourceBundle's overwrite did). A
 * feature's objects are taken as they are, not copied: one is copied (shallowly) only when later texts are merged into
 * it, so the feature's own module is never changed. `owned` holds the objects this translator made. (A deep copy of
 * every feature's texts was about 12 ms of a phone's first script, 4× CPU: issue 10.)
 */
function merge(into: Texts, from: Texts, owned: WeakSet<Texts>): void {
  for (const [k, v] of Object.entries(from)) {
    const existing = into[k];
    if (isTexts(v) && isTexts(existing)) {
      let target = existing;
      if (!owned.has(target)) {
        target = { ...existing };
        owned.add(target);
        into[k] = target;
      }
      merge(target, v, owned);
    } else into[k] = v;
  }
}

/** A language's texts of one feature, loaded when the interface first needs that language. */
type TextsLoader = { load: () => Promise<Texts>; done?: Promise<void>; loaded: boolean };

export class Translator {
  language: Language;
  private readonly texts: Record<Language, Texts> = { 'zh-CN': {}, 'en-US': {} };
  /** The objects of `texts` this translator made (merge copies any other before changing it). */
  private readonly owned = new WeakSet<Texts>([this.texts['zh-CN'], this.texts['en-US']]);
  private readonly loaders: Record<Language, TextsLoader[]> = { 'zh-CN': [], 'en-US': [] };
  private readonly fixed = new Map<Language, TFunction>();
  private readonly listeners = new Set<() => void>();
  /** The language last asked for: a switch whose texts arrive after a later switch does not happen. */
  private requested: Language;
  /** `t` as components get it: a new function whenever the language changes or its texts arrive. */
  private current: TFunction;

  constructor(language: Language) {
    this.language = language;
    this.requested = language;
    this.current = this.makeT();
  }

  private makeT(): TFunction {
    const language = this.language;
    return (key, vars) => this.translate(language, key, vars);
  }

  /**
   * The text of `key` in `language` (its plural form for a number `count`, when it has one), else in zh-CN, else
   * `defaultValue`, else the key.
   */
  translate(language: Language, key: string, vars?: TextVars): string {
    const count = vars?.count;
    const plural =
      typeof count === 'number' ? lookup(this.texts[language], `${key}_${pluralCategory(language, count)}`) : undefined;
    const text =
      plural ?? lookup(this.texts[language], key) ?? lookup(this.texts[FALLBACK], key) ?? vars?.defaultValue ?? key;
    return fill(text, vars);
  }

  /** A `t` that always answers in one language (the same function each time it is asked for). */
  getFixedT(language: Language): TFunction {
    let t = this.fixed.get(language);
    if (!t) {
      t = (key, vars) => this.translate(language, key, vars);
      this.fixed.set(language, t);
    }
    return t;
  }

  /** `t` in the current language. */
  t: TFunction = (key, vars) => this.translate(this.language, key, vars);

  addResourceBundle(language: Language, texts: Texts): void {
    merge(this.texts[language], texts, this.owned);
  }

  /**
   * Texts of `language` that come in a code part of their own: loaded at once if the interface is in that language,
   * else when it changes to it. Until they arrive a key answers its zh-CN text; when they do, pages render again.
   */
  addTextsLoader(language: Language, load: () => Promise<Texts>): void {
    const loader: TextsLoader = { load, loaded: false };
    this.loaders[language].push(loader);
    if (language === this.language) void this.ensure(language, loader);
  }

  private ensure(language: Language, loader: TextsLoader): Promise<void> {
    loader.done ??= loader.load().then(
      (texts) => {
        this.addResourceBundle(language, texts);
        loader.loaded = true;
        if (language === this.language) this.changed();
      },
      // A part that did not arrive (offline before it was cached): zh-CN answers, and the next switch tries again.
      () => {
        loader.done = undefined;
      },
    );
    return loader.done;
  }

  /** Resolves when the texts of `language` (default: the current one) registered so far have arrived or failed. */
  loadLanguage(language: Language = this.language): Promise<void> {
    const pending = this.loaders[language].filter((l) => !l.loaded);
    return pending.length ? Promise.all(pending.map((l) => this.ensure(language, l))).then(() => undefined) : READY;
  }

  /** Switches once the language's texts are in (at once when they already are). */
  changeLanguage(language: Language): Promise<void> {
    this.requested = language;
    const switchTo = () => {
      if (this.requested !== language || this.language === language) return;
      this.language = language;
      this.changed();
    };
    if (this.loaders[language].every((l) => l.loaded)) {
      switchTo();
      return READY;
    }
    return this.loadLanguage(language).then(switchTo);
  }

  private changed(): void {
    this.current = this.makeT();
    for (const listener of [...this.listeners]) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The `t` components render with (useTranslation's snapshot). */
  currentT = (): TFunction => this.current;
}

const READY = Promise.resolve();

/** zh-CN first, en-US second. */
export const i18n = new Translator(storedLanguage());
/** The en-US of the server's messages, once they have arrived. */
let englishOfServer: ((text: string) => string) | undefined;
let serverTextsLoading: Promise<void> | undefined;

/**
 * The English of the server's messages comes in a code part of its own, asked for with the English texts but not
 * awaited by them: its catalogues bring the contracts' schemas (zod, about 45 KB of gzip) that the first screen in
 * English does not need. Until it arrives a message shows as the server said it.
 */
function loadServerTexts(): Promise<void> {
  serverTextsLoading ??= import('@portal/contracts/server-texts-en').then(
    (m) => {
      englishOfServer = m.translateServerText;
    },
    () => {
      serverTextsLoading = undefined;
    },
  );
  return serverTextsLoading;
}

/** The texts addTexts has registered: a part that registers them again (the shell's and the layout's) adds nothing. */
const registeredTexts = new WeakSet<Record<string, unknown>>();

addTexts(zhCN, () => {
  void loadServerTexts();
  return import('./en-US.ts').then((m) => m.enUS);
});

/**
 * A message the server answered with (zh-CN, section 8), in the interface's language: in English its catalogue's en-US
 * text (contracts' server-texts-en), a text the catalogues do not know as it is. Shown wherever a call's error is.
 */
export function serverText(text: string, language: Language = i18n.language): string {
  return language === 'en-US' && englishOfServer ? englishOfServer(text) : text;
}

/** Resolves when the English of the server's messages is in (tests; the pages render it when it is). */
export function serverTextsReady(): Promise<void> {
  return loadServerTexts();
}

/** The choice also told to the server, which paints `/`'s first screen in its language only (ADR 0061). */
function tellServer(lang: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

// The page's language follows the stored choice from the first paint, also after a reload in English.
if (typeof document !== 'undefined') {
  document.documentElement.lang = i18n.language;
  tellServer(i18n.language);
}

/** The user's choice: kept for the next visit; the page changes once the language's texts are in. */
export function setLanguage(lang: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY, lang);
  tellServer(lang);
  return i18n.changeLanguage(lang).then(() => {
    if (i18n.language === lang) document.documentElement.lang = lang;
  });
}

// Another tab's choice (language-switch, shell): this tab follows at once, as it would after a reload. The storage event
// comes only from other tabs of the origin, and only when the value changed.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== STORAGE_KEY && e.key !== null) return;
    const lang = storedLanguage();
    void i18n.changeLanguage(lang).then(() => {
      if (i18n.language === lang) document.documentElement.lang = lang;
    });
  });
}

/**
 * Adds a feature's texts (top-level keys of its own) beside the shell's. The app registers every feature's texts in
 * app/i18n-texts.ts before the first render, so lib/ never imports a feature. Each set once, however many parts
 * register it.
 */
export function addTexts(zh: Record<string, unknown>, en: () => Promise<Record<string, unknown>>): void {
  if (registeredTexts.has(zh)) return;
  registeredTexts.add(zh);
  i18n.addResourceBundle('zh-CN', zh);
  i18n.addTextsLoader('en-US', en);
}

/** Resolves when the texts of the interface's language registered so far are in (before a first render or a part's). */
export function textsReady(): Promise<void> {
  return i18n.loadLanguage();
}

const I18nContext = createContext<Translator>(i18n);

/** Gives its pages a translator (the app's own unless a test gives another). */
export function I18nProvider({ i18n: translator, children }: { i18n: Translator; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: translator }, children);
}

/**
 * `t` in the interface's language and the translator; a component using it renders again when the language changes,
 * with a new `t` (effects that depend on `t` run again, as with react-i18next).
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const translator = useContext(I18nContext);
  const t = useSyncExternalStore(translator.subscribe, translator.currentT, translator.currentT);
  return { t, i18n: translator };
}

/**
 * A text an administrator configured (a card's name, a column's, a table header …) in the interface's language
 * (ADR 0074): `text(zh, en)` is the English in en-US when there is some, else the Chinese. A component using it renders
 * again when the language changes.
 */
export function useConfiguredText(): (zh: string, en?: string | null) => string {
  const { t, i18n: translator } = useTranslation();
  void t; // subscribed through useTranslation: a new language renders the caller again
  const language = translator.language;
  return (zh, en) => configuredText(language, zh, en);
}
