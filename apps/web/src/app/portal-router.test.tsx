import { act, render, screen } from '@testing-library/react';
import { lazy, type ComponentType } from 'react';
import { Route, Routes, useNavigate, type NavigateFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PortalRouter } from './portal-router.tsx';
import { Providers } from './providers.tsx';

describe('the router of the web app (ADR 0059)', () => {
  it("keeps the page on screen under a progress bar while the next page's part loads, then shows it", async () => {
    let release: () => void = () => {};
    const Next = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          release = () => resolve({ default: () => <p>next page</p> });
        }),
    );
    let go: NavigateFunction = () => {};
    function Navigator() {
      go = useNavigate();
      return null;
    }
    window.history.replaceState(null, '', '/first');
    render(
      <Providers>
        <PortalRouter>
          <Navigator />
          <Routes>
            <Route path="/first" element={<p>first page</p>} />
            <Route path="/next" element={<Next />} />
          </Routes>
        </PortalRouter>
      </Providers>,
    );
    expect(screen.getByText('first page')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();

    act(() => go('/next'));
    expect((await screen.findByRole('progressbar')).getAttribute('aria-label')).toBe('加载中…');
    expect(screen.getByText('first page')).toBeTruthy();
    expect(window.location.pathname).toBe('/next');

    await act(async () => release());
    await screen.findByText('next page');
    expect(screen.queryByText('first page')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();

    // Back: the page before, from the browser's history.
    act(() => window.history.back());
    await screen.findByText('first page');
  });
});
