import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PartLoadError } from '../../lib/lazy/load-part.ts';
import { RouteError, RouteErrorBoundary } from './route-error.tsx';

let go: (path: string) => void = () => {};
function Navigator() {
  go = useNavigate();
  return null;
}
function Page({ fail }: { fail: boolean }) {
  if (fail) throw new Error('broken page');
  return <p>the page</p>;
}

describe('a route that fails (section 9, ADR 0059)', () => {
  it('shows the message and its retry in place of a page that throws, and the next page again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <MemoryRouter initialEntries={['/a']}>
        <Navigator />
        <RouteErrorBoundary>
          <Page fail />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('E-FW00012Q：系统异常，请及时联系管理员处理');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    rerender(
      <MemoryRouter initialEntries={['/a']}>
        <Navigator />
        <RouteErrorBoundary>
          <Page fail={false} />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    // the same path keeps the message; another path renders what the boundary holds again
    expect(screen.queryByText('the page')).toBeNull();
    act(() => go('/b'));
    expect(screen.getByText('the page')).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('tells a code part that did not arrive from a page that failed', () => {
    render(<RouteError error={new PartLoadError('timed out after 120000 ms')} />);
    expect(screen.getByRole('heading').textContent).toBe('页面加载失败：网络不稳定或系统已更新。');
  });
});
