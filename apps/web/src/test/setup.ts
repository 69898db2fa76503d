import 'fake-indexeddb/auto';
import '../app/i18n-texts.ts';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetClickGuard } from '../lib/click-guard.ts';

// The first render of an Ant Design page in jsdom can take over a second on a loaded 2-core machine (CI runs
// the suites side by side); findBy*/waitFor wait up to 5 s instead of 1 s. A test that passes still passes fast.
configure({ asyncUtilTimeout: 5_000 });

/**
 * jsdom's getComputedStyle matches every rule of every style sheet against the element and each of its ancestors
 * (with @asamuzakjp/dom-selector, a few microseconds a rule). Ant Design's CSS-in-JS puts about 1,700 rules into
 * the page, so one call took 150–300 ms on a busy 2-core machine, and a test that asks for roles by name, or renders
 * a table (which measures the scroll bar), spent 80 % of its time there: 9 tests crossed 20 s under load (issue 15).
 * What a test can observe through computed styles in jsdom (no layout) is whether an element is shown, hidden or
 * clickable, so Ant Design's sheets keep only the rules that set display, visibility or pointer-events — in order,
 * so those three properties cascade exactly as before — and everything else (colours, spacing, fonts, motion) is
 * dropped the first time a sheet is seen. Pseudo-elements, which jsdom does not compute (it logs "Not implemented"
 * and answers the element's own style), get the element's own style without the log line.
 */
const KEPT_PROPERTIES = /^(display|visibility|pointer-events)$/;
const trimmed = new WeakSet<CSSStyleSheet>();
type RuleList = { cssRules: CSSRuleList; deleteRule(index: number): void };
function keepVisibilityRules(list: RuleList) {
  for (let i = list.cssRules.length - 1; i >= 0; i--) {
    const rule = list.cssRules[i] as CSSRule & Partial<RuleList> & { style?: CSSStyleDeclaration };
    if (rule.style) {
      if (!Array.prototype.some.call(rule.style, (p: string) => KEPT_PROPERTIES.test(p))) list.deleteRule(i);
    } else if (rule.cssRules && typeof rule.deleteRule === 'function') {
      keepVisibilityRules(rule as RuleList);
      if (!rule.cssRules.length) list.deleteRule(i);
    } else list.deleteRule(i);
  }
}
function trimAntDesignSheets() {
  for (const sheet of document.styleSheets) {
    if (trimmed.has(sheet)) continue;
    trimmed.add(sheet);
    const owner = sheet.ownerNode as Element | null;
    if (owner?.hasAttribute?.('data-css-hash') || owner?.hasAttribute?.('data-token-hash')) keepVisibilityRules(sheet);
  }
}
const jsdomComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((element: Element, _pseudo?: string | null) => {
  trimAntDesignSheets();
  return jsdomComputedStyle(element);
}) as typeof window.getComputedStyle;
globalThis.getComputedStyle = window.getComputedStyle;

afterEach(() => {
  cleanup();
  // The repeat-click guard remembers the last 800 ms of actions; the next test starts with none.
  resetClickGuard();
  localStorage.clear();
  sessionStorage.clear();
});

/** Width queries answered for jsdom's window (1024 px: a desktop, so Ant Design's breakpoints say md and up). */
function widthQueryMatches(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (!min && !max) return false;
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

// Ant Design reads these in jsdom.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: widthQueryMatches(query),
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
