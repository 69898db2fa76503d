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

// Ant Design reads these in jsdom.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
