import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
