import { describe, expect, it } from 'vitest';
import { embeddableUrl, mayEmbed } from './iframe-page.tsx';

const origin = 'https://portal.demo.edu.cn';

describe('embedded pages (navIfram, iframPage)', () => {
  it('embeds pages of this site and configured navigation urls only', () => {
    expect(embeddableUrl('javascript:alert(1)', origin)).toBeNull();
    expect(embeddableUrl(null, origin)).toBeNull();
    expect(mayEmbed(embeddableUrl('/home/serviceHall', origin)!, [], origin)).toBe(true);
    expect(mayEmbed(embeddableUrl('https://lib.demo.edu.cn/', origin)!, ['https://lib.demo.edu.cn'], origin)).toBe(
      true,
    );
    expect(mayEmbed(embeddableUrl('https://evil.example/login', origin)!, ['https://lib.demo.edu.cn'], origin)).toBe(
      false,
    );
  });
});
