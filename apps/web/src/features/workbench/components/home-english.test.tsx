import type { Holiday, ServiceSpecial } from '@portal/contracts/workbench';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { HomeBanner } from './home-banner.tsx';
import { ServiceSpecials } from './service-specials.tsx';

const holiday = (extra: Partial<Holiday>): Holiday => ({
  id: 'h1',
  name: '校庆日',
  date: '2027-05-20',
  endDate: '2027-05-20',
  greeting: '祝母校生日快乐！',
  daysLeft: 0,
  ...extra,
});
const special = (extra: Partial<ServiceSpecial>): ServiceSpecial => ({
  id: 'sp1',
  title: '迎新专题',
  description: '新生报到一站办理',
  serviceIds: [],
  img: '',
  services: [],
  ...extra,
});

const show = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>{node}</I18nProvider>
    </QueryClientProvider>,
  );

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

/** ADR 0074: the home page's holiday line and service special in English show the English an administrator gave. */
describe('the home page’s configured texts in English', () => {
  it('a holiday’s name and greeting', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    show(
      <HomeBanner
        enabled={false}
        holidays={[holiday({ nameEn: 'Anniversary Day', greetingEn: 'Happy birthday, alma mater!' })]}
      />,
    );
    const line = screen.getByTestId('holiday').textContent ?? '';
    expect(line).toContain('Anniversary Day');
    expect(line).toContain('Happy birthday, alma mater!');
    expect(line).not.toMatch(/校庆日|祝母校/);
  });

  it('the Chinese where there is no English, and in Chinese always the Chinese', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const { unmount } = show(<HomeBanner enabled={false} holidays={[holiday({ daysLeft: 3 })]} />);
    expect(screen.getByTestId('holiday').textContent).toContain('校庆日');
    unmount();
    await act(() => i18n.changeLanguage('zh-CN'));
    show(<HomeBanner enabled={false} holidays={[holiday({ nameEn: 'Anniversary Day', daysLeft: 3 })]} />);
    expect(screen.getByTestId('holiday').textContent).toContain('校庆日');
  });

  it('a service special’s title and description', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    show(
      <ServiceSpecials
        enabled={false}
        featured={special({ titleEn: 'Welcome, freshmen', descriptionEn: 'Registration in one place' })}
      />,
    );
    expect(screen.getByRole('heading', { name: /Welcome, freshmen/ })).toBeTruthy();
    expect(screen.getByText('Registration in one place')).toBeTruthy();
    expect(screen.queryByText('新生报到一站办理')).toBeNull();
  });
});
