import type { LandingConfig } from '@portal/contracts/services';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import { AntdNotifier } from '../../components/antd-theme.tsx';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { i18n, I18nProvider } from '../../lib/i18n/i18n.ts';
import { MUTATION_DEFAULTS } from '../../app/providers.tsx';

/** Shows where the router is, for tests that check a navigation. */
function Where() {
  const l = useLocation();
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>;
}

/** Renders a services component with the app's providers (query client with the app's mutation defaults, i18n, Ant Design App, a router at `path`). */
export function renderWithApp(ui: ReactNode, path = '/') {
  return render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: MUTATION_DEFAULTS } })}
    >
      <I18nProvider i18n={i18n}>
        <App>
          <AntdNotifier />
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="*" element={ui} />
            </Routes>
            <Where />
          </MemoryRouter>
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

/** The pre-login configuration the landing tests start from: every section on, no logo, banner or placeholder. */
export function landingConfig(overrides: Partial<LandingConfig> = {}): LandingConfig {
  return {
    title: '示例大学网上办事服务大厅',
    subtitle: '',
    logo: '',
    banner: '',
    searchPlaceholder: '',
    showStatistic: true,
    showScenes: true,
    showDepts: true,
    showTypes: true,
    showNewly: true,
    showPopular: true,
    showTools: true,
    ...overrides,
  };
}
