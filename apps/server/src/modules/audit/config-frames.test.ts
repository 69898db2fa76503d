import { AUDIT_PATHS, type AuditEntry } from '@portal/contracts/audit';
import type { ServerFrame } from '@portal/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type OwnRedis } from '../../test/redis-server.ts';
import { bearer, createPeerTestApp, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant, TestChatClient } from '../chat/chat-test-client.ts';

const O = '/api/online-service-platform';
const OTHER = '100046';
const isConfig = (f: ServerFrame) => f.kind === 'config';

/**
 * A configuration change reaches signed-in pages (outsider's tour, 2026-11-30): an administrator's saved navigation
 * item, tool or card, and a revert from the change log, send every socket of the tenant a `config` frame after the
 * change is committed, on every node; another tenant's sockets get nothing.
 */
describe.each(testDatabases)('configuration changes told to signed-in pages on %s', (engine) => {
  let redis: OwnRedis;
  let t: TestApp;
  let peer: TestApp;
  const clients: TestChatClient[] = [];
  const tokens: Record<string, string> = {};
  const call = async (path: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url: `${O}${path}`, headers: bearer(tokens.admin!), payload });
    return res.json() as { status: number; result: any };
  };
  const connect = async (app: TestApp, token: string) => {
    const c = await TestChatClient.connect(app.app, { token });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    redis = await startRedis();
    t = await createTestApp(engine, { redisUrl: redis.url });
    peer = await createPeerTestApp(t);
    for (const app of [t, peer]) await app.app.listen({ host: '127.0.0.1', port: 0 });
    for (const a of ['admin', 'student01', 'teacher01']) tokens[a] = (await t.login(a)).access_token;
    const other = await seedOtherTenant(t.db.db, OTHER);
    tokens.other = (await t.login(other.account, other.tenantId)).access_token;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await peer?.close();
    await t?.close();
    await redis?.stop();
  });

  it('tells every signed-in page of the tenant, on both nodes, after a save and after a revert; not another tenant', async () => {
    const student = await connect(t, tokens.student01!);
    const teacherOnPeer = await connect(peer, tokens.teacher01!);
    const outsider = await connect(t, tokens.other!);

    const nav = await call('/indexnavigationconfig/submit', {
      navigationName: '图书馆资源',
      configPath: 'https://lib.demo.edu.cn',
      isAuto: 1,
    });
    expect(nav.status).toBe(1000);
    expect(await student.next(isConfig)).toEqual({ kind: 'config', kinds: ['navigation'] });
    expect(await teacherOnPeer.next(isConfig)).toEqual({ kind: 'config', kinds: ['navigation'] });

    const entries = (await call(AUDIT_PATHS.list, { size: 10, entityKind: 'navigation' })).result
      .records as AuditEntry[];
    expect((await call(AUDIT_PATHS.revert, { id: entries[0]!.id })).status).toBe(1000);
    expect(await student.next(isConfig)).toEqual({ kind: 'config', kinds: ['navigation'] });
    expect(await teacherOnPeer.next(isConfig)).toEqual({ kind: 'config', kinds: ['navigation'] });

    // The other tenant's page heard nothing of either: a ping's answer comes after anything sent before it.
    await outsider.roundTrip();
    expect(outsider.frames.filter(isConfig)).toEqual([]);
  });

  it('tells them after a holiday, a service special or the time zone is saved, and after such a revert', async () => {
    const student = await connect(t, tokens.student01!);
    const holiday = await call('/indexholidayconfig/submit', { name: '中秋节', date: '2027-09-15' });
    expect(holiday.status).toBe(1000);
    expect(await student.next(isConfig)).toEqual({ kind: 'config', kinds: ['holiday'] });
    expect((await call('/indexholidayconfig/remove', { ids: [holiday.result.id] })).status).toBe(1000);
    expect(await student.next(isConfig)).toEqual({ kind: 'config', kinds: ['holiday'] });

    const [seeded] = (await call('/indexservicespecialconfig/list')).result as { serviceIds: string[] }[];
    const special = await call('/indexservicespecialconfig/submit', {
      title: '通知专题',
      serviceIds: seeded!.serviceIds,
    });
    expect(special.status).toBe(1000);
    expect(await student.next(isConfig)).toEqual({ kind: 'config', kinds: ['special'] });

    const E = '/efficiencyHomePage';
    const { blocks } = (await call(`${E}/getReportConfig`)).result;
    expect((await call(`${E}/saveReportConfig`, { blocks, timeZone: 'Asia/Tokyo' })).status).toBe(1000);
    expect(await student.next(isConfig)).toEqual({ kind: 'config', kinds: ['timeZone'] });
    const [zone] = (await call(AUDIT_PATHS.list, { size: 10, entityKind: 'timeZone' })).result.records as AuditEntry[];
    expect((await call(AUDIT_PATHS.revert, { id: zone!.id })).status).toBe(1000);
    expect(await student.next(isConfig)).toEqual({ kind: 'config', kinds: ['timeZone'] });
  });

  it('says nothing for a refused save', async () => {
    const student = await connect(t, tokens.student01!);
    const refused = await call('/indexnavigationconfig/submit', { navigationName: ' ', configPath: 'x', isAuto: 1 });
    expect(refused.status).not.toBe(1000);
    await student.roundTrip();
    expect(student.frames.filter(isConfig)).toEqual([]);
  });
});
