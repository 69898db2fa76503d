import { describe, expect, it } from 'vitest';
import { Translator } from '../../lib/i18n/i18n.ts';
import { workbenchZhCN } from './i18n.ts';
import { workbenchEnUS } from './i18n.en-US.ts';
import { workbenchAdminZhCN } from './admin-i18n.ts';
import { workbenchAdminEnUS } from './admin-i18n.en-US.ts';

/** Days to a holiday, in English: "In 1 day", not "In 1 days" (an outside tester read it on the holidays table). */
describe('holiday countdowns in both languages', () => {
  const tr = new Translator('zh-CN');
  tr.addResourceBundle('zh-CN', workbenchZhCN);
  tr.addResourceBundle('en-US', workbenchEnUS);
  tr.addResourceBundle('zh-CN', workbenchAdminZhCN);
  tr.addResourceBundle('en-US', workbenchAdminEnUS);
  const texts = (lang: 'zh-CN' | 'en-US', days: number) => {
    void tr.changeLanguage(lang);
    return [
      tr.t('workbench.config.holidays.coming', { count: days, days }),
      tr.t('workbench.banner.holidayIn', { count: days, days, name: '元旦', date: '2027-01-01' }),
    ];
  };

  it('says one day in the singular and other counts in the plural', () => {
    expect(texts('en-US', 1)).toEqual(['In 1 day', '1 day to 元旦 (2027-01-01)']);
    expect(texts('en-US', 2)).toEqual(['In 2 days', '2 days to 元旦 (2027-01-01)']);
    expect(texts('zh-CN', 1)).toEqual(['还有 1 天', '距离元旦（2027-01-01）还有 1 天']);
  });
});
