import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIGURATION_MENUS } from '@portal/contracts/routes';
import { enUS } from './en-US.ts';
import { I18nProvider, Translator, addTexts, i18n, setLanguage, useTranslation, type TFunction } from './i18n.ts';
import { zhCN } from './zh-CN.ts';

function fresh(): Translator {
  const tr = new Translator('zh-CN');
  tr.addResourceBundle('zh-CN', {
    a: { b: '第 {{n}} 条，共 {{total}} 条', plain: '文字', onlyZh: '只有中文' },
    list: { one: '一' },
  });
  tr.addResourceBundle('en-US', { a: { b: 'item {{n}} of {{total}}', plain: 'text' } });
  return tr;
}

describe('the translator (ADR 0055)', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('answers a dotted key in the current language with its variables filled in', () => {
    const tr = fresh();
    expect(tr.t('a.b', { n: 2, total: 5 })).toBe('第 2 条，共 5 条');
    void tr.changeLanguage('en-US');
    expect(tr.t('a.b', { n: 2, total: 5 })).toBe('item 2 of 5');
    expect(tr.t('a.plain')).toBe('text');
  });

  it('answers an English singular for a count of 1 (<key>_one), the text of <key> for any other count and in Chinese', () => {
    const tr = new Translator('zh-CN');
    tr.addResourceBundle('zh-CN', { r: { found: '共 {{count}} 项' } });
    tr.addResourceBundle('en-US', { r: { found: '{{count}} results', found_one: '1 result' } });
    expect(tr.t('r.found', { count: 1 })).toBe('共 1 项');
    void tr.changeLanguage('en-US');
    expect([0, 1, 2, 21].map((count) => tr.t('r.found', { count }))).toEqual([
      '0 results',
      '1 result',
      '2 results',
      '21 results',
    ]);
    // Only a number counts: a count given as text is a variable like any other.
    expect(tr.t('r.found', { count: '1' })).toBe('1 results');
  });

  it('falls back to zh-CN, then to defaultValue, then to the key', () => {
    const tr = fresh();
    void tr.changeLanguage('en-US');
    expect(tr.t('a.onlyZh')).toBe('只有中文');
    expect(tr.t('a.missing', { defaultValue: '配置的名称' })).toBe('配置的名称');
    expect(tr.t('a.missing')).toBe('a.missing');
    // a key that names a group of texts is not a text
    expect(tr.t('a')).toBe('a');
    expect(tr.t('a.plain.deeper')).toBe('a.plain.deeper');
  });

  it('leaves a variable that was not given as written, and does not escape values (React does)', () => {
    const tr = fresh();
    expect(tr.t('a.b', { n: 1 })).toBe('第 1 条，共 {{total}} 条');
    expect(tr.t('a.b', { n: '<b>', total: 0 })).toBe('第 <b> 条，共 0 条');
    expect(tr.t('a.plain', { n: 1 })).toBe('文字');
  });

  it('merges a later bundle into the earlier one, the later text winning, without sharing the objects', () => {
    const tr = fresh();
    const feature = { list: { two: '二' } };
    tr.addResourceBundle('zh-CN', feature);
    tr.addResourceBundle('zh-CN', { list: { one: '壹' } });
    expect(tr.t('list.one')).toBe('壹');
    expect(tr.t('list.two')).toBe('二');
    tr.addResourceBundle('zh-CN', { list: { two: '贰' } });
    expect(tr.t('list.two')).toBe('贰');
    expect(feature).toEqual({ list: { two: '二' } });
  });

  it('leaves every bundle as it was, however deep the later texts merge into it', () => {
    const tr = fresh();
    const first = { f: { deep: { a: '甲' } } };
    const second = { f: { deep: { b: '乙' }, other: { c: '丙' } } };
    tr.addResourceBundle('zh-CN', first);
    tr.addResourceBundle('zh-CN', second);
    tr.addResourceBundle('zh-CN', { f: { deep: { a: '子', d: '丁' }, other: { c: '寅' } } });
    expect(['f.deep.a', 'f.deep.b', 'f.deep.d', 'f.other.c'].map((k) => tr.t(k))).toEqual(['子', '乙', '丁', '寅']);
    expect(first).toEqual({ f: { deep: { a: '甲' } } });
    expect(second).toEqual({ f: { deep: { b: '乙' }, other: { c: '丙' } } });
  });

  it('gives the same fixed t each time it is asked, answering in its own language whatever the current one', () => {
    const tr = fresh();
    const zh = tr.getFixedT('zh-CN');
    expect(tr.getFixedT('zh-CN')).toBe(zh);
    void tr.changeLanguage('en-US');
    expect(zh('a.plain')).toBe('文字');
  });

  it('has every text of the shell in both languages', async () => {
    await i18n.loadLanguage('en-US');
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`),
      );
    const zhKeys = keys(zhCN);
    expect(keys(enUS).sort()).toEqual([...zhKeys].sort());
    for (const key of zhKeys) expect(i18n.getFixedT('en-US')(key)).not.toBe(key);
  });

  it("names every configuration menu in both languages (the header menu fell back to the server's Chinese title)", () => {
    const pages = (texts: { pages: object }) => texts.pages as Record<string, string | undefined>;
    for (const m of CONFIGURATION_MENUS) {
      expect(pages(zhCN)[m.name], m.name).toBe(m.title);
      expect(pages(enUS)[m.name], m.name).toMatch(/^[A-Z][A-Za-z -]+$/);
    }
  });

  it('renders the components again when the language changes, with a new t, and sets <html lang>', async () => {
    const seen: TFunction[] = [];
    function Title() {
      const { t } = useTranslation();
      useEffect(() => {
        seen.push(t);
      }, [t]);
      return <h1>{t('app.title')}</h1>;
    }
    render(
      <I18nProvider i18n={i18n}>
        <Title />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe(zhCN.app.title);
    await act(() => setLanguage('en-US'));
    expect(screen.getByRole('heading').textContent).toBe(enUS.app.title);
    expect(document.documentElement.lang).toBe('en-US');
    expect(localStorage.getItem('portal.language')).toBe('en-US');
    // The server is told too: it paints `/`'s first screen in its language only (ADR 0061).
    expect(document.cookie).toMatch(/(^|; )portal-lang=en-US(;|$)/);
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
  });

  it('follows a language chosen in another tab at once (it took a reload)', async () => {
    function Title() {
      const { t } = useTranslation();
      return <h1>{t('app.title')}</h1>;
    }
    render(
      <I18nProvider i18n={i18n}>
        <Title />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe(zhCN.app.title);
    // What the browser does when another tab stores its choice.
    const otherTab = async (lang: string) => {
      localStorage.setItem('portal.language', lang);
      await act(async () => {
        window.dispatchEvent(new StorageEvent('storage', { key: 'portal.language', newValue: lang }));
        await i18n.loadLanguage('en-US');
      });
    };
    await otherTab('en-US');
    expect(screen.getByRole('heading').textContent).toBe(enUS.app.title);
    expect(document.documentElement.lang).toBe('en-US');
    await otherTab('zh-CN');
    expect(screen.getByRole('heading').textContent).toBe(zhCN.app.title);
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('never loads en-US texts for a zh-CN interface, and loads them before switching to en-US', async () => {
    const tr = new Translator('zh-CN');
    tr.addResourceBundle('zh-CN', { f: { x: '甲' } });
    let calls = 0;
    let arrive: (texts: Record<string, unknown>) => void = () => undefined;
    tr.addTextsLoader('en-US', () => {
      calls++;
      return new Promise((resolve) => (arrive = resolve));
    });
    expect(calls).toBe(0);
    const switching = tr.changeLanguage('en-US');
    expect(calls).toBe(1);
    // still zh-CN until the texts are in: no page half in one language
    expect(tr.language).toBe('zh-CN');
    expect(tr.t('f.x')).toBe('甲');
    arrive({ f: { x: 'A' } });
    await switching;
    expect(tr.language).toBe('en-US');
    expect(tr.t('f.x')).toBe('A');
    // back and forth again loads nothing more
    await tr.changeLanguage('zh-CN');
    await tr.changeLanguage('en-US');
    expect(calls).toBe(1);
  });

  it('registers a feature’s texts once, however many parts register them (the shell and the layout both do)', async () => {
    const texts = { onceOnly: { x: '甲' } };
    let loads = 0;
    const english = async () => {
      loads++;
      return { onceOnly: { x: 'A' } };
    };
    addTexts(texts, english);
    addTexts(texts, english);
    await setLanguage('en-US');
    expect(i18n.t('onceOnly.x')).toBe('A');
    expect(loads).toBe(1);
  });

  it('keeps the later choice when the texts of an earlier switch arrive after it', async () => {
    const tr = new Translator('zh-CN');
    let arrive: (texts: Record<string, unknown>) => void = () => undefined;
    tr.addTextsLoader('en-US', () => new Promise((resolve) => (arrive = resolve)));
    const toEnglish = tr.changeLanguage('en-US');
    await tr.changeLanguage('zh-CN');
    arrive({});
    await toEnglish;
    expect(tr.language).toBe('zh-CN');
  });

  it('loads at once for an en-US interface and renders again when the texts arrive; a failed part leaves zh-CN and is tried again', async () => {
    const tr = new Translator('en-US');
    tr.addResourceBundle('zh-CN', { f: { x: '甲' } });
    let attempt = 0;
    tr.addTextsLoader('en-US', () =>
      ++attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ f: { x: 'A' } }),
    );
    expect(attempt).toBe(1);
    function Text() {
      const { t } = useTranslation();
      return <span>{t('f.x')}</span>;
    }
    render(
      <I18nProvider i18n={tr}>
        <Text />
      </I18nProvider>,
    );
    await act(() => tr.loadLanguage());
    expect(screen.getByText('甲')).toBeTruthy();
    await act(() => tr.loadLanguage());
    expect(attempt).toBe(2);
    expect(screen.getByText('A')).toBeTruthy();
  });

  it('uses the translator a provider gives', () => {
    const tr = fresh();
    void tr.changeLanguage('en-US');
    function Plain() {
      const { t, i18n: given } = useTranslation();
      return (
        <p>
          {t('a.plain')} {given.language}
        </p>
      );
    }
    render(
      <I18nProvider i18n={tr}>
        <Plain />
      </I18nProvider>,
    );
    expect(screen.getByText('text en-US')).toBeTruthy();
  });
});
