import { describe, expect, it } from 'vitest';
import { sanitizeRichText as serverSanitize } from '../../../server/src/platform/rich-text.ts';
import { sanitizeRichText } from './rich-text.ts';

/** What a page renders from some HTML: parsed by the browser and serialised again. */
const rendered = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div.innerHTML;
};

const ATTACKS = [
  '<p onclick="x()">各学院：<strong>考试</strong><script>alert(1)</script></p>',
  '<img src=x onerror=alert(1)><img src="javascript:alert(1)"><img src="/files/a.png" alt="图" width="20">',
  '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="java\tscript:alert(1)">c</a>',
  '<a href="data:text/html,<script>alert(1)</script>">d</a><a href="vbscript:msgbox(1)">e</a><a href="//evil.example/x">f</a>',
  '<a href="https://edu.cn" target="_self" onmouseover="x()">g</a><a href="/guide?id=1">h</a><a href="mailto:jwc@edu.cn">i</a>',
  '<svg><script>alert(1)</script></svg><math><mi>x</mi></math><iframe src="https://evil.example"></iframe><style>*{}</style>',
  '<div style="color:#f00;position:fixed;background:url(javascript:alert(1));text-align:center">j</div><span style="expression(alert(1))">k</span>',
  '<form action="https://evil.example"><input name="p"><button>l</button></form><object data="x"></object><embed src="x">',
  '<table><thead><tr><th>项</th></tr></thead><tbody><tr><td data-x="1" aria-label="y">m</td></tr></tbody></table>',
  '<ul><li>一</li><li>二</li></ul><h6 class="x" id="y">n</h6><blockquote>o</blockquote>',
];

/** Markup a browser and the server's parser (htmlparser2) repair differently: only safety is compared. */
const MALFORMED = [
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><template><img src=x onerror=alert(1)></template>',
  '<p>a<b>b<i>c</p>d</i>e</b><ul><li>一<li>二</ul>',
  '<a href="https://edu.cn"<img src=x onerror=alert(1)>x</a><scr<script>ipt>alert(1)</script>',
  '<!--><img src=x onerror=alert(1)>--><p>"><svg onload=alert(1)>',
];
const UNSAFE =
  /javascript:|vbscript:|data:|onerror|onclick|onmouseover|onload|<script|<iframe|<svg|<style|position|expression|evil/i;

describe('rich text in the browser (DOMPurify with the server rules)', () => {
  it('keeps formatting and drops scripts, handlers, styles and links it does not allow', () => {
    const out = sanitizeRichText(
      '<p onclick="x()">各学院：<strong>考试</strong><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a><a href="https://edu.cn">b</a></p>',
    );
    expect(out).toBe(
      '<p>各学院：<strong>考试</strong><img src="x"><a target="_blank" rel="noopener noreferrer">a</a><a href="https://edu.cn" target="_blank" rel="noopener noreferrer">b</a></p>',
    );
  });

  it.each(ATTACKS)('renders the same as the server cleans it: %s', (html) => {
    const browser = rendered(sanitizeRichText(html));
    expect(browser).toBe(rendered(serverSanitize(html)));
    expect(browser).not.toMatch(UNSAFE);
  });

  it.each(MALFORMED)('leaves nothing that runs in broken markup: %s', (html) => {
    const div = document.createElement('div');
    div.innerHTML = sanitizeRichText(html);
    expect(div.innerHTML).not.toMatch(UNSAFE);
    expect(div.querySelectorAll('script, svg, iframe, [onerror], [onload], [onclick]').length).toBe(0);
  });
});
