import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { NavigationItem } from '@portal/contracts/workbench';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { STUDENT_USER } from '../../../test/student-user.ts';

const item = (over: Partial<NavigationItem>): NavigationItem => ({
  id: 'n',
  navigationName: '',
  navigationType: 'ADD',
  isBuilt: 2,
  isAuto: 1,
  configPath: '',
  embedded: true,
  sort: 1,
  ...over,
});
const NAVIGATION = [
  item({
    id: 'hall',
    navigationName: '办事大厅',
    navigationNameEn: 'Services',
    navigationType: 'SERVICE_HALL',
    isBuilt: 1,
    configPath: 'serviceHall',
  }),
  item({
    id: 'flow',
    navigationName: '办事服务中心',
    navigationNameEn: '',
    navigationType: 'FLOW_SERVICE_CENTER',
    isBuilt: 1,
    configPath: 'processServiceCenter',
  }),
  item({ id: 'lib', navigationName: '图书馆', navigationNameEn: 'Library', configPath: 'https://lib.demo.edu.cn' }),
  item({ id: 'mail', navigationName: '邮箱', configPath: 'https://mail.demo.edu.cn', embedded: false }),
];
vi.mock('../../../lib/http/clients.ts', () => ({
  ospHttp: {
    post: async (path: string) => {
      if (path === '/homePage/getTopMenu') return { navigation: NAVIGATION };
      // The caller's theme, which the shell loads once per login: the tenant's.
      if (path === '/themeSetUp/detail')
        return { themeColor: '#008cff', personal: false, tenant: { themeColor: '#008cff' } };
      return null;
    },
  },
  workbenchHttp: { post: async () => null },
}));
const { useConfiguredBuiltIns, useCustomNavigation } = await import('./shell-navigation.tsx');

function renderNavigation() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => {
      const builtIns = useConfiguredBuiltIns();
      return {
        custom: useCustomNavigation().map((n) => n.name),
        hall: builtIns.name('/home/serviceHall', 'nav.serviceHall'),
        flow: builtIns.name('/home/processServiceCenter', 'nav.processServiceCenter'),
      };
    },
    { wrapper },
  );
}

afterEach(async () => {
  sessionStore.setState({ user: null });
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe("the top bar's configured items in the interface's language (ADR 0074)", () => {
  it('zh-CN: the Chinese as configured; a renamed built-in item by its new name, an unrenamed one by the interface', async () => {
    sessionStore.setState({ user: STUDENT_USER });
    const { result } = renderNavigation();
    await waitFor(() => expect(result.current.custom).toEqual(['图书馆', '邮箱']));
    expect(result.current.hall).toBe('办事大厅');
    expect(result.current.flow).toBeUndefined();
  });

  it('en-US: the English an administrator gave, else the Chinese (custom) or the interface’s own name (built-in)', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    sessionStore.setState({ user: STUDENT_USER });
    const { result } = renderNavigation();
    await waitFor(() => expect(result.current.custom).toEqual(['Library', '邮箱']));
    expect(result.current.hall).toBe('Services');
    // 办事服务中心 is its default name and has no English: the shell's own English label.
    expect(result.current.flow).toBeUndefined();
  });
});
