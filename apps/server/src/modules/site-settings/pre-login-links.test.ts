import { AUDIT_PATHS } from '@portal/contracts/audit';
import { UNSAFE_LINK_MESSAGE } from '@portal/contracts/input';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createPeerTestApp, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';

const O = '/api/online-service-platform';
const P = '/api/blade-platform';
const C = '/api/comb-cygj';

/**
 * preLogin/links and preLogin/submitLinks (not in the spec): the pre-login page's header links, edited by an
 * administrator with their English. Two nodes on one database: the save is made on node B, and node A's landing
 * page, prepared before it, shows it on the next call.
 */
describe.each(testDatabases)("the landing page's header links on %s", (engine) => {
  let a: TestApp;
  let b: TestApp;
  const tokens: Record<string, string> = {};
  const call = async (account: string, url: string, payload: object = {}, node = b) => {
    const res = await node.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: any }) };
  };
  const links = async () => (await call('admin', `${O}/preLogin/links`)).result;
  const visitorSees = async (tenantId = DEMO_TENANT_ID) => {
    const res = await a.app.inject({ method: 'POST', url: `${C}/nobody/navigationBar/list`, payload: { tenantId } });
    return (res.json().result as Array<{ name: string; nameEn?: string; url: string }>).map(
      ({ name, nameEn, url }) => ({
        name,
        nameEn,
        url,
      }),
    );
  };

  let otherTenant = '';
  beforeAll(async () => {
    a = await createTestApp(engine);
    b = await createPeerTestApp(a);
    for (const account of ['admin', 'student01']) tokens[account] = (await a.login(account)).access_token;
    otherTenant = (await seedOtherTenant(a.db.db, '100006')).tenantId;
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('an administrator replaces the links in order with their English; a visitor on the other node sees them at once', async () => {
    const before = await links();
    expect(before.links.length).toBeGreaterThan(0);
    expect(await visitorSees()).toEqual(before.links.map((l: object) => ({ ...l })));
    const theirs = await visitorSees(otherTenant);

    const saved = await call('admin', `${O}/preLogin/submitLinks`, {
      links: [
        { name: ' 图书馆 ', nameEn: 'Library', url: 'https://lib.example.edu.cn' },
        { name: '校历', url: '/home/PersonalCenter' },
      ],
      version: before.version,
    });
    expect(saved).toMatchObject({ http: 200, status: 1000 });
    const expected = [
      { name: '图书馆', nameEn: 'Library', url: 'https://lib.example.edu.cn' },
      { name: '校历', nameEn: '', url: '/home/PersonalCenter' },
    ];
    expect(saved.result.links).toEqual(expected);
    expect(await visitorSees()).toEqual(expected);
    expect(await visitorSees(otherTenant)).toEqual(theirs);
    const index = (
      await a.app.inject({ method: 'POST', url: `${P}/nobody/index/index`, payload: { tenantId: DEMO_TENANT_ID } })
    ).json().result;
    expect(index.navigationBars.map((l: { name: string }) => l.name)).toEqual(['图书馆', '校历']);

    // On 配置变更记录 under the pre-login page, and reverted from there.
    const [entry] = (await call('admin', `${O}${AUDIT_PATHS.list}`, { size: 5, entityKind: 'preLogin' })).result
      .records;
    expect(entry).toMatchObject({
      summary: '登录前首页页头链接',
      action: 'update',
      before: { headerLinks: before.links },
      after: { headerLinks: expected },
    });
    expect((await call('admin', `${O}${AUDIT_PATHS.revert}`, { id: entry.id })).status).toBe(1000);
    expect((await links()).links).toEqual(before.links);
    expect(await visitorSees()).toEqual(before.links);
  });

  it('refuses a save over a change made since it was read, a link that is not http(s) or a path of this site, and a link without a name, changing nothing', async () => {
    const first = await links();
    const one = [{ name: '门户', url: '/' }];
    expect((await call('admin', `${O}/preLogin/submitLinks`, { links: one, version: first.version })).status).toBe(
      1000,
    );
    expect(await call('admin', `${O}/preLogin/submitLinks`, { links: [], version: first.version })).toMatchObject({
      http: 409,
      msg: WORKBENCH_MESSAGES.changedMeanwhile,
    });
    const now = await links();
    expect(now.links).toEqual([{ name: '门户', nameEn: '', url: '/' }]);
    for (const [link, msg] of [
      [{ name: '坏', url: 'javascript:alert(1)' }, UNSAFE_LINK_MESSAGE],
      [{ name: '  ', url: '/' }, WORKBENCH_MESSAGES.linkNameRequired],
      [{ name: '空', url: '' }, WORKBENCH_MESSAGES.linkRequired],
    ] as const)
      expect(await call('admin', `${O}/preLogin/submitLinks`, { links: [...one, link] })).toMatchObject({
        http: 400,
        msg,
      });
    expect((await call('admin', `${O}/preLogin/submitLinks`, { links: Array(21).fill(one[0]) })).http).toBe(400);
    expect(await links()).toEqual(now);
  });

  it('is not for a student, nor for a visitor', async () => {
    expect((await call('student01', `${O}/preLogin/links`)).http).toBe(403);
    expect((await call('student01', `${O}/preLogin/submitLinks`, { links: [] })).http).toBe(403);
    const anon = await b.app.inject({ method: 'POST', url: `${O}/preLogin/submitLinks`, payload: { links: [] } });
    expect(anon.statusCode).toBe(401);
    expect((await links()).links.length).toBe(1);
  });
});
