import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CARD_IDS } from '../../db/seed/workbench.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

const O = '/api/online-service-platform';
type Tab = { id: string; typeName: string; sort: number; isDefault: boolean; cardConfigs: { id: string }[] };

/**
 * Issue 16, home tabs: a new tab became every user's opening tab (it was saved with sort 0, before the seeded one),
 * and tabs could be neither deleted from the page nor reordered. Now a tab is the default only when an administrator
 * says so (else the first), a new one goes last, the default and the last tab cannot be deleted, and the order is
 * saved.
 */
describe.each(testDatabases)('home tabs on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = async (who: string, path: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url: `${O}/${path}`, headers: bearer(tokens[who]!), payload });
    return { http: res.statusCode, ...res.json() };
  };
  const adminTabs = async (): Promise<Tab[]> => (await call('admin', 'indextypeconfig/list')).result;
  const studentTabs = async (): Promise<Tab[]> => (await call('student01', 'indexcardconfig/list')).result.types;
  let seeded = '';

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const account of ['admin', 'student01']) tokens[account] = (await t.login(account)).access_token;
    seeded = (await adminTabs())[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds a new tab last and keeps the opening tab where it was, for the administrator and every user', async () => {
    expect((await studentTabs()).map((x) => x.isDefault)).toEqual([true]);
    const added = await call('admin', 'indextypeconfig/submit', { typeName: '学习', layout: 'separate' });
    expect(added.status).toBe(1000);
    await call('admin', 'indextypeconfig/submitCard', { typeId: added.result.id, cardIds: [DEMO_CARD_IDS.recommend] });
    const tabs = await adminTabs();
    expect(tabs.map((x) => [x.id, x.isDefault])).toEqual([
      [seeded, true],
      [added.result.id, false],
    ]);
    expect(tabs[1]!.sort).toBeGreaterThan(tabs[0]!.sort);
    const student = await studentTabs();
    expect(student.map((x) => [x.id, x.isDefault])).toEqual([
      [seeded, true],
      [added.result.id, false],
    ]);
    // Editing a tab without a sort keeps its place.
    await call('admin', 'indextypeconfig/submit', { id: seeded, typeName: '工作台', layout: 'same' });
    expect((await adminTabs()).map((x) => x.id)).toEqual([seeded, added.result.id]);
  });

  it('refuses a second tab of one name, on create and on rename, with 409; its own name is fine', async () => {
    const taken = { http: 409, status: 409, msg: WORKBENCH_MESSAGES.tabNameTaken };
    const name = (await adminTabs()).find((x) => x.id === seeded)!.typeName;
    const before = await adminTabs();
    expect(await call('admin', 'indextypeconfig/submit', { typeName: name })).toMatchObject(taken);
    expect(await call('admin', 'indextypeconfig/submit', { typeName: ` ${name} ` })).toMatchObject(taken);
    expect(await adminTabs()).toEqual(before);
    const other = await call('admin', 'indextypeconfig/submit', { typeName: '同名页签之外' });
    expect(other.status).toBe(1000);
    expect(await call('admin', 'indextypeconfig/submit', { id: other.result.id, typeName: name })).toMatchObject(taken);
    expect((await adminTabs()).find((x) => x.id === other.result.id)!.typeName).toBe('同名页签之外');
    expect((await call('admin', 'indextypeconfig/submit', { id: seeded, typeName: name })).status).toBe(1000);
    expect((await call('admin', 'indextypeconfig/removeType', { ids: [other.result.id] })).status).toBe(1000);
  });

  it('makes a tab the default only when chosen, for every user', async () => {
    const [, second] = await adminTabs();
    expect((await call('admin', 'indextypeconfig/setDefault', { id: second!.id })).status).toBe(1000);
    expect((await adminTabs()).map((x) => x.isDefault)).toEqual([false, true]);
    expect((await studentTabs()).find((x) => x.isDefault)?.id).toBe(second!.id);
    expect((await call('admin', 'indextypeconfig/setDefault', { id: 'nope' })).msg).toBe(
      WORKBENCH_MESSAGES.indexTypeNotFound,
    );
  });

  it('saves the order of the tabs, refusing a list that is not every tab once', async () => {
    const ids = (await adminTabs()).map((x) => x.id);
    expect((await call('admin', 'indextypeconfig/adjustOrder', { ids: [...ids].reverse() })).status).toBe(1000);
    expect((await adminTabs()).map((x) => x.id)).toEqual([...ids].reverse());
    expect((await studentTabs()).map((x) => x.id)).toEqual([...ids].reverse());
    for (const bad of [[ids[0]!], [ids[0]!, ids[0]!], [...ids, 'other'], [ids[0]!, 'other']]) {
      const res = await call('admin', 'indextypeconfig/adjustOrder', { ids: bad });
      expect([res.http, res.msg], JSON.stringify(bad)).toEqual([400, WORKBENCH_MESSAGES.indexTypeOrder]);
    }
    expect((await adminTabs()).map((x) => x.id)).toEqual([...ids].reverse());
    await call('admin', 'indextypeconfig/adjustOrder', { ids });
  });

  it('never deletes the default tab nor every tab; the old default goes once another is the default', async () => {
    const [first, second] = await adminTabs();
    expect(second!.isDefault).toBe(true);
    const refusedDefault = await call('admin', 'indextypeconfig/removeType', { ids: [second!.id] });
    expect([refusedDefault.http, refusedDefault.msg]).toEqual([400, WORKBENCH_MESSAGES.defaultIndexType]);
    const refusedAll = await call('admin', 'indextypeconfig/removeType', { ids: [first!.id, second!.id] });
    expect([refusedAll.http, refusedAll.msg]).toEqual([400, WORKBENCH_MESSAGES.lastIndexType]);
    expect((await adminTabs()).map((x) => x.id)).toEqual([first!.id, second!.id]);

    await call('admin', 'indextypeconfig/setDefault', { id: first!.id });
    expect((await call('admin', 'indextypeconfig/removeType', { ids: [second!.id] })).status).toBe(1000);
    const left = await adminTabs();
    expect(left.map((x) => [x.id, x.isDefault])).toEqual([[first!.id, true]]);
    const refusedLast = await call('admin', 'indextypeconfig/removeType', { ids: [first!.id] });
    expect(refusedLast.msg).toBe(WORKBENCH_MESSAGES.lastIndexType);
    // The deleted tab's cards are off the page; the card itself stays.
    expect((await call('admin', 'cardbasicconfig/detail', { id: DEMO_CARD_IDS.recommend })).status).toBe(1000);
  });

  it('refuses the new calls to a user without homePageConfig', async () => {
    const id = (await adminTabs())[0]!.id;
    for (const [path, body] of [
      ['indextypeconfig/setDefault', { id }],
      ['indextypeconfig/adjustOrder', { ids: [id] }],
    ] as const)
      expect((await call('student01', path, body)).http, path).toBe(403);
  });
});
