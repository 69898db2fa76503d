import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { ExternalAnswerCache } from './cards.external-cache.ts';
import { totalOf } from './cards.fetch.ts';

const O = '/api/online-service-platform';

/**
 * Issue 16, 待我处理: an external data-source column showed 0 whatever the source held, and the source was asked
 * without the user, so every user saw the same list. Now the source is asked with the user's identity as the portal's
 * clients send it (section 7: `_account` and `_userName` on a GET, `_account` and `_nickName` in a POST body), the
 * column counts the source's total, and a user's answer is kept 30 s for their home page.
 */
describe('external answers: total and cache', () => {
  it('takes the total nearest the list, else the whole list length, never less than the rows', () => {
    expect(totalOf({ result: { total: 120, records: [{}, {}] } }, '', 2)).toBe(120);
    expect(totalOf({ total: 9, data: { count: 4, list: [{}] } }, '', 1)).toBe(4);
    expect(totalOf({ page: { totalCount: 33, rows: [{}] } }, 'page.rows', 1)).toBe(33);
    expect(totalOf({ result: [{}, {}, {}] }, '', 3)).toBe(3);
    expect(totalOf({ total: 'many', result: [{}] }, '', 1)).toBe(1);
    expect(totalOf({ total: 1, result: [{}, {}] }, '', 2)).toBe(2);
  });

  it('keeps an answer for its time to live, then asks again; the oldest entries go when full', () => {
    let now = 0;
    const cache = new ExternalAnswerCache(30_000, () => now);
    cache.set('a', { rows: [], total: 1, timeout: 0 });
    now = 29_999;
    expect(cache.get('a')?.total).toBe(1);
    now = 30_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe.each(testDatabases)('external data-source columns on %s', (engine) => {
  let t: TestApp;
  let external: Server;
  let base = '';
  const tokens: Record<string, string> = {};
  const asked: { method: string; query: URLSearchParams; body: Record<string, unknown> }[] = [];
  const call = async (who: string, path: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url: `${O}/${path}`, headers: bearer(tokens[who]!), payload });
    return { http: res.statusCode, ...res.json() };
  };
  const readBody = async (req: IncomingMessage) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
    // A workflow engine's to-do list: each account has its own, 50 a page with the total beside it.
    external = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = req.method === 'POST' ? await readBody(req) : {};
      asked.push({ method: req.method ?? '', query: url.searchParams, body });
      const account = String(url.searchParams.get('_account') ?? body._account ?? '');
      const total = account === 'student01' ? 120 : account === 'teacher01' ? 2 : 0;
      const records = Array.from({ length: Math.min(total, 60) }, (_, i) => ({
        title: `${account} 的待办 ${i + 1}`,
        timeout: i < 3,
      }));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 200, data: { total, records } }));
    });
    await new Promise<void>((r) => external.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(external.address() as AddressInfo).port}`;
    expect((await call('admin', 'commonTool/urlAllowlist', { hosts: ['127.0.0.1'] })).status).toBe(1000);
  });
  afterAll(async () => {
    if (external) {
      external.closeAllConnections();
      await new Promise((r) => external.close(r));
    }
    await t?.close();
  });

  /** A published 待我处理 card granted to teachers and students, with one column on the given source. */
  let made = 0;
  async function waitHandleCard(method: 'GET' | 'POST', requestParams: object[] = []) {
    const api = await call('admin', 'cardcolumnconfig/submitApi', {
      apiName: `流程待办 ${method}`,
      url: `${base}/todo`,
      method,
      requestParams,
    });
    expect(api.status).toBe(1000);
    const card = await call('admin', 'cardbasicconfig/submit', {
      cardType: 'waitHandle',
      // A tenant's cards have distinct names.
      basicConfig: { cardName: `外部待办 ${method} ${++made}`, displayRows: 1 },
    });
    expect(card.status).toBe(1000);
    const column = await call('admin', 'cardcolumnconfig/submit', {
      cardId: card.result.id,
      columnName: '流程待办',
      dataSource: 'external',
      apiId: api.result.id,
      todoTypeName: '待办',
      todoTimeoutName: '超时',
    });
    expect(column.status).toBe(1000);
    await call('admin', 'indextypeconfig/authConfig', {
      cardId: card.result.id,
      roleIds: ['000000-teacher', '000000-student'],
    });
    expect((await call('admin', 'indexcardconfig/submit', { id: card.result.id })).status).toBe(1000);
    return { cardId: card.result.id as string, columnId: column.result.id as string };
  }
  const columnOf = async (who: string, cardId: string) =>
    (await call(who, 'cardcolumnconfig/getConfig', { cardId })).result.list[0];

  it("counts what the source holds for each user and shows each user their own list (GET, the user's identity in the query)", async () => {
    const { cardId } = await waitHandleCard('GET', [{ name: 'state', value: 'open', paramType: 'string' }]);
    asked.length = 0;
    const student = await columnOf('student01', cardId);
    expect(student).toMatchObject({ todoNum: 120, num: 120, todoTimeoutNum: 3 });
    expect(student.error).toBeUndefined();
    expect(student.result).toHaveLength(50);
    expect(student.result[0].title).toBe('student01 的待办 1');
    const teacher = await columnOf('teacher01', cardId);
    expect(teacher).toMatchObject({ todoNum: 2, num: 2 });
    expect(teacher.result.map((r: { title: string }) => r.title)).toEqual(['teacher01 的待办 1', 'teacher01 的待办 2']);
    expect(asked.map((a) => [a.query.get('_account'), a.query.get('_userName'), a.query.get('state')])).toEqual([
      ['student01', '张同学', 'open'],
      ['teacher01', '李老师', 'open'],
    ]);
    expect(asked.every((a) => /^\d+$/.test(a.query.get('_t') ?? ''))).toBe(true);
  });

  it("asks a POST source with the user's account and nick name in the body, which a configured parameter cannot replace", async () => {
    const { cardId } = await waitHandleCard('POST', [{ name: '_account', value: 'admin', paramType: 'string' }]);
    asked.length = 0;
    expect(await columnOf('student01', cardId)).toMatchObject({ todoNum: 120 });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({ _account: 'student01', _nickName: '张小华' });
  });

  it("keeps a user's answer briefly for their home page, never another user's; the preview always asks", async () => {
    const { cardId } = await waitHandleCard('GET');
    asked.length = 0;
    await columnOf('student01', cardId);
    await columnOf('student01', cardId);
    expect(asked).toHaveLength(1);
    await columnOf('teacher01', cardId);
    expect(asked).toHaveLength(2);
    await call('admin', 'cardcolumnconfig/preview', { cardId });
    await call('admin', 'cardcolumnconfig/preview', { cardId });
    expect(asked).toHaveLength(4);
    // A host taken off the allow-list is refused at once, cached answer or not.
    await call('admin', 'commonTool/urlAllowlist', { hosts: [] });
    const refused = await columnOf('student01', cardId);
    expect(refused).toMatchObject({ todoNum: 0, result: [] });
    expect(refused.error).toBeTruthy();
    await call('admin', 'commonTool/urlAllowlist', { hosts: ['127.0.0.1'] });
  });

  it('raises the to-do reminder of an external column from its real count', async () => {
    const { cardId, columnId } = await waitHandleCard('GET');
    expect(
      (
        await call('admin', 'cardcolumnconfig/saveTodoNumRemind', {
          columnId,
          field: 'todoNum',
          threshold: 100,
          enabled: true,
        })
      ).status,
    ).toBe(1000);
    expect((await columnOf('student01', cardId)).remind).toBe(true);
    expect((await columnOf('teacher01', cardId)).remind).toBe(false);
  });
});
