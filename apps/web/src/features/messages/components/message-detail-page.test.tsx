import type { UserInfo } from '@portal/contracts/auth';
import type { PublicMessageDetail } from '@portal/contracts/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

const http = vi.hoisted(() => ({ get: vi.fn(), postForFile: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  chatHttp: { post: vi.fn(), get: vi.fn() },
  platformHttp: { post: vi.fn(), get: http.get, postForFile: http.postForFile },
  ospHttp: { post: vi.fn(), get: vi.fn() },
}));

const { MessageDetailPage } = await import('./message-detail-page.tsx');

const detail = (extra: Partial<PublicMessageDetail> = {}): PublicMessageDetail => ({
  id: 'n1',
  title: '关于期末考试安排的通知',
  summary: '请查看附件',
  body: '<p>考场安排见附件。</p>',
  url: '',
  fieldSet: '考试通知',
  mpName: '教务处',
  timeSend: '2026-11-23T08:00:00Z',
  fileName: '考场安排.pdf',
  fileSize: 2048,
  ...extra,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <App>
          <MemoryRouter initialEntries={['/generalDetailsTow?id=n1&tenantId=000000']}>
            <Routes>
              <Route path="/generalDetailsTow" element={<MessageDetailPage />} />
              <Route path="/deleteNoPag" element={<p>deleted page</p>} />
            </Routes>
          </MemoryRouter>
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('message detail page (/generalDetailsTow) and its attachment', () => {
  beforeEach(() => {
    void i18n.changeLanguage('zh-CN');
    sessionStore.getState().logoutClear();
    http.get.mockResolvedValue(detail());
  });
  afterEach(() => {
    sessionStore.getState().logoutClear();
    vi.clearAllMocks();
  });

  it('asks a visitor without a session to log in for the attachment', async () => {
    renderPage();
    await screen.findByRole('heading', { name: '关于期末考试安排的通知' });
    screen.getByText('附件：考场安排.pdf');
    screen.getByText('登录后可下载附件');
    expect(screen.queryByRole('button', { name: /下载附件/ })).toBeNull();
  });

  it('downloads the attachment through messageCenterHistoryMsg/downloadFile for a logged-in recipient', async () => {
    sessionStore.setState({ token: 'tok', user: { user_id: 'u1' } as UserInfo });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    http.postForFile.mockResolvedValue({ blob: new Blob(['%PDF']), fileName: '考场安排.pdf' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '下载附件 考场安排.pdf' }));
    await waitFor(() =>
      expect(http.postForFile).toHaveBeenCalledWith(
        '/messageCenterHistoryMsg/downloadFile',
        { id: 'n1' },
        expect.objectContaining({ rejectStatuses: [1004] }),
      ),
    );
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it("opens /deleteNoPag when the message was deleted meanwhile ('消息已被删除')", async () => {
    sessionStore.setState({ token: 'tok', user: { user_id: 'u1' } as UserInfo });
    http.postForFile.mockRejectedValue(new HttpError(1004, '消息已被删除'));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '下载附件 考场安排.pdf' }));
    await screen.findByText('deleted page');
  });

  it('opens /deleteNoPag for a deleted message', async () => {
    http.get.mockRejectedValue(new HttpError(1004, '消息已被删除'));
    renderPage();
    await screen.findByText('deleted page');
  });

  it('opened on its own (a new tab, a link in a mail) it has a visible way to the portal home, and no "back"', async () => {
    renderPage();
    await screen.findByRole('heading', { name: '关于期末考试安排的通知' });
    const back = screen.getByRole('navigation', { name: '返回' });
    expect(within(back).getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(within(back).queryByRole('button')).toBeNull();
    sessionStore.setState({ token: 'tok', user: { user_id: 'u1' } as UserInfo });
    await waitFor(() =>
      expect(within(back).getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home/homePage'),
    );
  });
});
