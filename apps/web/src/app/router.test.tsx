import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './router.tsx';

describe('the route table (issue 10)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders its first screen, while the route parts load, without a warning from React Router', () => {
    // React Router's warnings throw and catch an Error: on the first render of the page, collecting that Error's
    // stack made V8 parse the whole entry script again (70 ms on a laptop). The root route names its fallback.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter(routes, { initialEntries: ['/login'] });
    const { container } = render(<RouterProvider router={router} />);
    expect(router.state.initialized).toBe(false);
    expect(container.innerHTML).toBe('');
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/HydrateFallback/);
    router.dispose();
  });
});
