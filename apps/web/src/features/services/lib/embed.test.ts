import { describe, expect, it } from 'vitest';
import { embeddableUrl, mayEmbed } from './embed.ts';

const ORIGIN = 'https://portal.demo.edu.cn';

describe('which pages /home/serviceIframPage embeds', () => {
  it('only http(s) urls', () => {
    expect(embeddableUrl('https://card.demo.edu.cn/self', ORIGIN)?.href).toBe('https://card.demo.edu.cn/self');
    expect(embeddableUrl('/home/homePage', ORIGIN)?.href).toBe(`${ORIGIN}/home/homePage`);
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>1</script>', 'file:///etc/passwd', '', null])
      expect(embeddableUrl(bad, ORIGIN)).toBeNull();
  });

  it('pages of this site, or urls configured as common tools', () => {
    const configured = ['https://card.demo.edu.cn/self', 'not a url'];
    expect(mayEmbed(new URL(`${ORIGIN}/x`), [], ORIGIN)).toBe(true);
    expect(mayEmbed(new URL('https://card.demo.edu.cn/self'), configured, ORIGIN)).toBe(true);
    expect(mayEmbed(new URL('https://card.demo.edu.cn/self?x=1'), configured, ORIGIN)).toBe(false);
    expect(mayEmbed(new URL('https://evil.example/phish'), configured, ORIGIN)).toBe(false);
  });
});
