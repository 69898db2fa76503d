import type { ServiceItem } from '@portal/contracts/services';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test-support.tsx';
import { ServiceGrid } from './service-grid.tsx';

const item = (i: number): ServiceItem => ({
  serviceId: `s${i}`,
  serviceName: `服务${i}`,
  serviceIcon: '',
  shelfLabelName: '',
  labelName: '',
  serviceDeptName: '教务处',
  serviceSceneName: '',
  visitCount: 1,
  processType: 'ONLINE',
  hasGuide: false,
  accessWay: '1',
  openWay: '1003',
  serviceUrl: 'https://x',
  serviceType: 'APPLICATION',
  serviceTypeName: '',
  deptId: 'd',
  sceneId: 's',
  typeId: 't',
  isPublic: true,
  launchedAt: '',
  collected: false,
  score: 0,
  rateCount: 0,
});

describe('the service grid’s pager', () => {
  it('brings the first card of the next page into view when the grid starts above the screen (a phone)', () => {
    const onPage = vi.fn();
    const { container } = renderWithApp(
      <ServiceGrid services={[item(1), item(2)]} total={40} current={1} pageSize={12} onPage={onPage} />,
    );
    const grid = container.querySelector('.svc-grid') as HTMLElement;
    const scroll = vi.fn();
    grid.scrollIntoView = scroll;
    // Scrolled down to the pager: the grid's top is above the screen.
    grid.getBoundingClientRect = () => ({ top: -1200 }) as DOMRect;
    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    expect(onPage).toHaveBeenCalledWith(2, 12);
    expect(scroll).toHaveBeenCalledWith({ block: 'start' });
    // A grid whose top is on screen stays where it is.
    scroll.mockClear();
    grid.getBoundingClientRect = () => ({ top: 80 }) as DOMRect;
    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    expect(scroll).not.toHaveBeenCalled();
  });
});
