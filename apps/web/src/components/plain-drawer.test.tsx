import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, I18nProvider } from '../lib/i18n/i18n.ts';
import { PlainDrawer } from './plain-drawer.tsx';

// jsdom has no modal dialogs: showModal() and close() here only open and close it.
const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
const native = { showModal: proto.showModal, close: proto.close };
beforeAll(() => {
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterAll(() => {
  for (const key of ['showModal', 'close'] as const)
    if (native[key]) proto[key] = native[key] as never;
    else delete proto[key];
});

describe('the plain navigation drawer', () => {
  it('keeps Tab inside while open: Tab on its last link goes to its close button, Shift+Tab back', async () => {
    await i18n.changeLanguage('zh-CN');
    render(
      <I18nProvider i18n={i18n}>
        <button type="button">页面上的按钮</button>
        <PlainDrawer open onClose={() => {}} title="张同学">
          <a href="/home/homePage">首页</a>
          <a href="/home/serviceHall">服务大厅</a>
        </PlainDrawer>
      </I18nProvider>,
    );
    const close = screen.getByRole('button', { name: '关闭导航菜单' });
    const last = screen.getByRole('link', { name: '服务大厅' });
    last.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(last);
  });

  it.each([
    ['zh-CN', '导航菜单'],
    ['en-US', 'Navigation menu'],
  ] as const)('%s: is named %s (what its button opens), whatever its title', async (lang, name) => {
    await act(() => i18n.changeLanguage(lang));
    render(
      <I18nProvider i18n={i18n}>
        <PlainDrawer open onClose={() => {}} title="张同学">
          <a href="/home/homePage">首页</a>
        </PlainDrawer>
      </I18nProvider>,
    );
    expect(screen.getByRole('dialog', { name })).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
  });
});
