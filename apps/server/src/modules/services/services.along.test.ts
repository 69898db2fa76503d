import { MESSAGES } from '@portal/contracts/errors';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createPeerTestApp, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { bumpCatalogue } from './catalogue-version.ts';

/**
 * ADR 0043: serverCenter/page reads the caller's session (or a visitor's tenant), the catalogue version and the
 * user's favourites in one statement. Two nodes on one database: what one node commits, or a session it ends,
 * the other's very next request sees; nothing is kept between requests. Node B counts the statements it runs.
 */
const P = '/api/blade-platform';
const T = DEMO_TENANT_ID;

type Item = { serviceId: string; serviceName: string; collected: boolean };

describe.each(testDatabases)(
  'the service list reads its session, version and favourites in one statement on %s',
  (engine) => {
    let a: TestApp;
    let b: TestApp;
    let statements = 0;
    /** Reads among them (a search's words are written in batches on a timer, which may fall into a window). */
    let reads = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        statements++;
        const n = args.node;
        if (
          n.kind === 'SelectQueryNode' ||
          (n.kind === 'RawNode' && /^\s*(\/\*[^*]*\*\/\s*)?select\b/i.test(n.sqlFragments.join('?')))
        )
          reads++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const page = async (node: TestApp, token: string | null, body: object = { current: 1, size: 12 }) => {
      const res = await node.app.inject({
        method: 'POST',
        url: token ? `${P}/serverCenter/page` : `${P}/nobody/serverCenter/page`,
        payload: token ? body : { ...body, tenantId: T },
        ...(token ? { headers: bearer(token) } : {}),
      });
      const answer = res.json() as { status: number; msg: string; result: { records: Item[] } };
      return { ...answer, http: res.statusCode };
    };
    const post = async (node: TestApp, token: string, url: string, payload: object) =>
      (await node.app.inject({ method: 'POST', url, payload, headers: bearer(token) })).json();

    beforeAll(async () => {
      a = await createTestApp(engine);
      // Node B: the same database through a Kysely that counts the statements it runs.
      b = await createPeerTestApp({ ...a, db: { ...a.db, db: a.db.db.withPlugin(counting) } });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('runs one statement for a warm page, a student’s or a visitor’s', async () => {
      const { access_token } = await a.login('student01');
      await page(b, access_token);
      await page(b, null);
      statements = 0;
      expect((await page(b, access_token)).status).toBe(1000);
      expect(statements).toBe(1);
      statements = 0;
      expect((await page(b, null)).status).toBe(1000);
      expect(statements).toBe(1);
    });

    it('answers each warm landing call, and a student’s top lists, with one statement', async () => {
      const C = '/api/comb-cygj';
      const calls: Array<[string, 'GET' | 'POST', object | undefined]> = [
        [`${P}/nobody/prepareLogin/configDetail?tenantId=${T}`, 'GET', undefined],
        [`${P}/nobody/prepareLogin/bottomConfigDetail?tenantId=${T}`, 'GET', undefined],
        [`${P}/nobody/prepareLogin/getStatisticData?tenantId=${T}`, 'GET', undefined],
        [`${C}/nobody/navigationBar/list`, 'POST', { tenantId: T }],
        [`${C}/nobody/tools/list`, 'POST', { tenantId: T }],
        [`${P}/nobody/serverCenter/NewlyLaunched`, 'POST', { tenantId: T, size: 8 }],
        [`${P}/nobody/serverCenter/OSP/heatService`, 'POST', { tenantId: T, size: 8 }],
        [`${P}/nobody/prepareLogin/queryAllServiceByType`, 'POST', { tenantId: T, groupBy: 'scene', perGroup: 8 }],
        [`${P}/nobody/serverCenter/serviceCount`, 'POST', { tenantId: T }],
        [`${P}/serviceScene/listByUser`, 'POST', { tenantId: T }],
      ];
      const { access_token } = await a.login('student01');
      const student: Array<[string, object]> = [
        [`${P}/serverCenter/NewlyLaunched`, { size: 8 }],
        [`${P}/serverCenter/OSP/heatService`, { size: 8 }],
        [`${P}/serverCenter/serviceCount`, {}],
        [`${P}/serviceDept/listByUser`, {}],
      ];
      const run = async () => {
        const counts: Record<string, number> = {};
        for (const [url, method, payload] of calls) {
          statements = 0;
          const res = await b.app.inject({ method, url, ...(payload ? { payload } : {}) });
          expect(res.json().status, url).toBe(1000);
          counts[url] = statements;
        }
        for (const [url, payload] of student) {
          statements = 0;
          const res = await b.app.inject({ method: 'POST', url, payload, headers: bearer(access_token) });
          expect(res.json().status, url).toBe(1000);
          counts[`student ${url}`] = statements;
        }
        return counts;
      };
      await run();
      const warm = await run();
      expect(warm).toEqual(Object.fromEntries(Object.keys(warm).map((k) => [k, 1])));
    });

    it('answers a repeated search with one read, marks favourites per user and finds a change made on the other node', async () => {
      const { access_token } = await a.login('student01');
      const search = async (token: string | null, keyword = '成绩') => {
        const res = await b.app.inject({
          method: 'POST',
          url: token ? `${P}/serverCenter/searchService` : `${P}/nobody/prepareLogin/searchService`,
          payload: { keyword, current: 1, size: 10, ...(token ? {} : { tenantId: T }) },
          ...(token ? { headers: bearer(token) } : {}),
        });
        return res.json() as { status: number; result: { total: number; records: Item[] } };
      };
      const first = await search(access_token);
      expect(first.result.records.length).toBeGreaterThan(0);
      await search(null);
      for (const token of [access_token, null]) {
        reads = 0;
        expect((await search(token)).status).toBe(1000);
        expect(reads).toBe(1);
      }
      const target = first.result.records.find((r) => !r.collected)!;
      await post(a, access_token, `${P}/serverCenter/collect`, { serviceId: target.serviceId });
      const marked = (await search(access_token)).result.records;
      expect(marked.find((r) => r.serviceId === target.serviceId)!.collected).toBe(true);
      expect((await search(null)).result.records.every((r) => !r.collected)).toBe(true);
      await post(a, access_token, `${P}/serverCenter/cancelCollect`, { serviceId: target.serviceId });
      expect((await search(access_token)).result.records.find((r) => r.serviceId === target.serviceId)!.collected).toBe(
        false,
      );
      // Node A renames a service so that it matches a new word; node B's next search finds it, for both audiences.
      const word = `量子纠缠${engine}`;
      expect((await search(access_token, word)).result.total).toBe(0);
      expect((await search(null, word)).result.total).toBe(0);
      const visitorHit = (await search(null)).result.records[0]!;
      await a.db.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('svc_services')
          .set({ service_name: `${word}服务` })
          .where('id', '=', visitorHit.serviceId)
          .execute();
        await bumpCatalogue(trx, T, [visitorHit.serviceId]);
      });
      for (const token of [access_token, null]) {
        const found = (await search(token, word)).result;
        expect(found.total).toBe(1);
        expect(found.records[0]!.serviceId).toBe(visitorHit.serviceId);
        expect(found.records[0]!.serviceName).toBe(`${word}服务`);
      }
    });

    it('shows a change committed through the other node on the next request', async () => {
      const { access_token } = await a.login('student01');
      const first = (await page(b, access_token)).result.records[0]!;
      const visitorFirst = (await page(b, null)).result.records[0]!;
      // Node A renames the first service of each list and bumps the version in the same transaction.
      await a.db.db.transaction().execute(async (trx) => {
        for (const id of new Set([first.serviceId, visitorFirst.serviceId])) {
          await trx
            .updateTable('svc_services')
            .set({ service_name: `改名-${id}` })
            .where('id', '=', id)
            .execute();
        }
        await bumpCatalogue(trx, T, [first.serviceId, visitorFirst.serviceId]);
      });
      expect((await page(b, access_token)).result.records[0]!.serviceName).toBe(`改名-${first.serviceId}`);
      expect((await page(b, null)).result.records[0]!.serviceName).toBe(`改名-${visitorFirst.serviceId}`);
    });

    it('marks a favourite added or removed on the other node on the next request', async () => {
      const { access_token } = await a.login('student01');
      const records = (await page(b, access_token, { current: 1, size: 12 })).result.records;
      const target = records.find((r) => !r.collected)!;
      expect(target).toBeDefined();
      expect((await post(a, access_token, `${P}/serverCenter/collect`, { serviceId: target.serviceId })).status).toBe(
        1000,
      );
      const marked = (await page(b, access_token)).result.records;
      expect(marked.find((r) => r.serviceId === target.serviceId)!.collected).toBe(true);
      // Only that one changed, and another student's page does not show it.
      expect(marked.filter((r) => r.serviceId !== target.serviceId).map((r) => r.collected)).toEqual(
        records.filter((r) => r.serviceId !== target.serviceId).map((r) => r.collected),
      );
      const other = (await a.login('student02')).access_token;
      const theirs = (await page(b, other)).result.records.find((r) => r.serviceId === target.serviceId);
      expect(theirs?.collected ?? false).toBe(false);
      expect(
        (await post(a, access_token, `${P}/serverCenter/cancelCollect`, { serviceId: target.serviceId })).status,
      ).toBe(1000);
      expect(
        (await page(b, access_token)).result.records.find((r) => r.serviceId === target.serviceId)!.collected,
      ).toBe(false);
    });

    it('refuses a session logged out on the other node on the very next request', async () => {
      const { access_token } = await a.login('student01');
      expect((await page(b, access_token)).status).toBe(1000);
      const out = await a.app.inject({
        method: 'GET',
        url: '/api/blade-workbench/auth/loginOut',
        headers: bearer(access_token),
      });
      expect(out.json().status).toBe(1000);
      expect((await page(b, access_token)).http).toBe(401);
    });

    it('refuses a session revoked in the database, and a disabled user, on the next request', async () => {
      const s1 = (await a.login('student01')).access_token;
      expect((await page(b, s1)).status).toBe(1000);
      await a.db.db
        .updateTable('sessions')
        .set({ revoked_at: new Date().toISOString() })
        .where('revoked_at', 'is', null)
        .execute();
      expect((await page(b, s1)).http).toBe(401);
      const s2 = (await a.login('teacher01')).access_token;
      expect((await page(b, s2)).status).toBe(1000);
      await a.db.db.updateTable('users').set({ status: 0 }).where('account', '=', 'teacher01').execute();
      expect((await page(b, s2)).http).toBe(401);
      await a.db.db.updateTable('users').set({ status: 1 }).where('account', '=', 'teacher01').execute();
    });

    it('refuses a visitor of an unknown or disabled tenant', async () => {
      const res = await b.app.inject({
        method: 'POST',
        url: `${P}/nobody/serverCenter/page`,
        payload: { current: 1, size: 12, tenantId: '999999' },
      });
      expect(res.statusCode).toBe(400);
      expect((await page(b, null)).status).toBe(1000);
      await a.db.db.updateTable('tenants').set({ status: 0 }).where('tenant_id', '=', T).execute();
      // Disabled by the operator (npm run tenant -- deactivate-tenant): said so, not 租户不存在.
      expect(await page(b, null)).toMatchObject({ http: 403, msg: MESSAGES.tenantDisabled });
      await a.db.db.updateTable('tenants').set({ status: 1 }).where('tenant_id', '=', T).execute();
      expect((await page(b, null)).status).toBe(1000);
    });
  },
);
