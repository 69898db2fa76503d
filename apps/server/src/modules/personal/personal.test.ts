import { MESSAGES } from '@portal/contracts/errors';
import { PERSONAL_TEXTS, weekOfSemester, schoolYearOf } from '@portal/contracts/personal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/create-db.ts';
import { DEMO_PASSWORD, DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { seed } from '../../db/seed/index.ts';
import { seedPersonal } from '../../db/seed/personal.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

const P = '/api/blade-platform';

/** A second tenant with one student and its own calendar and links (the demo set, renamed below). */
async function seedTenantB(db: Db, tenantId: string) {
  const now = new Date().toISOString();
  await db
    .insertInto('tenants')
    .values({ tenant_id: tenantId, tenant_name: '第二大学', status: 1, created_at: now })
    .execute();
  await db
    .insertInto('roles')
    .values({
      id: `${tenantId}-student`,
      tenant_id: tenantId,
      role_name: '学生',
      role_alias: 'student',
      role_type: 'student',
      sort: 1,
    })
    .execute();
  await db
    .insertInto('users')
    .values({
      id: `${tenantId}-student01`,
      tenant_id: tenantId,
      account: 'student01',
      user_name: '二大学生',
      nick_name: '二大',
      password_hash: await hashPassword(DEMO_PASSWORD),
      role_id: `${tenantId}-student`,
      is_demo: 1,
      status: 1,
      created_at: now,
    })
    .execute();
  await seedPersonal(db, tenantId);
  await db
    .updateTable('pc_access_links')
    .set({ system_name: '二大教务' })
    .where('tenant_id', '=', tenantId)
    .where('system_name', '=', '教务系统')
    .execute();
  await db
    .updateTable('pc_semesters')
    .set({ start_date: '2026-09-14' })
    .where('tenant_id', '=', tenantId)
    .where('term', '=', 1)
    .execute();
}

describe('weekOfSemester and schoolYearOf (shared by server and client)', () => {
  const s = { startDate: '2026-09-07', endDate: '2027-01-17' };
  it('counts Monday-based weeks from the week of the start date', () => {
    expect(weekOfSemester(s, '2026-09-07')).toBe(1);
    expect(weekOfSemester(s, '2026-09-13')).toBe(1);
    expect(weekOfSemester(s, '2026-09-14')).toBe(2);
    expect(weekOfSemester(s, '2026-11-23')).toBe(12);
    expect(weekOfSemester(s, '2027-01-17')).toBe(19);
    // A semester starting mid-week: its first (short) week is week 1, the next Monday starts week 2.
    expect(weekOfSemester({ startDate: '2026-09-09', endDate: '2026-12-31' }, '2026-09-14')).toBe(2);
  });
  it('is null outside the semester', () => {
    expect(weekOfSemester(s, '2026-09-06')).toBeNull();
    expect(weekOfSemester(s, '2027-01-18')).toBeNull();
  });
  it('names the school year of a date from August on', () => {
    expect(schoolYearOf('2026-08-01')).toBe('2026-2027');
    expect(schoolYearOf('2027-07-31')).toBe('2026-2027');
  });
});

describe.each(testDatabases)('personal center calls (7.9) on %s', (engine) => {
  const B = engine === 'sqlite' ? '300001' : '300002';
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedTenantB(t.db.db, B);
    for (const a of ['admin', 'teacher01', 'student01']) tokens[a] = (await t.login(a)).access_token;
    tokens.studentB = (await t.login('student01', B)).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (path: string, who?: string, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${P}/${path}${query}`,
      headers: who ? bearer(tokens[who]!) : {},
    });
    return { http: res.statusCode, ...res.json() };
  };
  const post = async (path: string, payload: unknown, who?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${P}/${path}`,
      payload: payload as object,
      headers: who ? bearer(tokens[who]!) : {},
    });
    return { http: res.statusCode, ...res.json() };
  };
  const calendar = (payload: object, who: string | null = 'student01') =>
    post('scSemester/getSchoolCalendar', payload, who ?? undefined);

  it('refuses every call without a login', async () => {
    for (const res of [
      await get('platformApplyGuiseLogoInfo'),
      await get('personInfo/getSystemAccessLink'),
      await calendar({}, null),
    ]) {
      expect(res.http).toBe(401);
      expect(res.result).toBeNull();
    }
    // A tenantId alone does not stand in for a login.
    expect((await get('personInfo/getSystemAccessLink', undefined, `?tenantId=${DEMO_TENANT_ID}`)).http).toBe(401);
  });

  it("refuses another tenant's id and answers only the caller's tenant", async () => {
    for (const res of [
      await get('platformApplyGuiseLogoInfo', 'student01', `?tenantId=${B}`),
      await get('personInfo/getSystemAccessLink', 'student01', `?tenantId=${B}`),
      await calendar({ tenantId: B }),
    ]) {
      expect(res.http).toBe(403);
      expect(res.msg).toBe(MESSAGES.wrongTenant);
    }
    const names = (await get('personInfo/getSystemAccessLink', 'studentB')).result.map(
      (l: { systemName: string }) => l.systemName,
    );
    expect(names).toContain('二大教务');
    expect(names).not.toContain('教务系统');
    const mine = (await get('personInfo/getSystemAccessLink', 'student01')).result.map(
      (l: { systemName: string }) => l.systemName,
    );
    expect(mine).not.toContain('二大教务');
    expect((await calendar({ date: '2026-09-15' }, 'studentB')).result.current.week).toBe(1);
    expect((await calendar({ date: '2026-09-15' })).result.current.week).toBe(2);
  });

  it('answers the logo info of the tenant, the same as platformapplyguiselogo/detail', async () => {
    const info = await get(
      'platformApplyGuiseLogoInfo',
      'student01',
      `?tenantId=${DEMO_TENANT_ID}&t=1&account=student01`,
    );
    expect(info.status).toBe(1000);
    const detail = await post('platformapplyguiselogo/detail', {}, 'student01');
    expect(info.result).toEqual({ ...detail.result, tenantId: DEMO_TENANT_ID, tenantName: '示例大学' });
    expect(info.result.systemName).toContain('示例大学');
    expect(info.result.themeColor).toMatch(/^#[0-9a-fA-F]{6}$/);
    expect((await get('platformApplyGuiseLogoInfo', 'studentB')).result).toEqual(
      expect.objectContaining({ tenantId: B, tenantName: '第二大学' }),
    );
  });

  it('shows each role the systems it may open, in order', async () => {
    const student = (await get('personInfo/getSystemAccessLink', 'student01')).result as Array<{
      systemName: string;
      systemUrl: string;
    }>;
    expect(student.map((l) => l.systemName)).toEqual(['教务系统', '图书馆', '一卡通', '邮箱', 'VPN']);
    expect(student.every((l) => l.systemUrl.startsWith('https://'))).toBe(true);
    const teacher = (await get('personInfo/getSystemAccessLink', 'teacher01')).result as Array<{ systemName: string }>;
    expect(teacher.map((l) => l.systemName)).toEqual(['教务系统', '财务系统', '图书馆', '一卡通', '邮箱', 'VPN']);
  });

  it('leaves out disabled links and links that are not web addresses', async () => {
    const db = t.db.db;
    await db
      .updateTable('pc_access_links')
      .set({ enabled: 0 })
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('system_name', '=', 'VPN')
      .execute();
    await db
      .updateTable('pc_access_links')
      .set({ system_url: 'javascript:alert(1)' })
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('system_name', '=', '邮箱')
      .execute();
    try {
      const names = (await get('personInfo/getSystemAccessLink', 'student01')).result.map(
        (l: { systemName: string }) => l.systemName,
      );
      expect(names).toEqual(['教务系统', '图书馆', '一卡通']);
    } finally {
      await db
        .updateTable('pc_access_links')
        .set({ enabled: 1 })
        .where('tenant_id', '=', DEMO_TENANT_ID)
        .where('system_name', '=', 'VPN')
        .execute();
      await db
        .updateTable('pc_access_links')
        .set({ system_url: 'https://mail.demo.edu.cn/' })
        .where('tenant_id', '=', DEMO_TENANT_ID)
        .where('system_name', '=', '邮箱')
        .execute();
    }
  });

  it('answers the 2026-2027 calendar with the teaching week of a date', async () => {
    const res = await calendar({ date: '2026-11-23' });
    expect(res.status).toBe(1000);
    const cal = res.result;
    expect(cal.schoolYear).toBe('2026-2027');
    expect(cal.date).toBe('2026-11-23');
    expect(cal.current).toEqual({
      semesterId: `${DEMO_TENANT_ID}-sem-2026-2027-1`,
      semesterName: '2026-2027学年第一学期',
      week: 12,
      weeks: 19,
    });
    expect(cal.semesters.map((s: { name: string; weeks: number }) => [s.name, s.weeks])).toEqual([
      ['2026-2027学年第一学期', 19],
      ['2026-2027学年第二学期', 19],
    ]);
    expect(cal.events.map((e: { name: string }) => e.name)).toEqual(
      expect.arrayContaining(['国庆节', '元旦', '寒假', '劳动节', '暑假']),
    );
    expect(cal.events.find((e: { name: string }) => e.name === '寒假')).toEqual({
      id: expect.any(String),
      name: '寒假',
      kind: 'vacation',
      startDate: '2027-01-18',
      endDate: '2027-02-21',
    });
    expect(cal.schoolYears).toEqual(['2026-2027']);
    expect((await calendar({ date: '2027-03-01' })).result.current).toEqual(
      expect.objectContaining({ semesterName: '2026-2027学年第二学期', week: 2 }),
    );
  });

  it('has no current week in a vacation, and an empty calendar for a school year without one', async () => {
    const winter = (await calendar({ date: '2027-02-01' })).result;
    expect(winter.current).toBeNull();
    expect(winter.schoolYear).toBe('2026-2027');
    expect(winter.semesters).toHaveLength(2);
    const other = (await calendar({ schoolYear: '2030-2031' })).result;
    expect(other).toEqual(expect.objectContaining({ schoolYear: '2030-2031', semesters: [], events: [] }));
    // Today by default.
    const now = (await calendar({})).result;
    expect(now.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await post('scSemester/getSchoolCalendar', undefined, 'student01')).status).toBe(1000);
  });

  it('refuses a bad date or school year', async () => {
    for (const [body, msg] of [
      [{ date: '2026-13-01' }, PERSONAL_TEXTS.badDate],
      [{ date: '2026-02-30' }, PERSONAL_TEXTS.badDate],
      [{ date: '23/11/2026' }, PERSONAL_TEXTS.badDate],
      [{ date: 20261123 }, PERSONAL_TEXTS.badDate],
      [{ schoolYear: '2026-2028' }, PERSONAL_TEXTS.badSchoolYear],
      [{ schoolYear: "2026'; drop table pc_semesters;--" }, PERSONAL_TEXTS.badSchoolYear],
    ] as const) {
      const res = await calendar(body);
      expect(res.http, JSON.stringify(body)).toBe(400);
      expect(res.msg).toBe(msg);
    }
    for (const payload of [[1, 2], { date: null }, { schoolYear: 2026 }]) {
      expect((await post('scSemester/getSchoolCalendar', payload, 'student01')).http, JSON.stringify(payload)).toBe(
        400,
      );
    }
  });

  it('lets a holder of the home page configuration edit the calendar, validated, and nobody else', async () => {
    const year = '2031-2032';
    const ok = async (path: string, body: object) => {
      const res = await post(path, body, 'admin');
      expect(res.status, JSON.stringify(res)).toBe(1000);
      return res.result;
    };
    const autumn = await ok('scSemester/save', {
      schoolYear: year,
      term: 1,
      name: '2031-2032学年第一学期',
      startDate: '2031-09-08',
      endDate: '2032-01-18',
    });
    expect(autumn).toMatchObject({ schoolYear: year, term: 1, weeks: 19 });
    const spring = await ok('scSemester/save', {
      schoolYear: year,
      term: 2,
      name: '第二学期',
      startDate: '2032-02-23',
      endDate: '2032-07-04',
    });
    const exam = await ok('scSemester/event/save', {
      schoolYear: year,
      name: '期末考试周',
      kind: 'exam',
      startDate: '2032-01-12',
      endDate: '2032-01-18',
    });
    expect(exam).toEqual({
      id: expect.any(String),
      name: '期末考试周',
      kind: 'exam',
      startDate: '2032-01-12',
      endDate: '2032-01-18',
    });

    // Everyone of the tenant reads it; the teaching week follows the edited dates.
    let cal = (await calendar({ date: '2031-11-24' })).result;
    expect(cal.current).toEqual({ semesterId: autumn.id, semesterName: '2031-2032学年第一学期', week: 12, weeks: 19 });
    expect(cal.events.map((e: { name: string }) => e.name)).toEqual(['期末考试周']);
    expect(cal.schoolYears[0]).toBe(year);

    // Changing: a later start moves the weeks; the name of the second term is corrected.
    await ok('scSemester/save', {
      id: autumn.id,
      schoolYear: year,
      term: 1,
      name: '2031-2032学年第一学期',
      startDate: '2031-09-15',
      endDate: '2032-01-18',
    });
    await ok('scSemester/save', {
      id: spring.id,
      schoolYear: year,
      term: 2,
      name: '2031-2032学年第二学期',
      startDate: '2032-02-23',
      endDate: '2032-07-04',
    });
    await ok('scSemester/event/save', {
      id: exam.id,
      schoolYear: year,
      name: '期末考试',
      kind: 'exam',
      startDate: '2032-01-11',
      endDate: '2032-01-18',
    });
    cal = (await calendar({ date: '2031-11-24' })).result;
    expect(cal.current.week).toBe(11);
    expect(cal.semesters.map((x: { name: string }) => x.name)).toEqual([
      '2031-2032学年第一学期',
      '2031-2032学年第二学期',
    ]);
    expect(cal.events).toEqual([
      { id: exam.id, name: '期末考试', kind: 'exam', startDate: '2032-01-11', endDate: '2032-01-18' },
    ]);

    // Refusals, each with the spec's status and a message, and nothing written.
    const before = JSON.stringify((await calendar({ schoolYear: year })).result);
    for (const [path, body, http, msg] of [
      [
        'scSemester/save',
        { schoolYear: year, term: 1, name: '重复', startDate: '2032-07-10', endDate: '2032-07-20' },
        409,
        PERSONAL_TEXTS.termTaken,
      ],
      [
        'scSemester/save',
        { schoolYear: year, term: 2, name: '重叠', startDate: '2031-12-01', endDate: '2032-03-01', id: spring.id },
        409,
        PERSONAL_TEXTS.semesterOverlap,
      ],
      [
        'scSemester/save',
        { schoolYear: year, term: 1, name: '倒序', startDate: '2031-09-15', endDate: '2031-09-01', id: autumn.id },
        400,
        PERSONAL_TEXTS.endBeforeStart,
      ],
      [
        'scSemester/save',
        { schoolYear: year, term: 3, name: '第三学期', startDate: '2032-07-10', endDate: '2032-07-20' },
        400,
        PERSONAL_TEXTS.badTerm,
      ],
      [
        'scSemester/save',
        { schoolYear: year, term: 1, name: '太长', startDate: '2031-09-15', endDate: '2032-06-30', id: autumn.id },
        400,
        PERSONAL_TEXTS.semesterTooLong,
      ],
      [
        'scSemester/save',
        { schoolYear: year, term: 1, name: '  ', startDate: '2031-09-15', endDate: '2032-01-18', id: autumn.id },
        400,
        PERSONAL_TEXTS.nameRequired,
      ],
      [
        'scSemester/save',
        {
          schoolYear: year,
          term: 1,
          name: 'x'.repeat(51),
          startDate: '2031-09-15',
          endDate: '2032-01-18',
          id: autumn.id,
        },
        400,
        PERSONAL_TEXTS.nameTooLong,
      ],
      [
        'scSemester/save',
        { schoolYear: year, term: 1, name: '跨学年', startDate: '2032-09-01', endDate: '2032-12-01', id: autumn.id },
        400,
        PERSONAL_TEXTS.outsideYear,
      ],
      [
        'scSemester/save',
        { schoolYear: year, term: 1, name: '不存在', startDate: '2031-09-15', endDate: '2032-01-18', id: 'no-such-id' },
        404,
        PERSONAL_TEXTS.calendarNotFound,
      ],
      [
        'scSemester/event/save',
        { schoolYear: year, name: '运动会', kind: 'party', startDate: '2031-10-20', endDate: '2031-10-21' },
        400,
        PERSONAL_TEXTS.badKind,
      ],
      [
        'scSemester/event/save',
        { schoolYear: year, name: '运动会', kind: 'event', startDate: '2031-10-20', endDate: '2031-10-20T00' },
        400,
        PERSONAL_TEXTS.badDate,
      ],
      [
        'scSemester/event/save',
        { schoolYear: year, name: '长假', kind: 'vacation', startDate: '2032-01-19', endDate: '2032-06-01' },
        400,
        PERSONAL_TEXTS.eventTooLong,
      ],
      [
        'scSemester/event/save',
        { schoolYear: year, name: '运动\u0000会', kind: 'event', startDate: '2031-10-20', endDate: '2031-10-21' },
        400,
        MESSAGES.controlCharacters,
      ],
      ['scSemester/event/remove', { id: 'no-such-id' }, 404, PERSONAL_TEXTS.calendarNotFound],
    ] as const) {
      const res = await post(path, body, 'admin');
      expect(res.http, `${path} ${JSON.stringify(body)}`).toBe(http);
      expect(res.msg).toBe(msg);
    }
    expect(JSON.stringify((await calendar({ schoolYear: year })).result)).toBe(before);

    // A student or teacher may read but not edit; nobody edits without a login.
    for (const who of ['student01', 'teacher01', undefined]) {
      const res = await post(
        'scSemester/event/save',
        { schoolYear: year, name: '运动会', kind: 'event', startDate: '2031-10-20', endDate: '2031-10-21' },
        who,
      );
      expect(res.http).toBe(who ? 403 : 401);
      expect((await post('scSemester/remove', { id: autumn.id }, who)).http).toBe(who ? 403 : 401);
    }
    // Another tenant's rows cannot be reached by id: not found, and theirs stay as they were.
    const theirs = (await calendar({ date: '2026-11-23' }, 'studentB')).result;
    const theirSemester = theirs.semesters[0];
    const theirEvent = theirs.events[0];
    expect(
      (
        await post(
          'scSemester/save',
          {
            id: theirSemester.id,
            schoolYear: '2026-2027',
            term: 1,
            name: '被改了',
            startDate: '2026-09-14',
            endDate: '2027-01-17',
          },
          'admin',
        )
      ).http,
    ).toBe(404);
    expect((await post('scSemester/remove', { id: theirSemester.id }, 'admin')).http).toBe(404);
    expect((await post('scSemester/event/remove', { id: theirEvent.id }, 'admin')).http).toBe(404);
    expect((await calendar({ date: '2026-11-23' }, 'studentB')).result).toEqual(theirs);

    // Removing.
    await ok('scSemester/event/remove', { id: exam.id });
    await ok('scSemester/remove', { id: spring.id });
    await ok('scSemester/remove', { id: autumn.id });
    expect((await calendar({ schoolYear: year })).result).toEqual(
      expect.objectContaining({ semesters: [], events: [] }),
    );
  });

  it('seeds idempotently', async () => {
    const count = async () =>
      (
        await t.db.db
          .selectFrom('pc_access_links')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    await seed(t.db.db);
    expect(Number(await count())).toBe(before);
  });
});
