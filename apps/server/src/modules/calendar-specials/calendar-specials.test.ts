import { MESSAGES } from '@portal/contracts/errors';
import { SERVICE_SPECIAL_SERVICES_MAX, WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import * as homeMigration from '../../db/migrations/2026-11-23T15-40_home-holidays-specials.ts';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import {
  bearer,
  createTestApp,
  createTestDb,
  testDatabases,
  type TestApp,
  addTenantWithAdmin,
} from '../../test/test-app.ts';
import { directory } from '../auth/auth.directory.ts';
import { calendarSpecialsRepository as workbenchRepository } from './calendar-specials.repository.ts';

const O = '/api/online-service-platform';
const OTHER = '100003';
/** YYYY-MM-DD of today plus `days` on the demo tenant's clock (Asia/Shanghai, UTC+8), as the server counts. */
const day = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

type HolidayItem = {
  id: string;
  name: string;
  date: string;
  endDate: string;
  greeting: string;
  nameEn?: string;
  greetingEn?: string;
};
type Holiday = HolidayItem & { daysLeft: number };
type SpecialItem = {
  id: string;
  title: string;
  description: string;
  titleEn?: string;
  sort: number;
  enabled: boolean;
  serviceIds: string[];
  services: Array<{ serviceId: string; serviceName: string }>;
};
type Special = {
  id: string;
  title: string;
  description: string;
  serviceIds: string[];
  services: Array<{ serviceId: string }>;
};

/** Administration of the home page's holidays and service specials (indexholidayconfig, indexservicespecialconfig). */
describe.each(testDatabases)('home page holidays and service specials on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = async (who: string, path: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url: `${O}/${path}`, headers: bearer(tokens[who]!), payload });
    return { http: res.statusCode, ...res.json() };
  };
  const holidayList = async (who = 'admin') => (await call(who, 'indexholidayconfig/list')).result as HolidayItem[];
  const specialList = async (who = 'admin') =>
    (await call(who, 'indexservicespecialconfig/list')).result as SpecialItem[];
  const coming = async () => (await call('student01', 'homePage/getHoliday')).result as Holiday[];
  /** Services student01 may use, taken from the seeded specials. */
  const studentServices = async () =>
    ((await call('student01', 'homePage/getServiceSpecialList')).result as Special[]).flatMap((s) =>
      s.services.map((x) => x.serviceId),
    );

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
    // Another tenant whose administrator holds every configuration menu.
    await addTenantWithAdmin(t.db.db, OTHER);
    tokens.other = (await t.login('admin', OTHER)).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the seeded holidays and specials for the administrator', async () => {
    expect((await holidayList()).map((h) => [h.name, h.nameEn])).toEqual([
      ['元旦', "New Year's Day"],
      ['寒假', 'Winter vacation'],
    ]);
    const specials = await specialList();
    expect(specials.map((s) => [s.title, s.enabled])).toEqual([
      ['迎新专题', true],
      ['毕业季专题', true],
      ['财务报销专题', true],
    ]);
    expect(specials.map((s) => s.titleEn)).toEqual(['Welcome, freshmen', 'Graduation', 'Reimbursement']);
    expect(specials[0]!.services.length).toBeGreaterThan(0);
    expect(specials[0]!.services.map((s) => s.serviceId)).toEqual(specials[0]!.serviceIds);
  });

  it('adds, edits and deletes holidays, and getHoliday answers the change at once', async () => {
    const added = await call('admin', 'indexholidayconfig/submit', { name: '  校庆日 ', date: day(3) });
    expect(added).toMatchObject({
      status: 1000,
      result: { name: '校庆日', date: day(3), endDate: day(3), greeting: '' },
    });
    const id = added.result.id as string;
    expect((await coming())[0]).toMatchObject({ id, name: '校庆日', daysLeft: 3 });

    // A holiday of several days: 0 days left from its first to its last day, with its own greeting.
    const edited = await call('admin', 'indexholidayconfig/submit', {
      id,
      name: '校庆',
      date: day(-1),
      endDate: day(1),
      greeting: '祝母校生日快乐！',
      nameEn: ' Anniversary ',
      greetingEn: 'Happy birthday, alma mater!',
    });
    expect(edited.result).toMatchObject({
      id,
      name: '校庆',
      date: day(-1),
      endDate: day(1),
      greeting: '祝母校生日快乐！',
      nameEn: 'Anniversary',
      greetingEn: 'Happy birthday, alma mater!',
    });
    // With its English for the page in English (ADR 0074).
    expect((await coming())[0]).toMatchObject({
      id,
      name: '校庆',
      daysLeft: 0,
      greeting: '祝母校生日快乐！',
      nameEn: 'Anniversary',
      greetingEn: 'Happy birthday, alma mater!',
    });

    // A past holiday stays in the administration list but is no longer coming.
    const past = await call('admin', 'indexholidayconfig/submit', {
      name: '中秋节',
      date: day(-30),
      endDate: day(-28),
    });
    expect((await holidayList()).map((h) => h.id)).toContain(past.result.id);
    expect((await coming()).map((h) => h.id)).not.toContain(past.result.id);

    expect((await call('admin', 'indexholidayconfig/remove', { ids: [id, past.result.id] })).result.count).toBe(2);
    expect((await coming()).map((h) => h.name)).toEqual(['元旦', '寒假']);
    expect((await holidayList()).map((h) => h.id)).not.toContain(id);
    expect((await call('admin', 'indexholidayconfig/remove', { ids: [id] })).http).toBe(404);
  });

  it("counts a holiday's days on the tenant's clock, not the machine's or UTC's", async () => {
    // The same instant is one or two dates apart in UTC−11 and UTC+14 (25 hours), at any hour of any machine.
    const dateIn = (zone: string, plusDays: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(Date.now() + plusDays * 86_400_000);
    try {
      await directory.setTimeZone(t.db.db, DEMO_TENANT_ID, 'Pacific/Pago_Pago');
      const date = dateIn('Pacific/Pago_Pago', 3);
      const id = (await call('admin', 'indexholidayconfig/submit', { name: '时区日', date })).result.id as string;
      const left = async () => (await coming()).find((h) => h.id === id)!.daysLeft;
      expect(await left()).toBe(3);
      await directory.setTimeZone(t.db.db, DEMO_TENANT_ID, 'Pacific/Kiritimati');
      const ahead = await left();
      expect(ahead).toBe(
        3 - (Date.parse(dateIn('Pacific/Kiritimati', 0)) - Date.parse(dateIn('Pacific/Pago_Pago', 0))) / 86_400_000,
      );
      expect(ahead).toBeLessThan(3);
      expect((await call('admin', 'indexholidayconfig/remove', { ids: [id] })).result.count).toBe(1);
    } finally {
      await directory.setTimeZone(t.db.db, DEMO_TENANT_ID, 'Asia/Shanghai');
    }
  });

  it('adds, orders, disables and deletes service specials with their services, and the home page follows', async () => {
    const services = [...new Set(await studentServices())];
    expect(services.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = services as [string, string, string];
    const added = await call('admin', 'indexservicespecialconfig/submit', {
      title: '开学专题',
      description: '开学季常办业务',
      titleEn: 'Back to school',
      descriptionEn: 'What students do at the start of term',
      sort: 0,
      serviceIds: [b, a],
    });
    expect(added.status).toBe(1000);
    expect(added.result).toMatchObject({
      title: '开学专题',
      description: '开学季常办业务',
      sort: 0,
      enabled: true,
      serviceIds: [b, a],
    });
    const id = added.result.id as string;

    // Sort 0 puts it before the seeded ones: it is the featured special, its services in the chosen order.
    const featured = (await call('student01', 'homePage/getServiceSpecial')).result as Special;
    expect(featured).toMatchObject({
      id,
      title: '开学专题',
      description: '开学季常办业务',
      titleEn: 'Back to school',
      descriptionEn: 'What students do at the start of term',
      serviceIds: [b, a],
    });
    expect(featured.services.map((s) => s.serviceId)).toEqual([b, a]);

    // Re-ordered and given another service: the list is replaced, in the new order.
    await call('admin', 'indexservicespecialconfig/submit', { id, title: '开学专题', sort: 0, serviceIds: [c, a, b] });
    expect(
      ((await call('student01', 'homePage/getServiceSpecial')).result as Special).services.map((s) => s.serviceId),
    ).toEqual([c, a, b]);
    expect((await specialList()).find((s) => s.id === id)!.description).toBe('');

    // Disabled: kept for the administrator, gone from the home page.
    await call('admin', 'indexservicespecialconfig/submit', {
      id,
      title: '开学专题',
      sort: 0,
      enabled: false,
      serviceIds: [c, a, b],
    });
    expect((await specialList()).find((s) => s.id === id)).toMatchObject({ enabled: false, serviceIds: [c, a, b] });
    expect(((await call('student01', 'homePage/getServiceSpecial')).result as Special).title).toBe('迎新专题');
    expect(
      ((await call('student01', 'homePage/getServiceSpecialList')).result as Special[]).map((s) => s.id),
    ).not.toContain(id);

    // Without a sort a new special goes last; editing without a sort keeps its place.
    const last = await call('admin', 'indexservicespecialconfig/submit', { title: '末尾专题', serviceIds: [a] });
    expect((await specialList()).at(-1)!.id).toBe(last.result.id);
    await call('admin', 'indexservicespecialconfig/submit', {
      id: last.result.id,
      title: '末尾专题（改）',
      serviceIds: [a],
    });
    expect((await specialList()).at(-1)).toMatchObject({ id: last.result.id, title: '末尾专题（改）' });

    expect((await call('admin', 'indexservicespecialconfig/remove', { ids: [id, last.result.id] })).result.count).toBe(
      2,
    );
    expect((await specialList()).map((s) => s.title)).toEqual(['迎新专题', '毕业季专题', '财务报销专题']);
    const left = await t.db.db
      .selectFrom('wb_service_special_items')
      .where('special_id', 'in', [id, last.result.id])
      .select('service_id')
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses bad input with a clear message and 400, never 500, and writes nothing', async () => {
    const before = { holidays: await holidayList(), specials: await specialList() };
    const services = [...new Set(await studentServices())];
    const many = (
      (await call('admin', 'common/getServiceInfo', { size: 20 })).result as Array<{ serviceId: string }>
    ).map((s) => s.serviceId);
    expect(many.length).toBeGreaterThan(SERVICE_SPECIAL_SERVICES_MAX);
    const bad: Array<[string, object, string]> = [
      ['indexholidayconfig/submit', { date: day(5) }, WORKBENCH_MESSAGES.holidayNameRequired],
      ['indexholidayconfig/submit', { name: '   ', date: day(5) }, WORKBENCH_MESSAGES.holidayNameRequired],
      ['indexholidayconfig/submit', { name: '节'.repeat(21), date: day(5) }, WORKBENCH_MESSAGES.holidayNameTooLong],
      ['indexholidayconfig/submit', { name: '无日期' }, WORKBENCH_MESSAGES.holidayDateRequired],
      ['indexholidayconfig/submit', { name: '空日期', date: '' }, WORKBENCH_MESSAGES.holidayDateRequired],
      [
        'indexholidayconfig/submit',
        { name: '不存在的日子', date: '2027-02-30' },
        WORKBENCH_MESSAGES.holidayDateInvalid,
      ],
      ['indexholidayconfig/submit', { name: '明天', date: 'tomorrow' }, WORKBENCH_MESSAGES.holidayDateInvalid],
      ['indexholidayconfig/submit', { name: '数字日期', date: 20270101 }, WORKBENCH_MESSAGES.holidayDateRequired],
      [
        'indexholidayconfig/submit',
        { name: '倒序', date: day(5), endDate: day(4) },
        WORKBENCH_MESSAGES.holidayEndBeforeStart,
      ],
      [
        'indexholidayconfig/submit',
        { name: '坏结束日', date: day(5), endDate: '2027-13-01' },
        WORKBENCH_MESSAGES.holidayDateInvalid,
      ],
      [
        'indexholidayconfig/submit',
        { name: '长祝福', date: day(5), greeting: '快'.repeat(51) },
        WORKBENCH_MESSAGES.holidayGreetingTooLong,
      ],
      ['indexholidayconfig/remove', { ids: [] }, MESSAGES.badRequest],
      [
        'indexservicespecialconfig/submit',
        { serviceIds: services.slice(0, 1) },
        WORKBENCH_MESSAGES.specialTitleRequired,
      ],
      [
        'indexservicespecialconfig/submit',
        { title: ' ', serviceIds: services.slice(0, 1) },
        WORKBENCH_MESSAGES.specialTitleRequired,
      ],
      [
        'indexservicespecialconfig/submit',
        { title: '专'.repeat(31), serviceIds: services.slice(0, 1) },
        WORKBENCH_MESSAGES.specialTitleTooLong,
      ],
      [
        'indexservicespecialconfig/submit',
        { title: '简介太长', description: '长'.repeat(201), serviceIds: services.slice(0, 1) },
        WORKBENCH_MESSAGES.specialDescriptionTooLong,
      ],
      ['indexservicespecialconfig/submit', { title: '没有服务' }, WORKBENCH_MESSAGES.specialServicesRequired],
      [
        'indexservicespecialconfig/submit',
        { title: '空服务', serviceIds: [] },
        WORKBENCH_MESSAGES.specialServicesRequired,
      ],
      [
        'indexservicespecialconfig/submit',
        { title: '服务太多', serviceIds: many.slice(0, SERVICE_SPECIAL_SERVICES_MAX + 1) },
        WORKBENCH_MESSAGES.specialServicesTooMany,
      ],
      [
        'indexservicespecialconfig/submit',
        { title: '重复服务', serviceIds: [services[0], services[0]] },
        WORKBENCH_MESSAGES.specialServicesDuplicate,
      ],
      [
        'indexservicespecialconfig/submit',
        { title: '未知服务', serviceIds: [services[0], 'no-such-service'] },
        WORKBENCH_MESSAGES.specialServiceUnknown,
      ],
      [
        'indexservicespecialconfig/submit',
        { title: '坏图片', img: 'javascript:alert(1)', serviceIds: services.slice(0, 1) },
        WORKBENCH_MESSAGES.specialImageInvalid,
      ],
      [
        'indexservicespecialconfig/submit',
        { title: '坏排序', sort: -1, serviceIds: services.slice(0, 1) },
        WORKBENCH_MESSAGES.sortInvalid,
      ],
      [
        'indexservicespecialconfig/submit',
        { title: '小数排序', sort: 1.5, serviceIds: services.slice(0, 1) },
        WORKBENCH_MESSAGES.sortInvalid,
      ],
      [
        'indexservicespecialconfig/submit',
        { title: '坏启用', enabled: 'yes', serviceIds: services.slice(0, 1) },
        MESSAGES.badRequest,
      ],
    ];
    for (const [path, body, msg] of bad) {
      const res = await call('admin', path, body);
      expect(res.http, JSON.stringify(body)).toBe(400);
      expect(res.msg, JSON.stringify(body)).toBe(msg);
    }
    expect(
      await call('admin', 'indexholidayconfig/submit', { id: 'no-such-holiday', name: '不存在', date: day(5) }),
    ).toMatchObject({ http: 404, msg: WORKBENCH_MESSAGES.holidayNotFound });
    expect(
      await call('admin', 'indexservicespecialconfig/submit', {
        id: 'no-such-special',
        title: '不存在',
        serviceIds: services.slice(0, 1),
      }),
    ).toMatchObject({ http: 404, msg: WORKBENCH_MESSAGES.specialNotFound });
    expect(
      await call('admin', 'indexservicespecialconfig/remove', { ids: ['special-1', 'no-such-special'] }),
    ).toMatchObject({ http: 404, msg: WORKBENCH_MESSAGES.specialNotFound });
    expect({ holidays: await holidayList(), specials: await specialList() }).toEqual(before);
  });

  it('refuses every call to a user without homePageConfig', async () => {
    const [holiday] = await holidayList();
    const [special] = await specialList();
    const calls: Array<[string, object]> = [
      ['indexholidayconfig/list', {}],
      ['indexholidayconfig/submit', { name: '学生节', date: day(2) }],
      ['indexholidayconfig/remove', { ids: [holiday!.id] }],
      ['indexservicespecialconfig/list', {}],
      ['indexservicespecialconfig/submit', { id: special!.id, title: '学生改的', serviceIds: special!.serviceIds }],
      ['indexservicespecialconfig/remove', { ids: [special!.id] }],
    ];
    for (const who of ['student01', 'teacher01']) {
      for (const [path, body] of calls) {
        const res = await call(who, path, body);
        expect(res.http, `${who} ${path}`).toBe(403);
        expect(res.msg, `${who} ${path}`).toBe(MESSAGES.forbidden);
      }
    }
    expect(await holidayList()).toContainEqual(holiday);
    expect(await specialList()).toContainEqual(special);
  });

  it("keeps each tenant's holidays and specials to itself", async () => {
    const [holiday] = await holidayList();
    const [special] = await specialList();
    const services = [...new Set(await studentServices())];
    // Nothing of the demo tenant is visible to the other tenant's administrator …
    expect(await holidayList('other')).toEqual([]);
    expect(await specialList('other')).toEqual([]);
    expect((await call('other', 'homePage/getHoliday')).result).toEqual([]);
    expect((await call('other', 'homePage/getServiceSpecial')).result).toBeNull();
    // … nor can it be edited or deleted by its id (the same id in another tenant names another row) …
    expect(
      (await call('other', 'indexholidayconfig/submit', { id: holiday!.id, name: '他校改的', date: day(1) })).http,
    ).toBe(404);
    expect((await call('other', 'indexholidayconfig/remove', { ids: [holiday!.id] })).http).toBe(404);
    expect((await call('other', 'indexservicespecialconfig/remove', { ids: [special!.id] })).http).toBe(404);
    // … nor may a special of the other tenant hold the demo tenant's services.
    expect(
      await call('other', 'indexservicespecialconfig/submit', { title: '借用服务', serviceIds: services.slice(0, 1) }),
    ).toMatchObject({ http: 400, msg: WORKBENCH_MESSAGES.specialServiceUnknown });
    expect(await holidayList()).toContainEqual(holiday);
    expect(await specialList()).toContainEqual(special);

    // The other tenant's own holiday stays its own; a tenantId naming another tenant is refused.
    const own = await call('other', 'indexholidayconfig/submit', { name: '他校校庆', date: day(2) });
    expect(own.status).toBe(1000);
    expect((await holidayList('other')).map((h) => h.name)).toEqual(['他校校庆']);
    expect((await holidayList()).map((h) => h.name)).not.toContain('他校校庆');
    expect((await coming()).map((h) => h.name)).not.toContain('他校校庆');
    expect((await call('admin', 'indexholidayconfig/remove', { ids: [own.result.id] })).http).toBe(404);
    expect((await call('admin', 'indexholidayconfig/list', { tenantId: OTHER })).http).toBe(403);
  });

  it('saves a special and its services in one transaction: a failing service list leaves the special as it was', async () => {
    const repo = workbenchRepository(t.db.db);
    const [special] = await specialList();
    const now = new Date().toISOString();
    const row = {
      tenant_id: DEMO_TENANT_ID,
      id: 'special-tx',
      title: '半截专题',
      description: '',
      img: '',
      sort: 99,
      enabled: 1,
      created_at: now,
      updated_at: now,
    };
    // A service twice breaks the primary key of the service list after the special is written.
    await expect(repo.saveSpecial(row, ['svc-a', 'svc-a'], false)).rejects.toThrow();
    expect(await repo.special(DEMO_TENANT_ID, 'special-tx')).toBeUndefined();
    await expect(
      repo.saveSpecial({ ...row, id: special!.id, title: '改了一半' }, ['svc-a', 'svc-a'], true),
    ).rejects.toThrow();
    expect(await specialList()).toContainEqual(special);
  });
});

