import { AUDIT_MESSAGES, AUDIT_PATHS, type AuditEntry } from '@portal/contracts/audit';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/efficiency';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithAdmin, bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { directory } from '../auth/auth.directory.ts';

const O = '/api/online-service-platform';
const E = `${O}/efficiencyHomePage`;
const OTHER = '100047';

type Answer = { http: number; status: number; msg: string; result: any };
type HolidayItem = { id: string; name: string; date: string; endDate: string; greeting: string };
type SpecialItem = { id: string; title: string; description: string; enabled: boolean; serviceIds: string[] };

/**
 * The holidays, service specials and the tenant's time zone are configuration like the rest (outsider's test,
 * 2026-11-30): a change of any is recorded in the audit log (ADR 0030) with before and after, and can be reverted.
 */
describe.each(testDatabases)('holidays, service specials and the time zone in the audit log on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = async (who: string, path: string, payload: object = {}): Promise<Answer> => {
    const url = path.startsWith('/api/') ? path : `${O}${path}`;
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(tokens[who]!), payload });
    return { http: res.statusCode, ...res.json() };
  };
  const list = async (filter: object = {}): Promise<AuditEntry[]> => {
    const res = await call('admin', AUDIT_PATHS.list, { size: 100, ...filter });
    expect(res.status).toBe(1000);
    return res.result.records;
  };
  const entriesOf = async (entityId: string) => (await list()).filter((e) => e.entityId === entityId);
  const revert = (id: string, who = 'admin') => call(who, AUDIT_PATHS.revert, { id });
  const holidays = async () => (await call('admin', '/indexholidayconfig/list')).result as HolidayItem[];
  const specials = async () => (await call('admin', '/indexservicespecialconfig/list')).result as SpecialItem[];
  const blocks = async () => (await call('admin', `${E}/getReportConfig`)).result.blocks as Record<string, boolean>;
  const saveZone = async (timeZone: string) =>
    expect((await call('admin', `${E}/saveReportConfig`, { blocks: await blocks(), timeZone })).status).toBe(1000);
  /** Started per day of 2020-05-10..12, as the reports count them (from the day aggregates). */
  const started = async () =>
    (
      (
        await call('admin', `${E}/processTrending`, {
          startDate: '2020-05-10',
          endDate: '2020-05-12',
          granularity: 'day',
        })
      ).result.points as { period: string; started: number }[]
    ).map((p) => [p.period, p.started]);

  beforeAll(async () => {
    t = await createTestApp(engine);
    await addTenantWithAdmin(t.db.db, OTHER);
    for (const a of ['admin', 'student01']) tokens[a] = (await t.login(a)).access_token;
    tokens.other = (await t.login('admin', OTHER)).access_token;
    // Started 2020-05-10 23:00 UTC: 05-11 on Beijing's clock, 05-10 on UTC's.
    const at = '2020-05-10T23:00:00Z';
    const ingested = await call('admin', `${E}/ingestProcesses`, {
      processes: [
        {
          externalId: 'audit-tz',
          processName: '请假审批',
          title: '请假申请',
          deptName: '学生工作处',
          applicantId: 'u-1',
          applicantName: '张同学',
          startedAt: at,
          dueAt: '2020-07-01T00:00:00Z',
          nodes: [
            {
              nodeName: '辅导员审批',
              handlerId: 'u-2',
              handlerName: '王老师',
              arrivedAt: at,
              dueAt: at,
              handledAt: null,
            },
          ],
        },
      ],
    });
    expect(ingested.status).toBe(1000);
  });
  afterAll(async () => t?.close());

  it('records a holiday added, changed and deleted; a revert of the deletion brings it back', async () => {
    const added = await call('admin', '/indexholidayconfig/submit', {
      name: '国庆节',
      date: '2027-10-01',
      endDate: '2027-10-07',
      greeting: '国庆快乐',
    });
    expect(added.status).toBe(1000);
    const id = added.result.id as string;
    expect(
      (
        await call('admin', '/indexholidayconfig/submit', {
          id,
          name: '国庆节',
          date: '2027-10-01',
          endDate: '2027-10-08',
        })
      ).status,
    ).toBe(1000);
    expect((await call('admin', '/indexholidayconfig/remove', { ids: [id] })).status).toBe(1000);
    expect((await holidays()).some((h) => h.id === id)).toBe(false);

    const [deleted, updated, created] = await entriesOf(id);
    expect(created).toMatchObject({
      entityKind: 'holiday',
      action: 'create',
      summary: '节假日「国庆节」',
      before: null,
    });
    expect(created!.after).toMatchObject({ name: '国庆节', date: '2027-10-01', end_date: '2027-10-07' });
    expect(updated).toMatchObject({ entityKind: 'holiday', action: 'update', summary: '节假日「国庆节」' });
    expect(updated!.before).toMatchObject({ end_date: '2027-10-07', greeting: '国庆快乐' });
    expect(updated!.after).toMatchObject({ end_date: '2027-10-08', greeting: '' });
    expect(deleted).toMatchObject({ entityKind: 'holiday', action: 'delete', after: null, canRevert: true });
    expect(deleted!.before).toMatchObject({ name: '国庆节', end_date: '2027-10-08' });
    expect((await list({ entityKind: 'holiday' })).map((e) => e.id)).toEqual([deleted!.id, updated!.id, created!.id]);

    const back = await revert(deleted!.id);
    expect(back.status).toBe(1000);
    expect(back.result).toMatchObject({ action: 'revert', entityKind: 'holiday', summary: '撤销：节假日「国庆节」' });
    expect((await holidays()).find((h) => h.id === id)).toMatchObject({
      name: '国庆节',
      date: '2027-10-01',
      endDate: '2027-10-08',
      greeting: '',
    });
    // Exactly the row that was deleted: the revert's after is the deletion's before.
    expect(back.result.after).toEqual(deleted!.before);
  });

  it('reverts a holiday added (it goes) and a holiday changed (the old one comes back)', async () => {
    const added = await call('admin', '/indexholidayconfig/submit', { name: '劳动节', date: '2027-05-01' });
    const id = added.result.id as string;
    await call('admin', '/indexholidayconfig/submit', { id, name: '五一劳动节', date: '2027-05-01' });
    const [updated, created] = await entriesOf(id);
    expect(updated!.summary).toBe('节假日「五一劳动节」');
    expect((await revert(created!.id)).msg).toBe(AUDIT_MESSAGES.changedSince);
    expect((await revert(updated!.id)).status).toBe(1000);
    expect((await holidays()).find((h) => h.id === id)?.name).toBe('劳动节');
    const [, , again] = await entriesOf(id);
    expect(again!.id).toBe(created!.id);
    expect((await revert(created!.id)).status).toBe(1000);
    expect((await holidays()).some((h) => h.id === id)).toBe(false);
  });

  it('records a service special added, changed and deleted, with its services in order; reverts put it back', async () => {
    const [seeded] = await specials();
    const services = seeded!.serviceIds.slice(0, 2);
    expect(services.length).toBe(2);
    const added = await call('admin', '/indexservicespecialconfig/submit', {
      title: '审计专题',
      description: '一',
      serviceIds: services,
    });
    expect(added.status).toBe(1000);
    const id = added.result.id as string;
    const changed = await call('admin', '/indexservicespecialconfig/submit', {
      id,
      title: '审计专题（新）',
      description: '二',
      enabled: false,
      serviceIds: [...services].reverse(),
    });
    expect(changed.status).toBe(1000);
    const [updated, created] = await entriesOf(id);
    expect(created).toMatchObject({
      entityKind: 'special',
      action: 'create',
      summary: '服务专题「审计专题」',
      before: null,
    });
    expect(created!.after).toMatchObject({ title: '审计专题', enabled: 1, serviceIds: services });
    expect(updated).toMatchObject({ entityKind: 'special', action: 'update', summary: '服务专题「审计专题（新）」' });
    expect(updated!.before).toMatchObject({ title: '审计专题', description: '一', serviceIds: services });
    expect(updated!.after).toMatchObject({ title: '审计专题（新）', enabled: 0, serviceIds: [...services].reverse() });

    expect((await revert(updated!.id)).status).toBe(1000);
    expect((await specials()).find((s) => s.id === id)).toMatchObject({
      title: '审计专题',
      description: '一',
      enabled: true,
      serviceIds: services,
    });

    expect((await call('admin', '/indexservicespecialconfig/remove', { ids: [id] })).status).toBe(1000);
    const [deleted] = await entriesOf(id);
    expect(deleted).toMatchObject({ entityKind: 'special', action: 'delete', summary: '服务专题「审计专题」' });
    expect(deleted!.before).toMatchObject({ title: '审计专题', serviceIds: services });
    expect((await specials()).some((s) => s.id === id)).toBe(false);
    expect((await revert(deleted!.id)).status).toBe(1000);
    expect((await specials()).find((s) => s.id === id)).toMatchObject({ title: '审计专题', serviceIds: services });
  });

  it('records a time zone change; a revert puts the old zone back and counts the days in it again', async () => {
    expect(await directory.timeZone(t.db.db, DEMO_TENANT_ID)).toBe(DEFAULT_TIME_ZONE);
    expect(await started()).toEqual([
      ['2020-05-10', 0],
      ['2020-05-11', 1],
      ['2020-05-12', 0],
    ]);
    await saveZone('UTC');
    expect(await started()).toEqual([
      ['2020-05-10', 1],
      ['2020-05-11', 0],
      ['2020-05-12', 0],
    ]);
    // Saving the blocks alone, or the same zone again, changes no zone and records nothing.
    await saveZone('UTC');
    expect((await call('admin', `${E}/saveReportConfig`, { blocks: await blocks() })).status).toBe(1000);
    const [entry, ...more] = await list({ entityKind: 'timeZone' });
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      entityKind: 'timeZone',
      action: 'update',
      summary: '时区「UTC」',
      before: { timeZone: DEFAULT_TIME_ZONE },
      after: { timeZone: 'UTC' },
      canRevert: true,
    });

    const back = await revert(entry!.id);
    expect(back.status).toBe(1000);
    expect(back.result).toMatchObject({ summary: '撤销：时区「UTC」', after: { timeZone: DEFAULT_TIME_ZONE } });
    expect((await call('admin', `${E}/getReportConfig`)).result.timeZone).toBe(DEFAULT_TIME_ZONE);
    expect(await started()).toEqual([
      ['2020-05-10', 0],
      ['2020-05-11', 1],
      ['2020-05-12', 0],
    ]);
  });

  it('lets no student list or revert, and no administrator of another tenant revert', async () => {
    const added = await call('admin', '/indexholidayconfig/submit', { name: '端午节', date: '2027-06-09' });
    const [entry] = await entriesOf(added.result.id);
    expect((await call('student01', AUDIT_PATHS.list, { entityKind: 'holiday' })).http).toBe(403);
    expect((await revert(entry!.id, 'student01')).http).toBe(403);
    expect(await revert(entry!.id, 'other')).toMatchObject({ http: 404, msg: AUDIT_MESSAGES.notFound });
    // The other tenant's log holds none of these.
    const theirs = await call('other', AUDIT_PATHS.list, { size: 100 });
    expect(theirs.status).toBe(1000);
    expect((theirs.result.records as AuditEntry[]).filter((e) => e.id === entry!.id)).toEqual([]);
    expect((await holidays()).some((h) => h.id === added.result.id)).toBe(true);
  });
});
