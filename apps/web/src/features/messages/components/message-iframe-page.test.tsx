import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { MessageIframePage } from './message-iframe-page.tsx';

const at = (path: string) =>
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <MessageIframePage />
      </MemoryRouter>
    </I18nProvider>,
  );

describe('/home/messageIfrm, a message page in the shell', () => {
  afterEach(() => vi.useRealTimers());

  it('says so after 30 s without a load event, with 重试 and 在新窗口打开, as every embedded page does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    at(`/home/messageIfrm?url=${encodeURIComponent('https://oa.demo.edu.cn/msg/7')}`);
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe('https://oa.demo.edu.cn/msg/7');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    const message = (await screen.findByRole('alert')).parentElement!;
    expect(within(message).getByRole('link', { name: '在新窗口打开' }).getAttribute('href')).toBe(
      'https://oa.demo.edu.cn/msg/7',
    );
    expect(within(message).getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('embeds nothing but an http(s) page', () => {
    at(`/home/messageIfrm?url=${encodeURIComponent('javascript:alert(1)')}`);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
