import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { setVisitorTimeZone } from '../../../lib/time-zone.ts';
import { OfflineBanner } from './offline-banner.tsx';

function renderBanner(updatedAt: number) {
  const client = new QueryClient();
  client.setQueryData(['any'], { ok: true }, { updatedAt });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <OfflineBanner />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('offline mark (issue 18)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setVisitorTimeZone(null);
  });

  it("shows nothing online, and offline the time of the last update in the tenant's time zone, not the browser's", async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    // 23:30 UTC on the 23rd is 07:30 on the 24th in Beijing (the default tenant zone).
    renderBanner(Date.UTC(2026, 10, 23, 23, 30));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect((await screen.findByTestId('offline-banner')).textContent).toContain(
      '当前处于离线状态，显示的是 2026-11-24 07:30 更新的内容',
    );
  });
});
