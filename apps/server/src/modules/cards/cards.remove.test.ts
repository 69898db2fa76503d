import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';

const O = '/api/online-service-platform';
const OTHER = '100033';

describe.each(testDatabases)('administrators delete data sources, tools and cards on %s (issue 16)', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = async (who: string | null, path: string, payload: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${O}/${path}`,
      headers: who ? bearer(tokens[who]!) : {},
      payload,
    });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: any }) };
  };
  const api = (id: string, tenantId = DEMO_TENANT_ID) =>
    t.db.db
      .insertInto('wb_external_apis')
      .values({
        id,
        tenant_id: tenantId,
        api_name: `外部待办${id}`,
        url: 'https://oa.demo.edu.cn/todo',
        method: 'GET',
        list_path: '',
        request_params: '[]',
        return_params: '[]',
      })
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedOtherTenant(t.db.db, OTHER);
    for (const a of ['admin', 'student01']) tokens[a] = (await t.login(a)).access_token;
  });
  afterAll(async () => t?.close());

  it('refuses to delete a data source a column reads, naming the column, and deletes it once nothing does', async () => {
    await api('api-used');
    const card = await call('admin', 'cardbasicconfig/submit', {
      cardType: 'todoTable',
      basicConfig: { cardName: 'OA待办卡', displayRows: 1 },
    });
    const col = await call('admin', 'cardcolumnconfig/submit', {
      cardId: card.result.id,
      columnName: 'OA待办',
      dataSource: 'external',
      apiId: 'api-used',
      cardMapping: [],
    });
    expect(col.http).toBe(200);
    const refused = await call('admin', 'cardcolumnconfig/removeApi', { id: 'api-used' });
    expect([refused.http, refused.msg]).toEqual([409, `${WORKBENCH_MESSAGES.apiInUse}「OA待办卡」的栏目「OA待办」`]);
    expect((await call('admin', 'cardcolumnconfig/getApiList')).result.map((a: { id: string }) => a.id)).toContain(
      'api-used',
    );

    await call('admin', 'cardcolumnconfig/remove', { ids: [col.result.id] });
    const removed = await call('admin', 'cardcolumnconfig/removeApi', { id: 'api-used' });
    expect([removed.http, removed.result]).toEqual([200, { removed: true }]);
    expect((await call('admin', 'cardcolumnconfig/getApiList')).result.map((a: { id: string }) => a.id)).not.toContain(
      'api-used',
    );
    expect((await call('admin', 'cardcolumnconfig/removeApi', { id: 'api-used' })).http).toBe(404);
  });

  it('deletes a tool, which leaves the tools list; a card on a home tab leaves the tab with it', async () => {
    const tool = await call('admin', 'commonTool/save', {
      tools_name: '将删除的工具',
      tools_url: 'https://tool.demo.edu.cn',
      tools_type: '常用工具',
    });
    const removed = await call('admin', 'commonTool/remove', { id: tool.result.id });
    expect([removed.http, removed.result]).toEqual([200, { removed: true }]);
    const tools = await t.app.inject({
      method: 'POST',
      url: `${O}/nobody/preLogin/commonTool?tenantId=${DEMO_TENANT_ID}`,
    });
    expect(JSON.stringify(tools.json().result)).not.toContain('将删除的工具');
    expect((await call('admin', 'commonTool/remove', { id: tool.result.id })).http).toBe(404);

    // A published card placed on a home tab: deleting it takes it off the tab; the home page still opens.
    const card = await call('admin', 'cardbasicconfig/submit', {
      cardType: 'commonTools',
      basicConfig: { cardName: '将删除的卡片', displayRows: 1 },
    });
    const type = (await call('admin', 'indextypeconfig/list')).result[0];
    await call('admin', 'indextypeconfig/submitCard', {
      typeId: type.id,
      cardIds: [...type.cardConfigs.map((c: { id: string }) => c.id), card.result.id],
    });
    await call('admin', 'indextypeconfig/authConfig', { cardId: card.result.id, roleIds: ['000000-student'] });
    await call('admin', 'indexcardconfig/submit', { id: card.result.id });
    const before = await call('student01', 'indexcardconfig/list');
    expect(JSON.stringify(before.result)).toContain(card.result.id);
    expect((await call('admin', 'indexcardconfig/remove', { ids: [card.result.id] })).result.count).toBe(1);
    const after = await call('student01', 'indexcardconfig/list');
    expect(after.http).toBe(200);
    expect(JSON.stringify(after.result)).not.toContain(card.result.id);
  });

  it("refuses students, visitors and another tenant's items", async () => {
    await api('api-other', OTHER);
    expect((await call('admin', 'cardcolumnconfig/removeApi', { id: 'api-other' })).http).toBe(404);
    expect((await call('student01', 'cardcolumnconfig/removeApi', { id: 'api-other' })).http).toBe(403);
    expect((await call(null, 'commonTool/remove', { id: 'x' })).http).toBe(401);
    expect((await call('student01', 'commonTool/remove', { id: 'x' })).http).toBe(403);
    expect((await call('admin', 'commonTool/remove', {})).http).toBe(400);
  });
});
