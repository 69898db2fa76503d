import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Watermark } from './watermark.tsx';

const cellCount = () => document.querySelectorAll('[data-testid="watermark"] > div').length;

function resizeTo(width: number, height: number) {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(height);
}

describe('Watermark', () => {
  afterEach(() => vi.restoreAllMocks());

  it('covers the window with cells, and more after the window grows', () => {
    resizeTo(390, 844);
    const { unmount } = render(<Watermark lines={['张同学', '20260001']} />);
    // 390 / 420 -> 1 + 1 columns, 844 / 240 -> 4 + 1 rows.
    expect(cellCount()).toBe(10);
    resizeTo(2560, 1600);
    act(() => void window.dispatchEvent(new Event('resize')));
    // 2560 / 420 -> 7 + 1 columns, 1600 / 240 -> 7 + 1 rows.
    expect(cellCount()).toBe(64);
    unmount();
  });

  it('reads the window’s size once, not at every render (a read while the layout is dirty lays the page out)', () => {
    resizeTo(1366, 768);
    const width = vi.spyOn(window, 'innerWidth', 'get');
    let rerender: () => void = () => {};
    function Page() {
      const [n, setN] = useState(0);
      rerender = () => setN(n + 1);
      return <Watermark lines={[`line ${n}`]} />;
    }
    const { unmount } = render(<Page />);
    const reads = width.mock.calls.length;
    expect(reads).toBe(1);
    for (let i = 0; i < 5; i++) act(() => rerender());
    expect(width.mock.calls.length).toBe(reads);
    unmount();
  });

  it('reads the window again when mounted after a resize it did not hear', () => {
    resizeTo(390, 844);
    render(<Watermark lines={['a']} />).unmount();
    resizeTo(1366, 768);
    render(<Watermark lines={['a']} />);
    // 1366 / 420 -> 4 + 1 columns, 768 / 240 -> 4 + 1 rows.
    expect(cellCount()).toBe(25);
  });
});
