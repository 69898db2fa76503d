import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * jsdom computes no generated content, so what Chromium names a field (with the CSS `content` of its label's ::before
 * and ::after) is checked on the sheet itself here, and in a real browser by the journeys.
 */
const sheet = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), 'antd.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);
const contentOf = (selector: string) => {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ > /g, '\\s*>\\s*');
  return new RegExp(`${escaped}\\s*\\{[^}]*content:\\s*([^;]+);`).exec(sheet)?.[1]?.trim();
};

describe("the theme's sheet over Ant Design's form labels", () => {
  it('draws the required mark without saying it: "*" with empty alternative text, so a field is not named "* 标题"', () => {
    expect(contentOf('.ant-form-item .ant-form-item-label > label.ant-form-item-required::before')).toBe("'*' / ''");
  });

  it('draws the colon after a label without saying it ("页签名称 :")', () => {
    expect(contentOf('.ant-form-item .ant-form-item-label > label::after')).toBe("':' / ''");
    // Ant Design's label without a colon keeps its blank, silent too: the rule above would otherwise win over it.
    expect(contentOf('.ant-form-item .ant-form-item-label > label.ant-form-item-no-colon::after')).toBe("'\\a0' / ''");
  });
});
