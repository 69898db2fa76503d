import { afterEach, describe, expect, it } from 'vitest';
import { untilScript } from './first-screen.tsx';
import { adoptFirstScreen, hydratable, releaseFirstScreen } from './first-screen-client.ts';

/** `#root` as the server sends `/` with its first screen (ADR 0061). */
function paintedRoot(language = 'zh-CN'): HTMLElement {
  document.body.innerHTML = `<div id="root" data-first-screen="${language}">${untilScript(
    '<link rel="preload" as="image" href="/a.webp"/><link rel="preload" as="image" href="/b.webp"/>' +
      '<main><h1>标题</h1><input type="search" aria-label="搜索服务"/><button type="button">登录</button>' +
      '<button type="button" class="plain-pager-item" disabled="">1</button><a href="/allServices">全部服务</a></main>',
  )}</div>`;
  return document.getElementById('root')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("`/`'s first screen in the browser (ADR 0061)", () => {
  it('arrives with its controls waiting, those the page disables kept disabled, and no image preloads', () => {
    const root = paintedRoot();
    expect(root.querySelector('link')).toBeNull();
    expect(root.querySelector('input')!.disabled).toBe(true);
    expect(root.querySelector('button')!.disabled).toBe(true);
    expect(root.querySelectorAll('[data-until-script]').length).toBe(2);
    expect(root.querySelector('.plain-pager-item')!.hasAttribute('data-until-script')).toBe(false);
  });

  it('is hydrated for a visitor in its language, and its controls are let go once the app has rendered', () => {
    const root = paintedRoot();
    adoptFirstScreen(root, 'zh-CN');
    expect(root.querySelector('h1')!.textContent).toBe('标题');
    expect(hydratable(root, true)).toBe(true);
    expect(hydratable(root, false)).toBe(false);
    releaseFirstScreen(root);
    expect(root.querySelector('input')!.disabled).toBe(false);
    expect(root.querySelector('button')!.disabled).toBe(false);
    expect(root.querySelector('.plain-pager-item')!.hasAttribute('disabled')).toBe(true);
    expect(root.querySelectorAll('[data-until-script]').length).toBe(0);
    expect(root.dataset.firstScreen).toBeUndefined();
    expect(hydratable(root, true)).toBe(false);
  });

  it('gives way to the boot mark for a user of another language', () => {
    const root = paintedRoot();
    adoptFirstScreen(root, 'en-US');
    expect(root.querySelector('h1')).toBeNull();
    expect(root.querySelector('.boot img')!.getAttribute('src')).toBe('/favicon.svg');
    expect(hydratable(root, true)).toBe(false);
  });

  it('leaves a page without a first screen alone', () => {
    document.body.innerHTML = '<div id="root"><div class="boot"></div></div>';
    const root = document.getElementById('root')!;
    adoptFirstScreen(root, 'en-US');
    releaseFirstScreen(root);
    expect(root.innerHTML).toBe('<div class="boot"></div>');
    expect(hydratable(root, true)).toBe(false);
  });
});