describe.each(testDatabases)(
  'migration 2026-11-23T15-40 (holidays and specials out of wb_settings) on %s',
  (engine) => {
    let db: DbHandle;
    beforeAll(async () => {
      db = await createTestDb(engine);
    });
    afterAll(async () => {
      await db?.close();
    });

    it('moves the seeded holidays and specials back to wb_settings and into their tables again, unchanged', async () => {
      const holidays = () =>
        db.db.selectFrom('wb_holidays').select(['tenant_id', 'name', 'date']).orderBy('date').execute();
      const specials = async () => {
        const rows = await db.db
          .selectFrom('wb_service_specials')
          .select(['tenant_id', 'id', 'title', 'sort'])
          .orderBy('sort')
          .execute();
        const items = await db.db
          .selectFrom('wb_service_special_items')
          .select(['special_id', 'service_id'])
          .orderBy('sort')
          .execute();
        return rows.map((r) => ({
          ...r,
          serviceIds: items.filter((x) => x.special_id === r.id).map((x) => x.service_id),
        }));
      };
      const before = { holidays: await holidays(), specials: await specials() };
      expect(before.holidays.map((h) => h.name)).toEqual(['元旦', '寒假']);
      expect(before.specials.every((s) => s.serviceIds.length > 0)).toBe(true);

      await homeMigration.down(db.db);
      const settings = await db.db
        .selectFrom('wb_settings')
        .where('tenant_id', '=', DEMO_TENANT_ID)
        .where('key', 'in', ['holidays', 'serviceSpecial'])
        .select(['key', 'value'])
        .orderBy('key')
        .execute();
      expect(settings.map((s) => s.key)).toEqual(['holidays', 'serviceSpecial']);
      expect(JSON.parse(settings[0]!.value)).toEqual(before.holidays.map((h) => ({ name: h.name, date: h.date })));

      await homeMigration.up(db.db);
      expect({ holidays: await holidays(), specials: await specials() }).toEqual(before);
      expect(
        await db.db
          .selectFrom('wb_settings')
          .where('key', 'in', ['holidays', 'serviceSpecial'])
          .select('key')
          .execute(),
      ).toEqual([]);
    });
  },
);
