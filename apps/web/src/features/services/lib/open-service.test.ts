import { MESSAGES } from '@portal/contracts/errors';
import { describe, expect, it, vi } from 'vitest';
import {
  embeddedPagePath,
  isModelOpenType,
  MODEL_OPEN_TYPES,
  openModelView,
  openService,
  popupFeatures,
  withCombStr,
  type OpenServiceDeps,
} from './open-service.ts';

function deps(over: Partial<OpenServiceDeps> = {}) {
  const d = {
    fetchDetails: vi.fn(async (id: string) => ({
      serviceId: id,
      accessWay: '1',
      openWay: '1003',
      serviceUrl: 'https://x.edu.cn/a',
    })),
    logClick: vi.fn(async () => ({ visitCount: 1 })),
    combStr: vi.fn(async (_serviceId: string): Promise<string | null> => 'one-time-ticket'),
    openWindow: vi.fn(),
    openInPage: vi.fn(),
    pageSize: vi.fn(() => ({ width: 1920, height: 1080 })),
    ...over,
  };
  return d;
}
const svc = (openWay: string, accessWay = '1', serviceUrl = 'https://ehall.edu.cn/app/s1') => ({
  serviceId: 's1',
  openWay,
  accessWay,
  serviceUrl,
});

describe('opening a service (4.4)', () => {
  it("'1001' opens in the page and logs a click", async () => {
    const d = deps();
    await openService(svc('1001'), d);
    expect(d.openInPage).toHaveBeenCalledWith(expect.objectContaining({ serviceId: 's1' }));
    expect(d.openWindow).not.toHaveBeenCalled();
    expect(d.logClick).toHaveBeenCalledWith('s1');
  });

  it("'1002' opens a popup sized by section 9", async () => {
    const d = deps();
    await openService(svc('1002'), d);
    expect(d.openWindow).toHaveBeenCalledWith(
      'https://ehall.edu.cn/app/s1',
      'service_s1',
      expect.stringContaining('width=1200,height=850'),
    );
    expect(d.logClick).toHaveBeenCalledWith('s1');
  });

  it('popup sizes: 860 wide at 1366 or narrower; 850 / 670 / 538 high', () => {
    expect(popupFeatures({ width: 1366, height: 768 })).toMatch(/^width=860,height=538,/);
    expect(popupFeatures({ width: 1367, height: 900 })).toMatch(/^width=1200,height=670,/);
    expect(popupFeatures({ width: 1920, height: 1080 })).toMatch(/^width=1200,height=850,/);
    expect(popupFeatures({ width: 1366, height: 769 })).toMatch(/^width=860,height=670,/);
  });

  it("'1003' opens a new tab", async () => {
    const d = deps();
    await openService(svc('1003'), d);
    expect(d.openWindow).toHaveBeenCalledWith('https://ehall.edu.cn/app/s1', '_blank');
  });

  it("any other value raises '返回值没有类型' and opens nothing", async () => {
    const d = deps();
    await expect(openService(svc('1004'), d)).rejects.toThrow(MESSAGES.unknownOpenWay);
    expect(d.openWindow).not.toHaveBeenCalled();
    expect(d.openInPage).not.toHaveBeenCalled();
    expect(d.logClick).not.toHaveBeenCalled();
  });

  it("accessWay '5' appends the one-time combStr issued for that service", async () => {
    const d = deps();
    const s = svc('1003', '5', 'https://ehall.edu.cn/app/s1?x=1#top');
    await openService(s, d);
    expect(d.combStr).toHaveBeenCalledWith(s.serviceId);
    expect(d.openWindow).toHaveBeenCalledWith('https://ehall.edu.cn/app/s1?x=1&combStr=one-time-ticket#top', '_blank');
    expect(withCombStr('https://a/b', 'c d')).toBe('https://a/b?combStr=c%20d');
    expect(withCombStr('https://a/b', null)).toBe('https://a/b');
  });

  it('fetches the details first when accessWay or openWay is missing', async () => {
    const d = deps();
    await openService({ serviceId: 's9', openWay: '1002' }, d);
    expect(d.fetchDetails).toHaveBeenCalledWith('s9');
    expect(d.openWindow).toHaveBeenCalledWith('https://x.edu.cn/a', '_blank');
    const d2 = deps();
    await openService(svc('1003'), d2);
    expect(d2.fetchDetails).not.toHaveBeenCalled();
  });

  it('still opens when logging the click fails', async () => {
    const d = deps({ logClick: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await openService(svc('1003'), d);
    expect(d.openWindow).toHaveBeenCalled();
  });
});

describe('model view opening types (4.6)', () => {
  it('openServiceIfram, service and workGuide', async () => {
    const d = { navigate: vi.fn(), openService: vi.fn(async () => undefined), openGuide: vi.fn() };
    await openModelView('openServiceIfram', { serviceId: 't', url: 'https://tool.edu.cn/a?b=1', title: '一卡通' }, d);
    expect(d.navigate).toHaveBeenLastCalledWith(
      '/home/serviceIframPage?url=https%3A%2F%2Ftool.edu.cn%2Fa%3Fb%3D1&title=%E4%B8%80%E5%8D%A1%E9%80%9A',
    );
    expect(embeddedPagePath('/x')).toBe('/home/serviceIframPage?url=%2Fx');
    await openModelView('service', { serviceId: 's1' }, d);
    expect(d.openService).toHaveBeenCalledWith({ serviceId: 's1' });
    await openModelView('workGuide', { serviceId: 's2' }, d);
    expect(d.openGuide).toHaveBeenCalledWith('s2');
    // workGuide without a service opens the directory of every service.
    await openModelView('workGuide', { serviceId: '' }, d);
    expect(d.navigate).toHaveBeenLastCalledWith('/allServices');
    expect(d.openGuide).toHaveBeenCalledTimes(1);
    await expect(openModelView('other', { serviceId: 's3' }, d)).rejects.toThrow(MESSAGES.unknownOpenWay);
    await expect(openModelView('', { serviceId: 's3' }, d)).rejects.toThrow(MESSAGES.unknownOpenWay);
    expect(MODEL_OPEN_TYPES.filter(isModelOpenType)).toEqual(['openServiceIfram', 'service', 'workGuide']);
    expect(isModelOpenType('iframe')).toBe(false);
  });
});
