import { describe, expect, it } from 'vitest';
import { embeddableUrl, mayEmbed } from './embed.ts';

const ORIGIN = 'https://portal.demo.edu.cn';

describe('which pages the portal embeds (serviceIframPage, navIfram, iframPage, messageIfrm)', () => {
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

  it('a navigation item configured without its path still matches its page (navIfram)', () => {
    expect(mayEmbed(embeddableUrl('https://lib.demo.edu.cn/', ORIGIN)!, ['https://lib.demo.edu.cn'], ORIGIN)).toBe(
      true,
    );
  });

  it('relative urls are of this site (messageIfrm)', () => {
    expect(embeddableUrl('/generalDetailsTow?id=n1')?.href).toBe(`${window.location.origin}/generalDetailsTow?id=n1`);
  });
});
