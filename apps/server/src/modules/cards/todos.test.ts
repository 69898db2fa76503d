import { TODO_INGEST_TEXTS } from '@portal/contracts/todo-ingest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CARD_IDS, DEMO_FLOW_TYPES } from '../../db/seed/workbench.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';

const O = '/api/online-service-platform';
const OTHER = '100032';
const LEAVE = DEMO_FLOW_TYPES[0];

describe.each(testDatabases)('a workflow engine feeds to-dos on %s (issue 16)', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const post = async (account: string | null, path: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${O}${path}`,
      headers: account ? bearer(tokens[account]!) : {},
      payload,
    });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: any }) };
  };
  const ingest = (account: string | null, todos: object[]) => post(account, '/todo/ingestTodos', { todos });
  /** The student's 待我处理 count of leave approvals, and the titles the 待办 column lists. */
  const studentLeave = async () => {
    const card = (await post('student01', '/cardcolumnconfig/getConfig', { cardId: DEMO_CARD_IDS.waitHandle })).result;
    const col = card.list.find((c: { columnName: string }) => c.columnName === LEAVE);
    return { count: col.todoNum as number, late: col.todoTimeoutNum as number };
  };
  const todo = (externalId: string, extra: object = {}) => ({
    externalId,
    account: 'student01',
    title: `学生会请假审批 ${externalId}`,
    flowType: LEAVE,
    createdAt: '2026-11-23T09:00:00+08:00',
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedOtherTenant(t.db.db, OTHER);
    for (const a of ['admin', 'student01']) tokens[a] = (await t.login(a)).access_token;
    tokens.otherStudent = (await t.login('student01', OTHER)).access_token;
  });
  afterAll(async () => t?.close());

  it("writes named users' to-dos that their cards count, replaces them by the engine's id and forgets removed ones", async () => {
    expect(await studentLeave()).toEqual({ count: 0, late: 0 });
    const first = await ingest('admin', [todo('wf-1'), todo('wf-2', { timeout: true })]);
    expect([first.http, first.result]).toEqual([200, { received: 2, inserted: 2, updated: 0, removed: 0 }]);
    expect(await studentLeave()).toEqual({ count: 2, late: 1 });
    const rows = await t.db.db
      .selectFrom('wb_todos')
      .where('title', 'like', '学生会请假审批%')
      .select(['kind', 'created_at'])
      .execute();
    expect(rows.map((r) => r.created_at)).toEqual(['2026-11-23T01:00:00.000Z', '2026-11-23T01:00:00.000Z']);

    // Sent again: the same two, not four.
    expect((await ingest('admin', [todo('wf-1'), todo('wf-2', { timeout: true })])).result).toMatchObject({
      inserted: 0,
      updated: 2,
    });
    expect(await studentLeave()).toEqual({ count: 2, late: 1 });

    // Handled: wf-1 moves to 已办; withdrawn: wf-2 is forgotten.
    const later = await ingest('admin', [todo('wf-1', { kind: 'done' }), todo('wf-2', { removed: true })]);
    expect(later.result).toEqual({ received: 2, inserted: 0, updated: 1, removed: 1 });
    expect(await studentLeave()).toEqual({ count: 0, late: 0 });
    const done = await t.db.db
      .selectFrom('wb_todos')
      .where('title', '=', '学生会请假审批 wf-1')
      .select('kind')
      .execute();
    expect(done).toEqual([{ kind: 'done' }]);
    await ingest('admin', [todo('wf-1', { removed: true })]);
  });

  it('refuses a batch with an unknown account or a repeated id whole, and callers without the cards menu', async () => {
    const unknown = await ingest('admin', [todo('wf-3'), todo('wf-4', { account: 'nobody-here' })]);
    expect([unknown.http, unknown.msg]).toEqual([400, `第2条（wf-4）：${TODO_INGEST_TEXTS.noAccount[0]}`]);
    const twice = await ingest('admin', [todo('wf-3'), todo('wf-3')]);
    expect([twice.http, twice.msg]).toEqual([400, TODO_INGEST_TEXTS.duplicateExternalId[0]]);
    expect(await studentLeave()).toEqual({ count: 0, late: 0 });

    expect((await ingest('student01', [todo('wf-5')])).http).toBe(403);
    expect((await ingest(null, [todo('wf-5')])).http).toBe(401);
    expect((await ingest('otherStudent', [todo('wf-5')])).http).toBe(403);
    for (const bad of [
      [],
      [todo('wf 6')],
      [todo('wf-6', { createdAt: '昨天' })],
      [todo('wf-6', { kind: 'urgent' })],
      [todo('wf-6', { title: ' ' })],
      [todo('wf-6', { title: 'a\u0000b' })],
      Array.from({ length: 501 }, (_, i) => todo(`wf-x${i}`)),
    ])
      expect((await ingest('admin', bad)).http).toBe(400);
    expect(await studentLeave()).toEqual({ count: 0, late: 0 });
  });
});
