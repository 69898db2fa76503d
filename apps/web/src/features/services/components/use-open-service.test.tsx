import { act, renderHook, screen } from '@testing-library/react';
import { App } from 'antd';
import { AntdNotifier } from '../../../components/antd-theme.tsx';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const api = vi.hoisted(() => ({ details: vi.fn(), click: vi.fn() }));
vi.mock('../api/get-service-details.ts', () => ({ getServiceDetails: api.details }));
vi.mock('../api/click-service.ts', () => ({ clickService: api.click }));
const { useOpenService } = await import('./use-open-service.ts');

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nProvider i18n={i18n}>
    <MemoryRouter>
      <App>
        <AntdNotifier />
        {children}
      </App>
    </MemoryRouter>
  </I18nProvider>
);

afterEach(() => vi.restoreAllMocks());

describe('opening a service without a network (issue 18)', () => {
  it('says plainly that it needs a connection, and asks the server nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const open = vi.spyOn(window, 'open');
    const { result } = renderHook(() => useOpenService(), { wrapper });
    await act(async () => {
      await result.current({ serviceId: 's1', serviceName: '成绩查询' } as never);
    });
    expect(await screen.findByText('打开服务需要网络连接，请联网后再试')).toBeTruthy();
    expect(api.details).not.toHaveBeenCalled();
    expect(api.click).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('the repeat-tap guard on opening a service', () => {
  it('opens a service once for two taps within 800 ms, and counts one visit (section 9)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    api.click.mockResolvedValue({ visitCount: 1 });
    const service = {
      serviceId: 's9',
      serviceName: '成绩查询',
      serviceUrl: 'https://x.test/',
      accessWay: '1',
      openWay: '1003',
    };
    const { result } = renderHook(() => useOpenService(), { wrapper });
    await act(async () => {
      await Promise.all([result.current(service), result.current(service)]);
    });
    expect(open).toHaveBeenCalledTimes(1);
    expect(api.click).toHaveBeenCalledTimes(1);
  });
});
