import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoDeptId } from '../../db/seed/transfer.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { withSubDepartments } from '../services/departments.ts';
import * as lists from './three-lists.service.ts';

// The one list's rule, watched: the three lists find a department's sub-departments with it (ADR 0032), as notices
// and user departments do, not with a walk of their own.
vi.mock('../services/departments.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../services/departments.ts')>();
  return { ...real, withSubDepartments: vi.fn(real.withSubDepartments) };
});

const W = '/api/blade-workbench';
const O = '/api/online-service-platform';

describe.each(testDatabases)("the three lists' sub-departments on %s", (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const post = async (account: string, url: string, payload: object = {}) =>
    (await t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload })).json();
  const subDepartments = vi.mocked(withSubDepartments);

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const account of ['teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    subDepartments.mockClear();
  });

  it('come from withSubDepartments of the one list, and the three lists keep no walk of their own', async () => {
    expect(Object.keys(lists)).not.toContain('descendants');
    const jwc = demoDeptId('jwc');
    const ks = demoDeptId('jwc-ks');

    // A department's duties hold its sub-departments' (考试中心 under 教务处).
    const page = await post('student01', `${O}/threeInventory/page`, { deptId: jwc, size: 50 });
    expect(page.result.records.map((d: { deptId: string }) => d.deptId)).toContain(ks);
    expect(subDepartments).toHaveBeenCalledTimes(1);
    const [list, ids] = subDepartments.mock.calls[0]!;
    expect([...ids]).toEqual([jwc]);
    expect(list).toContainEqual(expect.objectContaining({ id: ks, parentId: jwc }));
    expect(subDepartments.mock.results[0]!.value).toEqual(new Set([jwc, ks]));

    // A maintainer's power reaches the sub-departments of what they manage (teacher01 manages 教务处).
    subDepartments.mockClear();
    const tree = await post('teacher01', `${W}/getDeptTreePower`);
    expect(tree.result).toMatchObject([{ id: jwc, children: [{ id: ks }] }]);
    expect(subDepartments).toHaveBeenCalled();
  });
});
