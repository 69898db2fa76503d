import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { DEMO_SEMESTERS } from '../../db/seed/personal.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';

const P = '/api/blade-platform';
const O = '/api/online-service-platform';

/**
 * The school's day is the tenant's (Asia/Shanghai for the demo), never the server's or UTC's: at 01:30 in Shanghai on
 * 1 February 2027 it is still 31 January in UTC.
 */
const SHANGHAI_FEB_1 = new Date('2027-01-31T17:30:00Z');

describe.each(testDatabases)("the school calendar's today and the semester list on %s", (engine) => {
  let t: TestApp;
  let otherTenant = '';
  beforeAll(async () => {
    t = await createTestApp(engine);
    otherTenant = (await seedOtherTenant(t.db.db, '100006')).tenantId;
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => t.close());

  const semesters = async (tenantId: string) =>
    (await t.app.inject({ method: 'GET', url: `${O}/nobody/preLogin/common/semesterList?tenantId=${tenantId}` })).json()
      .result as Array<{ dictKey: string; dictValue: string }>;

  it("counts today on the tenant's clock: 1 February in Shanghai while UTC still says 31 January", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SHANGHAI_FEB_1);
    // Signed in on that day (a token of the real today has long expired by then).
    const student = (await t.login('student01')).access_token;
    const res = await t.app.inject({
      method: 'POST',
      url: `${P}/scSemester/getSchoolCalendar`,
      headers: bearer(student),
      payload: {},
    });
    expect(res.json().result.date).toBe('2027-02-01');
  });

  it("lists the school calendar's semesters, newest first, by their names", async () => {
    const expected = [...DEMO_SEMESTERS]
      .sort((a, b) => b.start.localeCompare(a.start))
      .map((s) => ({ dictKey: `2026-2027-${s.term}`, dictValue: s.name }));
    expect(await semesters(DEMO_TENANT_ID)).toEqual(expected);
  });

  it('without a calendar, the last three semesters by the usual dates, from the semester today is in on the school’s clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SHANGHAI_FEB_1);
    expect(await semesters(otherTenant)).toEqual([
      { dictKey: '2026-2027-2', dictValue: '2026-2027学年第二学期' },
      { dictKey: '2026-2027-1', dictValue: '2026-2027学年第一学期' },
      { dictKey: '2025-2026-2', dictValue: '2025-2026学年第二学期' },
    ]);
    vi.setSystemTime(new Date('2027-09-01T02:00:00Z'));
    expect((await semesters(otherTenant))[0]).toEqual({ dictKey: '2027-2028-1', dictValue: '2027-2028学年第一学期' });
  });
});
