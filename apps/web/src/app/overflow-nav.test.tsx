import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OverflowNav, type ShellNavItem } from './overflow-nav.tsx';

const items: ShellNavItem[] = [
  { key: 'a', label: '首页', to: '/home/homePage', kind: 'route' },
  { key: 'b', label: '服务大厅', to: '/home/serviceHall', kind: 'route' },
  { key: 'c', label: '三清单', to: '/home/threelists', kind: 'route' },
  { key: 'd', label: '导航1', to: '/home/navIfram?url=x', kind: 'embedded' },
  { key: 'e', label: '导航2', to: '/home/other', kind: 'route' },
];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** jsdom lays nothing out: every item is 100 px wide and the bar `barWidth`. */
function layout(barWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return {
      width: this.hasAttribute('data-nav-item') ? 100 : 0,
      height: 0,
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 0,
      bottom: 0,
      toJSON: () => ({}),
    } as DOMRect;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('portal-nav') ? barWidth : 0;
  });
}

const renderNav = () =>
  render(
    <MemoryRouter initialEntries={['/home/homePage']}>
      <OverflowNav items={items} itemClassName="portal-nav-item" label="主导航" moreLabel="更多" />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('top navigation that never clips an item', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows every item when they fit', () => {
    layout(1000);
    renderNav();
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual([
      '首页',
      '服务大厅',
      '三清单',
      '导航1',
      '导航2',
    ]);
    expect(screen.queryByRole('button', { name: /更多/ })).toBeNull();
  });

  it('shows what fits, in order, and the rest under 更多, which opens them', async () => {
    // 3 × 100 px + gaps + room for 更多 fit in 450 px; a fourth item would not.
    layout(450);
    renderNav();
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['首页', '服务大厅', '三清单']);
    fireEvent.click(screen.getByRole('button', { name: /更多/ }));
    const entries = await screen.findAllByRole('menuitem');
    expect(entries.map((e) => e.textContent)).toEqual(['导航1', '导航2']);
    fireEvent.click(screen.getByRole('menuitem', { name: '导航2' }));
    expect(screen.getByTestId('where').textContent).toBe('/home/other');
  });
});
