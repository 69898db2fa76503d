import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Watermark } from '../components/watermark.tsx';
import { seal, SESSION_KEY_ID, storageKey } from '../lib/session/secure-storage.ts';
import { SESSION_STORAGE_KEY, sessionStore } from '../lib/session/session-store.ts';
import { tenantToday } from '../lib/time-zone.ts';
import { STUDENT_USER } from '../test/student-user.ts';
import source from '../../public/home-boot.js?raw';

const SCRIPTS = '/assets/index-abc123.js /assets/shell-s1.js /assets/home-page-h1.js';
const layer = () => document.querySelector<HTMLElement>('[data-boot-watermark]');
const entry = () => document.head.querySelector<HTMLScriptElement>('script[type="module"]');

/** Runs public/home-boot.js as the page's `<script defer src="/home-boot.js" data-scripts="…">` (ADR 0076). */
function boot(scripts = SCRIPTS) {
  const element = document.createElement('script');
  element.dataset.scripts = scripts;
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(element);
  new Function(source)();
}

/** The session as the session store stores it (secure-storage.ts), for `state`. */
async function storeSession(state: Record<string, unknown>) {
  const key = await storageKey(SESSION_KEY_ID);
  localStorage.setItem(
    SESSION_STORAGE_KEY,
    await seal(key, SESSION_STORAGE_KEY, JSON.stringify({ state, version: 0 })),
  );
}

/** The declarations of an element's inline style, as a set (React and the boot script write them in other orders). */
const declarations = (el: Element) =>
  new Set(
    (el as HTMLElement).style.cssText
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean),
  );

describe('home-boot.js: a logged-in page paints its watermark before its scripts are asked for (ADR 0076)', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"><div class="boot"></div></div>';
    document.head.innerHTML = '';
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(390);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    localStorage.clear();
    sessionStore.setState({ user: null });
  });

  it('paints nothing from a session it cannot open, and leaves a browser without a key store without one', async () => {
    // A value of another key (the key store of a browser whose data was cleared, say) or changed bytes.
    localStorage.setItem(SESSION_STORAGE_KEY, 'v1.' + btoa('x'.repeat(64)));
    boot('/assets/index-abc123.js');
    await vi.waitFor(() => expect(entry()).not.toBeNull());
    expect(layer()).toBeNull();
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('portal-keys');
  });

  it("paints the watermark the shell paints, with the stored user's lines, then asks for the scripts", async () => {
    const user = { ...STUDENT_USER, timeZone: 'Asia/Shanghai' };
    await storeSession({ token: 'access', user });
    // Whether the watermark was there when the entry was asked for.
    const paintedFirst: boolean[] = [];
    new MutationObserver(() => {
      if (entry()) paintedFirst.push(layer() !== null);
    }).observe(document.head, { childList: true });
    boot();
    await vi.waitFor(() => expect(layer()).not.toBeNull());
    const painted = layer()!;
    expect(painted.parentElement?.id).toBe('root');
    expect(painted.getAttribute('aria-hidden')).toBe('true');
    sessionStore.setState({ user });
    const lines = [`张同学 student01`, `u3 ${tenantToday()}`];
    expect([...painted.children].map((c) => [...c.children].map((s) => s.textContent))).toEqual(
      Array.from({ length: 10 }, () => lines),
    );
    // The shell's own watermark, cell for cell: the same layer, cells and text, so the first render's is no larger.
    const { getByTestId } = render(<Watermark lines={lines} />);
    const shell = getByTestId('watermark');
    expect(declarations(painted)).toEqual(declarations(shell));
    expect(shell.children).toHaveLength(painted.children.length);
    expect(declarations(painted.children[0]!)).toEqual(declarations(shell.children[0]!));
    // The scripts once it has been drawn: the parts preloaded, the entry last.
    await vi.waitFor(() => expect(entry()).not.toBeNull());
    expect(entry()!.getAttribute('src')).toBe('/assets/index-abc123.js');
    expect(paintedFirst[0]).toBe(true);
    expect([...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual(
      ['/assets/shell-s1.js', '/assets/home-page-h1.js'],
    );
  });

  it("writes the date on the tenant's clock, not the browser's or UTC's", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 20:00 UTC: already the 2nd in Shanghai and Tokyo, still the 1st in New York.
    vi.setSystemTime(new Date('2026-12-01T20:00:00Z'));
    for (const [zone, day] of [
      ['Asia/Tokyo', '2026-12-02'],
      ['America/New_York', '2026-12-01'],
      [undefined, '2026-12-02'],
    ] as const) {
      document.body.innerHTML = '<div id="root"></div>';
      await storeSession({ token: 'access', user: { ...STUDENT_USER, timeZone: zone } });
      boot();
      await vi.waitFor(() => expect(layer()).not.toBeNull());
      sessionStore.setState({ user: { ...STUDENT_USER, timeZone: zone } });
      expect([zone, layer()!.children[0]!.children[1]!.textContent]).toEqual([zone, `u3 ${day}`]);
      expect(tenantToday()).toBe(day);
    }
  });

  it('asks for the scripts at once, with nothing painted, when no one is logged in', async () => {
    for (const state of [null, { token: null, user: null }, { token: null, user: STUDENT_USER }]) {
      document.head.innerHTML = '';
      if (state) await storeSession(state);
      else localStorage.clear();
      boot('/assets/index-abc123.js');
      await vi.waitFor(() => expect(entry()).not.toBeNull());
      expect(layer()).toBeNull();
    }
  });
});
