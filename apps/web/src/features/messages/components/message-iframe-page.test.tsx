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
    at(`/home/messageIfrm?url=${encodeURIComponent('/generalDetailsTow?id=7')}`);
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe(`${location.origin}/generalDetailsTow?id=7`);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    const message = (await screen.findByRole('alert')).parentElement!;
    expect(within(message).getByRole('link', { name: '在新窗口打开' }).getAttribute('href')).toBe(
      `${location.origin}/generalDetailsTow?id=7`,
    );
    expect(within(message).getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it("frames no other site's page under the portal's header: it offers it in a window of its own", () => {
    at(`/home/messageIfrm?url=${encodeURIComponent('https://evil.example/login')}`);
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText('该页面属于其他网站，不在门户内打开')).toBeTruthy();
    const link = screen.getByRole('link', { name: '在新窗口打开' });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      'https://evil.example/login',
      '_blank',
      'noopener noreferrer',
    ]);
  });

  it('embeds nothing but an http(s) page', () => {
    at(`/home/messageIfrm?url=${encodeURIComponent('javascript:alert(1)')}`);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
