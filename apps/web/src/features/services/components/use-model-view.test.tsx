import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_IMAGE } from '../lib/image-fallback.ts';
import { modelWindowConfig, type ModelWindowConfig } from '../lib/model-window.ts';
import { renderWithApp } from '../test-support.tsx';

const api = vi.hoisted(() => ({
  getServiceDetails: vi.fn(async (serviceId: string) => ({
    serviceId,
    serviceName: '成绩查询',
    accessWay: '1',
    openWay: '1003',
    serviceUrl: 'https://jw.demo.edu.cn/cjcx',
  })),
  clickService: vi.fn(async () => ({ visitCount: 1 })),
  getServiceGuide: vi.fn(async (serviceId: string) => ({
    serviceId,
    serviceName: '成绩查询',
    content: '<h3>办理流程</h3><img src="https://cdn.invalid/flow.png" alt="流程图">',
    updatedAt: '',
  })),
}));
vi.mock('../api/get-service-details.ts', () => ({ getServiceDetails: api.getServiceDetails }));
vi.mock('../api/click-service.ts', () => ({ clickService: api.clickService }));
vi.mock('../api/get-service-guide.ts', async (original) => {
  const real = await original<typeof import('../api/get-service-guide.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    getServiceGuide: api.getServiceGuide,
    useServiceGuide: (id: string | undefined) =>
      useQuery({ ...real.serviceGuideQueryOptions(id ?? ''), queryFn: () => api.getServiceGuide(id!), enabled: !!id }),
  };
});
const { useModelView } = await import('./use-model-view.tsx');

function Harness({ config }: { config: ModelWindowConfig }) {
  const view = useModelView();
  return (
    <>
      <button type="button" onClick={() => void view.launch(config)}>
        open
      </button>
      {view.element}
    </>
  );
}
const launch = async (raw: string, title = '') => {
  renderWithApp(<Harness config={modelWindowConfig(raw, title)} />, '/');
  await userEvent.click(screen.getByRole('button', { name: 'open' }));
};
const where = () => screen.getByTestId('where').textContent;

let opened: Array<[string, string]>;
beforeEach(() => {
  vi.clearAllMocks();
  opened = [];
  vi.spyOn(window, 'open').mockImplementation((url, target) => {
    opened.push([String(url), String(target)]);
    return null;
  });
});
afterEach(() => vi.restoreAllMocks());

describe('model windows (2.4)', () => {
  it('shows the configured url in a window of the configured size, named by its modelId', async () => {
    await launch(
      '{"url":"https://net.demo.edu.cn/pay","width":1000,"height":600,"modelId":"pay-window"}',
      '校园网缴费',
    );
    const dialog = await screen.findByRole('dialog', { name: '校园网缴费' });
    const frame = dialog.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://net.demo.edu.cn/pay');
    expect(frame.getAttribute('title')).toBe('校园网缴费');
    const body = dialog.querySelector('[data-model-id]') as HTMLElement;
    expect(body.dataset.modelId).toBe('pay-window');
    expect(body.style.height).toBe('600px');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1000px');
  });

  it('defaults to 1200 x 650 and generates a modelId', async () => {
    await launch('{"url":"https://net.demo.edu.cn/self"}', '网络自助');
    const dialog = await screen.findByRole('dialog', { name: '网络自助' });
    const body = dialog.querySelector('[data-model-id]') as HTMLElement;
    expect(body.style.height).toBe('650px');
    expect(body.dataset.modelId).toMatch(/^model-/);
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1200px');
  });

  it('never shows a hidden window', async () => {
    await launch('{"url":"https://net.demo.edu.cn/self","hidden":true}', '隐藏');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not embed a javascript: url', async () => {
    await launch('{"url":"javascript:alert(1)"}', '坏地址');
    const dialog = await screen.findByRole('dialog', { name: '坏地址' });
    expect(dialog.querySelector('iframe')).toBeNull();
    expect(dialog.textContent).toContain('不能嵌入显示');
  });
});

describe('model view opening types (4.6)', () => {
  it('openServiceIfram goes to the embedded page of the configured url', async () => {
    await launch('{"openType":"openServiceIfram","url":"https://card.demo.edu.cn/self","title":"一卡通自助"}');
    await waitFor(() =>
      expect(where()).toBe(
        `/home/serviceIframPage?url=${encodeURIComponent('https://card.demo.edu.cn/self')}&title=${encodeURIComponent('一卡通自助')}`,
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('service opens the service as 4.4 says: details first, then the new tab, and a click is logged', async () => {
    await launch('{"openType":"service","serviceId":"000000-svc-001"}', '查成绩');
    await waitFor(() => expect(opened).toEqual([['https://jw.demo.edu.cn/cjcx', '_blank']]));
    expect(api.getServiceDetails).toHaveBeenCalledWith('000000-svc-001');
    expect(api.clickService).toHaveBeenCalledWith('000000-svc-001');
  });

  it('workGuide opens the guide of a named service (broken pictures fall back), else the directory', async () => {
    await launch('{"openType":"workGuide","serviceId":"000000-svc-001"}', '成绩查询');
    const drawer = await screen.findByRole('dialog', { name: '成绩查询 - 办事指南' });
    const img = await waitFor(() => drawer.querySelector('img') as HTMLImageElement);
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_IMAGE);
    expect(api.getServiceGuide).toHaveBeenCalledWith('000000-svc-001');
  });

  it('workGuide without a service opens the directory of every service', async () => {
    await launch('{"openType":"workGuide"}', '办事指南');
    await waitFor(() => expect(where()).toBe('/allServices'));
  });

  it("any other type says '返回值没有类型'", async () => {
    await launch('{"openType":"popup","url":"https://x.demo.edu.cn"}', 'x');
    expect(await screen.findByText('返回值没有类型')).toBeTruthy();
    expect(where()).toBe('/');
    expect(opened).toEqual([]);
  });
});
