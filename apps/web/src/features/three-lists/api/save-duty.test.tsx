import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

const posted: string[] = [];
vi.mock('../../../lib/http/clients.ts', () => ({
  workbenchHttp: {
    post: async (path: string) => {
      posted.push(path);
      return path.endsWith('/save') ? { id: 'duty-new' } : null;
    },
  },
}));

const { useSaveDuty } = await import('./save-duty.ts');
const { useRemoveDuties } = await import('./remove-duties.ts');
const { threeListsKeys } = await import('./query-keys.ts');

function setUp() {
  const qc = new QueryClient();
  // What the public page and the administration page hold from before the change.
  qc.setQueryData(threeListsKeys.inventoryTree(), []);
  qc.setQueryData(threeListsKeys.inventoryPage({ current: 1, size: 10 }), { records: [] });
  qc.setQueryData(threeListsKeys.dutyPage({ current: 1, size: 10 }), { records: [] });
  qc.setQueryData(threeListsKeys.config(), { pageTitle: '三清单' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;
  return { qc, wrapper, stale };
}

const duty = { deptId: 'd-cw', dutyName: '报销', dutyType: '', dutyContent: '', sort: 0, serviceIds: [] };

describe('a duty changed on the administration page (issue 15)', () => {
  it('saving makes the public three-lists page fetch again, not only the administration list', async () => {
    const { wrapper, stale } = setUp();
    const { result } = renderHook(() => useSaveDuty(), { wrapper });
    await result.current.mutateAsync(duty);
    expect(posted.at(-1)).toBe('/ospDeptDutyListConfig/save');
    expect(stale(threeListsKeys.inventoryTree())).toBe(true);
    expect(stale(threeListsKeys.inventoryPage({ current: 1, size: 10 }))).toBe(true);
    expect(stale(threeListsKeys.dutyPage({ current: 1, size: 10 }))).toBe(true);
    expect(stale(threeListsKeys.config())).toBe(false);
  });

  it('an edit goes to update, and removing invalidates the same views', async () => {
    const saved = setUp();
    const save = renderHook(() => useSaveDuty(), { wrapper: saved.wrapper });
    await save.result.current.mutateAsync({ ...duty, id: 'duty-1' });
    expect(posted.at(-1)).toBe('/ospDeptDutyListConfig/update');

    const removed = setUp();
    const remove = renderHook(() => useRemoveDuties(), { wrapper: removed.wrapper });
    await remove.result.current.mutateAsync(['duty-1']);
    expect(posted.at(-1)).toBe('/ospDeptDutyListConfig/remove');
    expect(removed.stale(threeListsKeys.inventoryPage({ current: 1, size: 10 }))).toBe(true);
    expect(removed.stale(threeListsKeys.dutyPage({ current: 1, size: 10 }))).toBe(true);
  });
});
