import { LandingIndex } from '@portal/contracts/services';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { createPeerTestApp, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { catalogueBulk } from './catalogue-bulk.ts';
import { VISITS_MAX_AGE_MS } from './catalogue-cache.ts';
import { exportLandingConfig, importLandingConfig } from './catalogue-config-file.ts';
import { catalogueReads } from './catalogue-reads.repository.ts';

/**
 * ADR 0051: nobody/index/index answers a visitor's whole landing page — configuration, footer, statistics, hot words,
 * navigation, tools, newly launched, most visited and the first browse tab's groups — each part exactly what its
 * own call answers. Two nodes on one database: every change is made on node B by the module's own writers (which
 * move the catalogue version in their transaction), and node A's index, answered before the change, shows it on
 * the next call; visits (not catalogue changes) within VISITS_MAX_AGE_MS, as the lists do.
 */
const P = '/api/blade-platform';
const W = '/api/blade-workbench';
const C = '/api/comb-cygj';
const T = DEMO_TENANT_ID;

type Item = { serviceId: string; serviceName: string; visitCount: number };
type Index = LandingIndex;

describe.each(testDatabases)('the landing index (one call for the first screen) on %s', (engine) => {
  let a: TestApp;
  let b: TestApp;
  let statements = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      statements++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };

  const call = async (node: TestApp, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await node.app.inject({ method, url, ...(payload ? { payload } : {}) });
    const body = res.json();
    expect(body.status, `${url}: ${res.body}`).toBe(1000);
    return body.result;
  };
  const index = async (node: TestApp, body: object = {}): Promise<Index> =>
    call(node, 'POST', `${P}/nobody/index/index`, { tenantId: T, ...body });

  /** What each of the landing page's own calls answers a visitor, in the index's shape. */
  const ownCalls = async (node: TestApp, size = 8, perGroup = 8): Promise<Omit<Index, 'tenantName'>> => {
    const config = await call(node, 'GET', `${P}/nobody/prepareLogin/configDetail?tenantId=${T}`);
    const groupBy = config.showScenes ? 'scene' : config.showDepts ? 'dept' : config.showTypes ? 'type' : null;
    return {
      config,
      footer: await call(node, 'GET', `${P}/nobody/prepareLogin/bottomConfigDetail?tenantId=${T}`),
      statistic: await call(node, 'GET', `${P}/nobody/prepareLogin/getStatisticData?tenantId=${T}`),
      hotWords: await call(node, 'POST', `${W}/nobody/searchHeatWord`, { tenantId: T, size: 8 }),
      navigationBars: await call(node, 'POST', `${C}/nobody/navigationBar/list`, { tenantId: T }),
      tools: await call(node, 'POST', `${C}/nobody/tools/list`, { tenantId: T }),
      newlyLaunched: await call(node, 'POST', `${P}/nobody/serverCenter/NewlyLaunched`, { tenantId: T, size }),
      mostVisited: await call(node, 'POST', `${P}/nobody/serverCenter/OSP/heatService`, { tenantId: T, size }),
      groups: groupBy
        ? {
            groupBy,
            perGroup,
            list: await call(node, 'POST', `${P}/nobody/prepareLogin/queryAllServiceByType`, {
              tenantId: T,
              groupBy,
              perGroup,
            }),
          }
        : null,
    };
  };
  /** The index and the own calls, asked in turn on one node, agree part by part. */
  const expectSameAsOwnCalls = async (node: TestApp): Promise<Index> => {
    const i = await index(node);
    const { tenantName, ...parts } = i;
    expect(parts).toEqual(await ownCalls(node));
    expect(tenantName).toBe('示例大学');
    return i;
  };

  beforeAll(async () => {
    a = await createTestApp(engine);
    // Node B: the same database through a Kysely of its own (its own prepared data), counting its statements.
    b = await createPeerTestApp({ ...a, db: { ...a.db, db: a.db.db.withPlugin(counting) } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('answers every part as its own call does, in the shape of the contract, for the old body and with sizes', async () => {
    const i = await expectSameAsOwnCalls(a);
    // Validation at the edge: the answer is the contract's, with no field the contract does not name.
    expect(LandingIndex.strict().parse(i)).toEqual(i);
    expect(i.groups).toMatchObject({ groupBy: 'scene', perGroup: 8 });
    expect(i.groups!.list.length).toBeGreaterThan(3);
    expect(i.navigationBars.length).toBeGreaterThan(2);
    expect(i.tools.length).toBeGreaterThan(2);
    expect(i.newlyLaunched).toHaveLength(8);
    expect(i.mostVisited).toHaveLength(8);
    // The body as it was (tenant only) and no body fields at all keep working; sizes pick the lists' lengths.
    const small = await index(a, { size: 3, perGroup: 2 });
    const own = await ownCalls(a, 3, 2);
    expect(small.newlyLaunched).toEqual(own.newlyLaunched);
    expect(small.mostVisited).toEqual(own.mostVisited);
    expect(small.groups).toEqual(own.groups);
    expect(small.groups!.list.every((g) => g.services.length <= 2)).toBe(true);
    const bad = await a.app.inject({
      method: 'POST',
      url: `${P}/nobody/index/index`,
      payload: { tenantId: T, size: 500 },
    });
    expect(bad.json().status).not.toBe(1000);
  });

  it('costs one statement when warm: the tenant check reads the version and the tenant’s name', async () => {
    await index(b);
    statements = 0;
    const again = await index(b);
    expect(statements).toBe(1);
    expect(again.tenantName).toBe('示例大学');
  });

  it('shows navigation bars and tools changed on the other node', async () => {
    const before = await index(a);
    await b.db.db.transaction().execute(async (trx) => {
      const current = await exportLandingConfig(trx, T);
      await importLandingConfig(
        trx,
        T,
        {
          navigationBars: [...current.navigationBars, { name: '新生专栏', url: '/allServices', nameEn: 'Freshers' }],
          tools: [
            {
              toolsName: '开学指引',
              toolsIcon: '/icons/services/calendar.webp',
              toolsUrl: 'https://www.demo.edu.cn/welcome',
              toolsType: '1',
              service: null,
            },
            ...current.tools,
          ],
        },
        () => undefined,
      );
    });
    const after = await expectSameAsOwnCalls(a);
    expect(after.navigationBars.map((n) => n.name)).toEqual([...before.navigationBars.map((n) => n.name), '新生专栏']);
    // ADR 0074: each link's English, the seeded ones' exported and imported back, the new one's as given.
    expect(after.navigationBars.map((n) => n.nameEn)).toEqual([
      ...before.navigationBars.map((n) => n.nameEn),
      'Freshers',
    ]);
    expect(before.navigationBars[0]!.nameEn).toBe('University home');
    expect(after.tools[0]!.tools_name).toBe('开学指引');
    expect(after.tools).toHaveLength(before.tools.length + 1);
  });

  it('shows a landing configuration changed on the other node, the groups following its first tab', async () => {
    const reads = catalogueReads(b.db.db);
    const saved = (await reads.landingConfig(T)) ?? {};
    await reads.saveLandingConfig(T, { ...saved, title: '开学第一天', showScenes: false }, new Date().toISOString());
    const changed = await expectSameAsOwnCalls(a);
    expect(changed.config.title).toBe('开学第一天');
    expect(changed.groups!.groupBy).toBe('dept');
    await reads.saveLandingConfig(
      T,
      { ...saved, showScenes: false, showDepts: false, showTypes: false },
      new Date().toISOString(),
    );
    expect((await expectSameAsOwnCalls(a)).groups).toBeNull();
    await reads.saveLandingConfig(T, saved, new Date().toISOString());
    expect((await expectSameAsOwnCalls(a)).groups!.groupBy).toBe('scene');
  });

  it('shows a service launched (imported), and one taken offline, on the other node', async () => {
    const before = await index(a);
    const gone = before.mostVisited[0]!;
    const model = await b.db.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', T)
      .where('id', '=', before.newlyLaunched[0]!.serviceId)
      .selectAll()
      .executeTakeFirstOrThrow();
    const { tenant_id: _t, visit_count: _v, launched_at: _l, updated_at: _u, ...row } = model;
    // The transfer module's import batch: services written, the version moved, in one transaction.
    await b.db.db.transaction().execute(async (trx) => {
      const bulk = catalogueBulk(trx);
      const now = new Date(Date.now() + 60_000).toISOString();
      await bulk.insertServices(
        T,
        [{ row: { ...row, id: 'landing-index-new', service_name: '迎新报到' }, roleIds: [], guide: null }],
        now,
      );
      await bulk.updateService(T, gone.serviceId, { status: 0 }, null, null, now);
      await bulk.changed(T, ['landing-index-new', gone.serviceId]);
    });
    const after = await expectSameAsOwnCalls(a);
    expect(after.newlyLaunched[0]!.serviceId).toBe('landing-index-new');
    const listed = (i: Index) => [...i.newlyLaunched, ...i.mostVisited, ...i.groups!.list.flatMap((g) => g.services)];
    expect(listed(after).some((s) => s.serviceId === gone.serviceId)).toBe(false);
    expect(after.statistic.serviceCount).toBe(before.statistic.serviceCount);
  });

  it('shows visits made on the other node within VISITS_MAX_AGE_MS, as the lists do', async () => {
    const before = await index(a);
    const top = before.mostVisited[0] as Item;
    const click = await b.app.inject({
      method: 'POST',
      url: `${P}/userClickVisitLog/clickService`,
      payload: { tenantId: T, serviceId: top.serviceId },
      headers: { 'user-agent': 'landing-index-test' },
    });
    expect(click.json().result.visitCount).toBe(top.visitCount + 1);
    // Visits are not catalogue changes: until the prepared parts' age runs out, the index agrees with the lists.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + VISITS_MAX_AGE_MS + 1000);
      const after = await expectSameAsOwnCalls(a);
      expect((after.mostVisited[0] as Item).visitCount).toBe(top.visitCount + 1);
      expect(after.statistic.visitCount).toBe(before.statistic.visitCount + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});
