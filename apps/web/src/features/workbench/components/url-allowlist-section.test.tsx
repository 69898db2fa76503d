import { MESSAGES } from '@portal/contracts/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const api = vi.hoisted(() => ({ get: vi.fn(async () => ['10.0.0.5']), save: vi.fn(async (hosts: string[]) => hosts) }));
vi.mock('../api/url-allowlist.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return {
    urlAllowlistQueryKey: ['allow'],
    saveUrlAllowlist: api.save,
    useUrlAllowlist: () => useQuery({ queryKey: ['allow'], queryFn: api.get }),
  };
});
const { UrlAllowlistSection } = await import('./url-allowlist-section.tsx');

function renderSection() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>
          <UrlAllowlistSection />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('outbound url allow-list (commonTool/urlAllowlist)', () => {
  afterEach(() => vi.clearAllMocks());

  it('shows the allow-listed hosts and saves them normalised: host only, no port, no duplicates', async () => {
    renderSection();
    expect(await screen.findByText('10.0.0.5')).toBeTruthy();
    const input = screen.getByRole('combobox', { name: '出站地址白名单' });
    await userEvent.type(input, 'http://API.Intranet.demo.edu.cn:8080/v1{enter}');
    await userEvent.type(input, '10.0.0.5:9000{enter}');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.save).toHaveBeenCalledWith(['10.0.0.5', 'api.intranet.demo.edu.cn']));
    expect((await screen.findByRole('status')).textContent).toContain('保存成功');
  });

  it('refuses an entry that is not a host before calling the server', async () => {
    renderSection();
    await screen.findByText('10.0.0.5');
    await userEvent.type(screen.getByRole('combobox', { name: '出站地址白名单' }), 'not_a host!{enter}');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('不是有效的主机名');
    expect(api.save).not.toHaveBeenCalled();
  });

  it("shows the server's refusal to someone without the configuration menu", async () => {
    api.get.mockRejectedValueOnce(new HttpError(8008, MESSAGES.forbidden));
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.forbidden);
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });
});
