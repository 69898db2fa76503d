import { describe, expect, it } from 'vitest';
import { INT32_MAX, int32, isSafeLink, safeLink } from './input.ts';

describe('links a page may open (isSafeLink)', () => {
  it.each([
    'https://jwc.example.edu.cn/notice?id=1#top',
    'http://example.edu.cn',
    'HTTPS://EXAMPLE.EDU.CN/A',
    '/generalDetailsTow?id=1',
    'pages/x.html',
    './a',
    '../b',
    '?tab=2',
    '#anchor',
  ])('takes %s', (url) => expect(isSafeLink(url)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:a@b.cn',
    '//evil.example/x',
    '/\\evil.example',
    'https://',
    'page:1',
    '',
  ])('refuses %j', (url) => expect(isSafeLink(url)).toBe(false));

  it('lets a request field be empty or safe, and trims it', () => {
    expect(safeLink(100).parse('  /a  ')).toBe('/a');
    expect(safeLink(100).parse('')).toBe('');
    expect(safeLink(100).safeParse('javascript:x').success).toBe(false);
    expect(safeLink(5).safeParse('https://a.b').success).toBe(false);
  });
});

describe('integers a 32-bit column holds (int32)', () => {
  it('takes the range and refuses past it', () => {
    expect(int32().parse(INT32_MAX)).toBe(INT32_MAX);
    for (const n of [2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1.5]) expect(int32().safeParse(n).success).toBe(false);
  });
});
