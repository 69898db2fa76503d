import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { catalogueReads } from './catalogue-reads.repository.ts';
import { bumpCatalogue, catalogueVersion, changedSince, WHOLE_CATALOGUE } from './catalogue-version.ts';
import { servicesRepository } from './services.repository.ts';

/**
 * Issue 13: the anonymous landing page is answered from data prepared per tenant and catalogue version. The
 * writers below never touch a cache: they change rows and bump the version in one transaction, exactly what a
 * write on another node does, and the next request sees the change.
 */
const P = '/api/blade-platform';
const O = '/api/online-service-platform';
const C = '/api/comb-cygj';
const T = DEMO_TENANT_ID;
const VISITOR = { userId: null, roleId: null, admin: false };

describe.each(testDatabases)('the landing page prepared per catalogue version on %s', (engine) => {
  let t: TestApp;
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();
  const post = async (url: string, payload: object = {}) =>
    (await t.app.inject({ method: 'POST', url, payload: { tenantId: T, ...payload } })).json();

  /** The landing page's anonymous calls, as the web client makes them. */
  const landing = async () => ({
    config: (await get(`${P}/nobody/prepareLogin/configDetail?tenantId=${T}`)).result,
    footer: (await get(`${P}/nobody/prepareLogin/bottomConfigDetail?tenantId=${T}`)).result,
    stat: (await get(`${P}/nobody/prepareLogin/getStatisticData?tenantId=${T}`)).result,
    nav: (await post(`${C}/nobody/navigationBar/list`)).result,
    tools: (await post(`${C}/nobody/tools/list`)).result,
    newly: (await post(`${P}/nobody/serverCenter/NewlyLaunched`, { size: 8 })).result,
    popular: (await post(`${P}/nobody/serverCenter/OSP/heatService`, { size: 8 })).result,
    scenes: (await post(`${P}/nobody/prepareLogin/queryAllServiceByType`, { groupBy: 'scene', perGroup: 8 })).result,
    page: (await post(`${P}/nobody/serverCenter/page`, { current: 1, size: 12 })).result,
    overview: (await post(`${O}/nobody/preLogin/dataOverview`)).result,
  });

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t?.close());

  it('answers the same twice, and queryAllServiceByType holds each group’s first services by heat and nothing more', async () => {
    const a = await landing();
    expect(await landing()).toEqual(a);
    const repo = servicesRepository(t.db.db);
    expect(a.scenes.length).toBeGreaterThan(3);
    for (const g of a.scenes as Array<{ id: string; count: number; services: Array<{ serviceId: string }> }>) {
      const expected = await repo.page(T, VISITOR, { sceneId: g.id }, 'heat', 8, 0);
      expect(g.services.map((s) => s.serviceId)).toEqual(expected.map((r) => r.id));
      expect(g.count).toBe(await repo.count(T, VISITOR, { sceneId: g.id }));
      expect(g.services.length).toBeLessThanOrEqual(8);
    }
  });

  it('shows a catalogue change at once: a new public service counts, lists and pages on the next view', async () => {
    const before = await landing();
    const base = await t.db.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', T)
      .where('is_public', '=', 1)
      .selectAll()
      .executeTakeFirstOrThrow();
    const now = new Date(Date.now() + 60_000).toISOString();
    await t.db.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('svc_services')
        .values({
          ...base,
          id: 'landing-new',
          service_name: '新生报到绿色通道',
          launched_at: now,
          visit_count: 99_999_999,
          sort: -1,
        })
        .execute();
      await bumpCatalogue(trx, T, ['landing-new']);
    });
    const after = await landing();
    expect(after.stat.serviceCount).toBe(before.stat.serviceCount + 1);
    expect(after.overview.serviceCount).toBe(before.overview.serviceCount + 1);
    expect(after.page.total).toBe(before.page.total + 1);
    expect(after.page.records[0].serviceId).toBe('landing-new');
    expect(after.newly[0].serviceId).toBe('landing-new');
    expect(after.popular[0].serviceId).toBe('landing-new');
    const scene = (after.scenes as Array<{ id: string; count: number; services: Array<{ serviceId: string }> }>).find(
      (g) => g.id === base.scene_id,
    )!;
    expect(scene.services[0]!.serviceId).toBe('landing-new');
  });

  it('shows a new landing configuration at once (the writer bumps the version with it)', async () => {
    const current = (await catalogueReads(t.db.db).landingConfig(T)) ?? {};
    await catalogueReads(t.db.db).saveLandingConfig(
      T,
      { ...current, title: '开学第一天办事大厅' },
      new Date().toISOString(),
    );
    expect((await landing()).config.title).toBe('开学第一天办事大厅');
  });

  it('shares a role’s pages among its members, each seeing only their own favourites marked', async () => {
    // student01 and student02 are both demo students.
    const [one, two] = [(await t.login('student01')).access_token, (await t.login('student02')).access_token];
    const page = async (token: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `${P}/serverCenter/page`,
          payload: { current: 1, size: 12 },
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().result as {
        records: Array<{ serviceId: string; collected: boolean }>;
      };
    const first = (await page(one)).records[1]!.serviceId;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${P}/serverCenter/collect`,
          payload: { serviceId: first },
          headers: { authorization: `Bearer ${one}` },
        })
      ).statusCode,
    ).toBe(200);
    const [a, b] = [await page(one), await page(two)];
    expect(a.records.map((r) => r.serviceId)).toEqual(b.records.map((r) => r.serviceId));
    expect(a.records.find((r) => r.serviceId === first)!.collected).toBe(true);
    expect(b.records.find((r) => r.serviceId === first)!.collected).toBe(false);
    expect(a.records.filter((r) => r.collected).length).toBeGreaterThanOrEqual(1);
  });

  it('moves the version only with the transaction that makes the change, and logs what changed', async () => {
    const v0 = await catalogueVersion(t.db.db, T);
    await expect(
      t.db.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('svc_services')
          .set({ service_name: '回滚的名字' })
          .where('id', '=', 'landing-new')
          .execute();
        await bumpCatalogue(trx, T, ['landing-new']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await catalogueVersion(t.db.db, T)).toBe(v0);
    await t.db.db.transaction().execute(async (trx) => {
      await bumpCatalogue(trx, T, ['a', 'b']);
      await bumpCatalogue(trx, T, ['b', 'c']);
    });
    expect(await catalogueVersion(t.db.db, T)).toBe(v0 + 2);
    expect(((await changedSince(t.db.db, T, v0, v0 + 2)) as string[]).sort()).toEqual(['a', 'b', 'c']);
    await t.db.db.transaction().execute((trx) => bumpCatalogue(trx, T, WHOLE_CATALOGUE));
    expect(await changedSince(t.db.db, T, v0, v0 + 3)).toBe(WHOLE_CATALOGUE);
    // Another tenant's version is its own.
    expect(await catalogueVersion(t.db.db, 'no-such-tenant')).toBe(0);
  });
});
