import type { ServiceItem } from '@portal/contracts/services';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { ServiceCard } from './service-card.tsx';
import { DEFAULT_SERVICE_ICON } from './service-icon.tsx';

const item = (over: Partial<ServiceItem> = {}): ServiceItem => ({
  serviceId: 's1',
  serviceName: '成绩查询',
  serviceIcon: 'https://cdn.invalid/icon.png',
  shelfLabelName: '热门推荐',
  labelName: '教务',
  serviceDeptName: '教务处',
  serviceSceneName: '学习教学',
  visitCount: 10,
  processType: 'ONLINE',
  hasGuide: true,
  accessWay: '1',
  openWay: '1003',
  serviceUrl: 'https://x',
  serviceType: 'APPLICATION',
  serviceTypeName: '学生服务',
  deptId: 'd',
  sceneId: 's',
  typeId: 't',
  isPublic: true,
  launchedAt: '',
  collected: false,
  score: 0,
  rateCount: 0,
  ...over,
});

const card = (s: ServiceItem) =>
  render(
    <I18nProvider i18n={i18n}>
      <ServiceCard service={s} loggedIn onOpen={vi.fn()} onToggleCollect={vi.fn()} onGuide={vi.fn()} onRate={vi.fn()} />
    </I18nProvider>,
  );

describe('service card', () => {
  it("shows heat up to 9999999, and '9999999+' above it (section 9)", () => {
    card(item({ visitCount: 9_999_999 }));
    expect(screen.getByText('热度 9999999')).toBeTruthy();
    card(item({ serviceId: 's2', visitCount: 10_000_000 }));
    expect(screen.getByText('热度 9999999+')).toBeTruthy();
    card(item({ serviceId: 's3', visitCount: 123_456_789 }));
    expect(screen.getAllByText('热度 9999999+')).toHaveLength(2);
  });

  it('falls back to the default icon when the icon fails to load or is missing (section 8)', () => {
    const { container, rerender } = card(item());
    const img = () => container.querySelector('img.svc-icon') as HTMLImageElement;
    expect(img().getAttribute('src')).toBe('https://cdn.invalid/icon.png');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe(DEFAULT_SERVICE_ICON);
    // A new icon (after an upload) gets a fresh try.
    rerender(
      <I18nProvider i18n={i18n}>
        <ServiceCard
          service={item({ serviceIcon: '/api/online-service-platform/nobody/common/image/000000/new.png' })}
          loggedIn
          onOpen={vi.fn()}
          onGuide={vi.fn()}
        />
      </I18nProvider>,
    );
    expect(img().getAttribute('src')).toBe('/api/online-service-platform/nobody/common/image/000000/new.png');
    const { container: empty } = card(item({ serviceId: 's9', serviceIcon: '' }));
    expect((empty.querySelector('img.svc-icon') as HTMLImageElement).getAttribute('src')).toBe(DEFAULT_SERVICE_ICON);
  });

  it('offers the guide, rating and collecting; the button says offline or online handling', () => {
    const onGuide = vi.fn();
    const onRate = vi.fn();
    const onToggle = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <ServiceCard
          service={item({ processType: 'OFFLINE' })}
          loggedIn
          onOpen={vi.fn()}
          onToggleCollect={onToggle}
          onGuide={onGuide}
          onRate={onRate}
        />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '办事指南 成绩查询' }));
    fireEvent.click(screen.getByRole('button', { name: '评价 成绩查询' }));
    fireEvent.click(screen.getByRole('button', { name: '收藏 成绩查询' }));
    expect([onGuide, onRate, onToggle].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
    expect(screen.getByRole('button', { name: '线下办理 成绩查询' })).toBeTruthy();
  });

  it('names every action with the service, the same way in English: Service guide, Rate, Online handling 成绩查询', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    try {
      card(item());
      for (const name of ['Service guide 成绩查询', 'Rate 成绩查询', 'Online handling 成绩查询'])
        expect(screen.getByRole('button', { name })).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });

  it('shows the average score and how many rated it, and opens the ratings; says so when nobody rated yet', () => {
    const onRatings = vi.fn();
    const rated = item({ score: 4.3, rateCount: 12 });
    const { unmount } = render(
      <I18nProvider i18n={i18n}>
        <ServiceCard service={rated} loggedIn={false} onOpen={vi.fn()} onGuide={vi.fn()} onRatings={onRatings} />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '查看“成绩查询”的评价：平均 4.3 分，12 人评价' }));
    expect(onRatings).toHaveBeenCalledWith(rated);
    unmount();
    card(item());
    expect(screen.getByText('暂无评价')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /的评价/ })).toBeNull();
  });
});
