import { WORKBENCH_MESSAGES_EN } from '@portal/contracts/server-texts-en';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider, serverTextsReady, setLanguage } from '../../../lib/i18n/i18n.ts';

const api = vi.hoisted(() => ({ verifyUrl: vi.fn(), submitApi: vi.fn(), getApiList: vi.fn(async () => []) }));
vi.mock('../api/verify-url.ts', () => ({ verifyUrl: api.verifyUrl }));
vi.mock('../api/submit-api.ts', () => ({ submitApi: api.submitApi }));
vi.mock('../api/get-api-list.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return { apiListQueryKey: ['apis'], useApiList: () => useQuery({ queryKey: ['apis'], queryFn: api.getApiList }) };
});
const { DataSourceSection } = await import('./data-source-section.tsx');

function renderSection() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>
          <DataSourceSection />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('external data sources', () => {
  it("shows the server's refusal of a private address as it is", async () => {
    api.verifyUrl.mockRejectedValueOnce(new HttpError(400, WORKBENCH_MESSAGES.privateUrl));
    renderSection();
    await userEvent.type(screen.getByLabelText('链接地址'), 'http://127.0.0.1:8080/list');
    await userEvent.click(screen.getByRole('button', { name: '验证地址' }));
    expect((await screen.findByRole('alert')).textContent).toContain(WORKBENCH_MESSAGES.privateUrl);
    expect(api.verifyUrl).toHaveBeenCalledWith('http://127.0.0.1:8080/list');
  });

  it('says the refusal in English in the English interface', async () => {
    await setLanguage('en-US');
    await serverTextsReady();
    try {
      api.verifyUrl.mockRejectedValueOnce(new HttpError(400, WORKBENCH_MESSAGES.privateUrl));
      renderSection();
      await userEvent.type(screen.getByLabelText('Link'), 'http://127.0.0.1:8080/list');
      await userEvent.click(screen.getByRole('button', { name: 'Check address' }));
      expect((await screen.findByRole('alert')).textContent).toContain(WORKBENCH_MESSAGES_EN.privateUrl);
    } finally {
      await setLanguage('zh-CN');
    }
  });

  it('lists the fields of a reachable address', async () => {
    api.verifyUrl.mockResolvedValueOnce({ url: 'https://x', reachable: true, fields: ['name', 'count'], sample: [] });
    renderSection();
    await userEvent.type(screen.getByLabelText('链接地址'), 'https://data.demo.edu.cn/list');
    await userEvent.click(screen.getByRole('button', { name: '验证地址' }));
    expect((await screen.findByRole('status')).textContent).toContain('name, count');
  });
});
