import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { recordVisit } from './visits.ts';

const P = '/api/blade-platform';
const CLICK = `${P}/userClickVisitLog/clickService`;

/** clickService counts at most one visit per visitor, service and hour (issue 11: 300 anonymous clicks in 4 s). */
describe.each(testDatabases)('visit counting on %s', (engine) => {
  let t: TestApp;
  let student: string;
  let serviceId: string;

  const visits = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('svc_services')
          .where('tenant_id', '=', DEMO_TENANT_ID)
          .where('id', '=', serviceId)
          .select('visit_count')
          .executeTakeFirstOrThrow()
      ).visit_count,
    );
  const click = (headers: Record<string, string>, payload: object = { tenantId: DEMO_TENANT_ID, serviceId }) =>
    t.app.inject({ method: 'POST', url: CLICK, headers, payload });

  beforeAll(async () => {
    t = await createTestApp(engine);
    student = (await t.login('student01')).access_token;
    const svc = await t.db.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('is_public', '=', 1)
      .where('status', '=', 1)
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    serviceId = svc.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts 300 parallel anonymous clicks from one browser as one visit, and another browser as another', async () => {
    const before = await visits();
    const ua = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' };
    const answers = await Promise.all(Array.from({ length: 300 }, () => click(ua)));
    expect(answers.every((r) => r.json().status === 1000)).toBe(true);
    expect(await visits()).toBe(before + 1);
    await click({ 'user-agent': 'Mozilla/5.0 (iPhone) Safari/605.1' });
    expect(await visits()).toBe(before + 2);
    // The anonymous click log holds the counted visits only, not every click.
    const logged = await t.db.db
      .selectFrom('svc_clicks')
      .where('service_id', '=', serviceId)
      .where('user_id', '=', '')
      .select('id')
      .execute();
    expect(logged.length).toBe(2);
  });

  it('counts a user once per hour however often they open the service, and keeps their recent-use log', async () => {
    const before = await visits();
    for (let i = 0; i < 5; i++) expect((await click(bearer(student), { serviceId })).json().status).toBe(1000);
    expect(await visits()).toBe(before + 1);
    const mine = await t.db.db
      .selectFrom('svc_clicks')
      .where('service_id', '=', serviceId)
      .where('user_id', '!=', '')
      .select('id')
      .execute();
    expect(mine.length).toBe(5);
  });

  it('counts the same visitor again in the next hour, and prunes rows older than two days', async () => {
    const before = await visits();
    const at = (h: number) => new Date(Date.UTC(2031, 0, 1, h, 30)).toISOString();
    const v = { tenantId: DEMO_TENANT_ID, serviceId, userId: null, visitor: 'anon:test' };
    expect(await recordVisit(t.db.db, { ...v, id: 'v1', at: at(8) })).toBe(true);
    expect(await recordVisit(t.db.db, { ...v, id: 'v2', at: at(8).replace(':30', ':59') })).toBe(false);
    expect(await recordVisit(t.db.db, { ...v, id: 'v3', at: at(9) })).toBe(true);
    expect(await visits()).toBe(before + 2);
    expect(await recordVisit(t.db.db, { ...v, id: 'v4', at: new Date(Date.UTC(2031, 0, 4, 9)).toISOString() })).toBe(
      true,
    );
    const hours = await t.db.db
      .selectFrom('svc_visits')
      .where('service_id', '=', serviceId)
      .where('visitor', '=', 'anon:test')
      .select('hour')
      .execute();
    expect(hours.map((h) => h.hour)).toEqual(['2031-01-04T09']);
  });
});
