import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('notice body sanitizer', () => {
  it('keeps formatting and drops scripts, handlers and unsafe links', () => {
    const out = sanitizeHtml('<p onclick="x()">各学院：<strong>考试</strong><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a><a href="https://edu.cn">b</a></p>');
    expect(out).toBe('<p>各学院：<strong>考试</strong><a>a</a><a href="https://edu.cn" target="_blank" rel="noopener noreferrer">b</a></p>');
  });
});
