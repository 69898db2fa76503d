import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '@portal/contracts/chat-texts';
import { CONFIG_TRANSFER_TEXTS } from '@portal/contracts/config-transfer';
import { EFFICIENCY_TEXTS } from '@portal/contracts/efficiency';
import { MESSAGES } from '@portal/contracts/errors';
import { MESSAGE_TEXTS } from '@portal/contracts/messages';
import { PASSWORD_TEXTS, wrongOldPasswordTexts } from '@portal/contracts/password';
import { PERSONAL_TEXTS } from '@portal/contracts/personal';
import { BIND_TEXTS, SERVICE_TEXTS } from '@portal/contracts/services';
import { translateServerText } from '@portal/contracts/server-texts-en';
import { TRANSFER_TEXTS } from '@portal/contracts/transfer-texts';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';

const CJK = /[\u3400-\u9fff\uff00-\uffef「」、。]/;

/** Chinese string literals given as a message: to badRequest() and its kin, or as a zod check's message. */
function messagesIn(dir: string): { text: string; where: string }[] {
  const found: { text: string; where: string }[] = [];
  const said =
    /(?:\b(?:badRequest|notFound|conflict|forbidden|tooMany|unauthorized)\(|new AppError\(\d+, |fail\(\d+, |\.(?:min|max|regex)\([^,()]+, |\{ error: |^export const [A-Z_]*(?:TAKEN|MESSAGE)[A-Z_]* = )'([^'\n]*[\u4e00-\u9fff][^'\n]*)'/gm;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'seed' && name !== 'node_modules') walk(path);
      } else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) {
        for (const m of readFileSync(path, 'utf8').matchAll(said)) found.push({ text: m[1]!, where: path });
      }
    }
  };
  walk(dir);
  return found;
}

describe('the English of server messages', () => {
  it('every message of the zh-only catalogues has its English', () => {
    const catalogues = [
      MESSAGES,
      SERVICE_TEXTS,
      BIND_TEXTS,
      WORKBENCH_MESSAGES,
      CHAT_TEXTS,
      EFFICIENCY_TEXTS,
      PERSONAL_TEXTS,
      CONFIG_TRANSFER_TEXTS,
      MESSAGE_TEXTS,
      TRANSFER_TEXTS,
    ];
    for (const catalogue of catalogues)
      for (const text of Object.values(catalogue)) {
        const en = translateServerText(text);
        expect(en, text).not.toMatch(CJK);
        expect(en.length, text).toBeGreaterThan(0);
      }
  });

  it('the [zh-CN, en-US] catalogues answer their own English', () => {
    expect(translateServerText(PASSWORD_TEXTS.locked[0])).toBe(PASSWORD_TEXTS.locked[1]);
  });

  it('every message the server or a schema says in place has its English', () => {
    const server = join(new URL('.', import.meta.url).pathname, '..');
    const said = [...messagesIn(server), ...messagesIn(join(server, '../../../packages/contracts/src'))];
    // The scan finds what it should: a module's message and a schema's.
    expect(said.map((s) => s.text)).toEqual(expect.arrayContaining(['已有同名导航', '主题色格式不正确']));
    const missing = said.filter(({ text }) => CJK.test(translateServerText(text)));
    expect(missing).toEqual([]);
  });

  it('numbers in a message are kept', () => {
    expect(translateServerText(wrongOldPasswordTexts(3)[0])).toBe(wrongOldPasswordTexts(3)[1]);
    expect(translateServerText(wrongOldPasswordTexts(1)[0])).toBe(wrongOldPasswordTexts(1)[1]);
    expect(translateServerText('一次最多30条')).toBe('At most 30 per request');
    expect(translateServerText('每组最多20条')).toBe('At most 20 per group');
  });

  it('a bad configuration file and a data source in use are said part by part', () => {
    expect(translateServerText(`${CONFIG_TRANSFER_TEXTS.badContent}：cards[0].cardName（卡片名称）不能为空`)).toBe(
      'The configuration file’s content is not valid: cards[0].cardName (card name) must not be empty',
    );
    expect(
      translateServerText(`${WORKBENCH_MESSAGES.apiInUse}「待我处理」的栏目「OA待办」、「通知」的栏目「公告」`),
    ).toBe(
      'Card columns read this data source; change or delete these columns first: column “OA待办” of card “待我处理”; column “公告” of card “通知”',
    );
  });

  it('a text it does not know is left as it is', () => {
    expect(translateServerText('示例大学')).toBe('示例大学');
  });
});
