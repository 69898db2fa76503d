import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render of an Ant Design page in jsdom can take over a second on a loaded 2-core machine (CI runs
// the suites side by side); findBy*/waitFor wait up to 5 s instead of 1 s. A test that passes still passes fast.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
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
    ({ matches: widthQueryMatches(query), media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
