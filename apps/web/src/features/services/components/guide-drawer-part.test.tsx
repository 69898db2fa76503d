import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalRouter } from '../../../app/portal-router.tsx';
import { Providers } from '../../../app/providers.tsx';

vi.mock('../api/get-service-guide.ts', async (original) => {
  const real = await original<typeof import('../api/get-service-guide.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useServiceGuide: (id: string | undefined) =>
      useQuery({
        ...real.serviceGuideQueryOptions(id ?? ''),
        queryFn: async () => ({
          serviceId: id!,
          serviceName: '成绩查询',
          content: '<p>办理流程</p><p><a href="https://jw.demo.edu.cn/">教务系统</a></p>',
          updatedAt: '',
        }),
        enabled: !!id,
      }),
  };
});
const { GuideDrawerPart } = await import('./guide-drawer-part.tsx');
// The drawer's code part loaded before the tests: what they test is the history, not the first load of a module
// (which on a busy machine outlasted findByRole's wait).
await import('./guide-drawer.tsx');

function Page() {
  const [guideOf, setGuideOf] = useState<{ serviceId: string; serviceName: string } | null>(null);
  return (
    <>
      <button type="button" onClick={() => setGuideOf({ serviceId: 's1', serviceName: '成绩查询' })}>
        办事指南
      </button>
      <GuideDrawerPart service={guideOf} onClose={() => setGuideOf(null)} />
    </>
  );
}

/** The page at /home/serviceHall in the browser's (jsdom's) history, with the app's router, on a screen this wide. */
function open(width: number) {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
  window.history.replaceState(null, '', '/home/serviceHall');
  render(
    <Providers client={new QueryClient()}>
      <PortalRouter>
        <Page />
      </PortalRouter>
    </Providers>,
  );
  return window.history.length;
}
const openGuide = async () => {
  fireEvent.click(screen.getByRole('button', { name: '办事指南' }));
  return screen.findByRole('dialog');
};
const overlayMark = () => (window.history.state as { usr?: { portalOverlay?: string } } | null)?.usr?.portalOverlay;

afterEach(() => vi.restoreAllMocks());

describe('the guide drawer and the browser history', () => {
  it("on a phone, opening a guide adds a history entry: Back closes the guide and stays on the page; the guide's own close button goes back over the entry it added", async () => {
    const entries = open(390);
    await openGuide();
    expect(window.history.length).toBe(entries + 1);
    expect(overlayMark()).toBeTruthy();

    // The phone's Back button.
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/home/serviceHall');
    expect(overlayMark()).toBeUndefined();

    // Opened again and closed by its own button: the router is back on the page's entry, not on a left-over one.
    const dialog = await openGuide();
    expect(overlayMark()).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(overlayMark()).toBeUndefined();
    expect(window.location.pathname).toBe('/home/serviceHall');
    expect(screen.getByRole('button', { name: '办事指南' })).toBeTruthy();
  });

  it('on a desktop, the guide drawer adds no history entry (as before)', async () => {
    const entries = open(1280);
    const dialog = await openGuide();
    expect(window.history.length).toBe(entries);
    fireEvent.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.history.length).toBe(entries);
    expect(window.location.pathname).toBe('/home/serviceHall');
  });

  it('keeps Tab inside the open guide: Tab on its last control (a link in the guide) goes to its close button', async () => {
    open(1280);
    const dialog = await openGuide();
    const close = within(dialog).getByRole('button', { name: /close|关闭/i });
    const link = await within(dialog).findByRole('link', { name: '教务系统' });
    link.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(link);
  });
});
