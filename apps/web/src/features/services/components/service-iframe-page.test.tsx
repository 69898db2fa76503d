import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test-support.tsx';

const api = vi.hoisted(() => ({
  getTools: vi.fn(async () => [
    { id: 't1', tools_icon: '', tools_name: '校历', tools_url: 'https://www.demo.edu.cn/xl', tools_type: '常用工具' },
    {
      id: 't2',
      tools_icon: '',
      tools_name: '一卡通自助',
      tools_url: '{"openType":"openServiceIfram","url":"https://card.demo.edu.cn/self"}',
      tools_type: '生活工具',
    },
  ]),
  getServiceDetails: vi.fn(),
}));
vi.mock('../api/get-tools.ts', async (original) => {
  const real = await original<typeof import('../api/get-tools.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    getTools: api.getTools,
    useTools: (tenantId: string, enabled = true) =>
      useQuery({ ...real.toolsQueryOptions(tenantId), queryFn: () => api.getTools(), enabled }),
  };
});
vi.mock('../api/get-service-details.ts', async (original) => {
  const real = await original<typeof import('../api/get-service-details.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    getServiceDetails: api.getServiceDetails,
    useServiceDetails: (id: string) =>
      useQuery({ ...real.serviceDetailsQueryOptions(id), queryFn: () => api.getServiceDetails(id), enabled: !!id }),
  };
});
const { ServiceIframePage } = await import('./service-iframe-page.tsx');

const open = (query: string) => renderWithApp(<ServiceIframePage />, `/home/serviceIframPage?${query}`);
const q = (url: string, title = '') => new URLSearchParams(title ? { url, title } : { url }).toString();

beforeEach(() => vi.clearAllMocks());

describe('/home/serviceIframPage with a url (4.6 openServiceIfram)', () => {
  it('embeds a page configured as a common tool, titled', async () => {
    open(q('https://card.demo.edu.cn/self', '一卡通自助'));
    expect(await screen.findByRole('heading', { level: 1, name: '一卡通自助' })).toBeTruthy();
    expect(document.querySelector('iframe.svc-frame')!.getAttribute('src')).toBe('https://card.demo.edu.cn/self');
    expect(screen.getByRole('link', { name: /在新窗口打开/ }).getAttribute('href')).toBe(
      'https://card.demo.edu.cn/self',
    );
    expect(api.getTools).toHaveBeenCalledTimes(1);
    expect(api.getServiceDetails).not.toHaveBeenCalled();
  });

  it('embeds plain tool urls and pages of this site', async () => {
    open(q('https://www.demo.edu.cn/xl', '校历'));
    expect(await screen.findByRole('heading', { level: 1, name: '校历' })).toBeTruthy();
    open(q('/home/homePage'));
    expect(document.querySelectorAll('iframe.svc-frame')[1]!.getAttribute('src')).toBe(
      `${window.location.origin}/home/homePage`,
    );
  });

  it('refuses a url nobody configured, and what is not a web page', async () => {
    open(q('https://evil.example/phish', '登录'));
    expect(await screen.findByText('该页面地址无效或未配置为常用工具，不能嵌入显示')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('refuses javascript: urls', async () => {
    open(q('javascript:alert(1)'));
    expect(await screen.findByText('该页面地址无效或未配置为常用工具，不能嵌入显示')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('an embedded page that does not load', () => {
  afterEach(() => vi.useRealTimers());

  it('says so after 30 s without a load event, with 重试 (the frame loads again) and 在新窗口打开; a load keeps it quiet', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open(q('https://card.demo.edu.cn/self', '一卡通自助'));
    await screen.findByRole('heading', { level: 1, name: '一卡通自助' });
    const first = document.querySelector('iframe.svc-frame')!;
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('页面加载失败或超时：该页面可能暂时无法访问，或不允许在门户内打开。');
    const message = alert.parentElement!;
    expect(within(message).getByRole('link', { name: '在新窗口打开' }).getAttribute('href')).toBe(
      'https://card.demo.edu.cn/self',
    );
    expect(within(message).getByRole('link', { name: '在新窗口打开' }).getAttribute('target')).toBe('_blank');
    // 重试: a new frame asks for the page again, the message goes.
    fireEvent.click(within(message).getByRole('button', { name: '重试' }));
    expect(screen.queryByRole('alert')).toBeNull();
    const second = document.querySelector('iframe.svc-frame')!;
    expect(second).not.toBe(first);
    expect(second.getAttribute('src')).toBe('https://card.demo.edu.cn/self');
    // This time it loads: no message, however long the page stays.
    fireEvent.load(second);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
