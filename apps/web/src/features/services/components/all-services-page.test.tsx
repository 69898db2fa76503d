import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n/i18n.ts';
import { landingConfig, renderWithApp } from '../test-support.tsx';

const api = vi.hoisted(() => ({
  getLandingConfig: vi.fn(async (_tenantId: string) => landingConfig()),
}));
vi.mock('../api/get-landing-config.ts', async (original) => {
  const real = await original<typeof import('../api/get-landing-config.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useLandingConfig: (tenantId: string) =>
      useQuery({ ...real.landingConfigQueryOptions(tenantId), queryFn: () => api.getLandingConfig(tenantId) }),
  };
});
// The list itself is the service hall's (service-hall-page.test.tsx).
vi.mock('./service-hall-page.tsx', () => ({ ServiceHallPage: () => <p>services</p> }));
const { AllServicesPage } = await import('./all-services-page.tsx');

afterEach(() => setLanguage('zh-CN'));

describe('/allServices', () => {
  it('has the landing page’s header: the school’s name, a language switch and login (a visitor may arrive here first)', async () => {
    renderWithApp(<AllServicesPage />, '/allServices?tenantId=000001');
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('示例大学网上办事服务大厅')).toBeTruthy();
    expect(api.getLandingConfig).toHaveBeenCalledWith('000001');
    expect(within(header).getByRole('button', { name: '登 录' })).toBeTruthy();

    await userEvent.click(within(header).getByRole('button', { name: '语言' }));
    await userEvent.click(await within(header).findByRole('menuitem', { name: 'English' }));
    await waitFor(() => expect(within(header).getByRole('button', { name: 'Log in' })).toBeTruthy());
    expect(document.documentElement.lang).toBe('en-US');
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
