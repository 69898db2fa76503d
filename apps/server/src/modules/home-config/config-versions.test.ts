import { STATUS_CONFLICT } from '@portal/contracts/errors';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

const O = '/api/online-service-platform';

type Answer = { http: number; status: number; msg: string; result: any };

/**
 * ADR 0075: two administrators editing one item. A save that names the version it read is refused (409
 * changedMeanwhile, nothing written) when the item changed since; a save without it still wins as before.
 */
describe.each(testDatabases)('configuration saves with the version they read, on %s', (engine) => {
  let t: TestApp;
  let token = '';
  const call = async (path: string, payload: object = {}): Promise<Answer> => {
    const res = await t.app.inject({ method: 'POST', url: `${O}/${path}`, headers: bearer(token), payload });
    return { http: res.statusCode, ...(res.json() as Omit<Answer, 'http'>) };
  };
  const refused = (a: Answer) => {
    expect(a.http).toBe(STATUS_CONFLICT);
    expect(a.msg).toBe(WORKBENCH_MESSAGES.changedMeanwhile);
  };
  const done = (a: Answer) => expect(a.status, a.msg).toBe(1000);

  beforeAll(async () => {
    t = await createTestApp(engine);
    token = (await t.login('admin')).access_token;
  });
  afterAll(async () => t?.close());

  it('a card (cardbasicconfig/submit)', async () => {
    const card = (await call('cardbusinessconfig/list')).result[0];
    const opened = (await call('cardbasicconfig/detail', { id: card.id })).result;
    expect(opened.version).toEqual(expect.any(String));
    const body = (name: string, version?: string) => ({
      id: opened.id,
      cardType: opened.cardType,
      basicConfig: { ...opened.basicConfig, cardName: name },
      dataSource: opened.dataSource,
      typeList: opened.typeList,
      currentStatusBackgroundColor: opened.currentStatusBackgroundColor,
      otherInformationList: opened.otherInformationList,
      serviceIds: opened.serviceIds,
      ...(version === undefined ? {} : { version }),
    });
    // The other administrator saves first, with the version both read.
    done(await call('cardbasicconfig/submit', body('先保存的名称', opened.version)));
    // This one's save, read at the same version, is refused and writes nothing.
    refused(await call('cardbasicconfig/submit', body('后保存的名称', opened.version)));
    const row = await t.db.db.selectFrom('wb_cards').where('id', '=', opened.id).select('card_name').executeTakeFirst();
    expect(row?.card_name).toBe('先保存的名称');
    // Read again, it saves; a save without a version saves whatever changed (the spec's callers, old clients).
    const now = (await call('cardbasicconfig/detail', { id: card.id })).result;
    const saved = await call('cardbasicconfig/submit', body('重新读取后保存', now.version));
    done(saved);
    expect(saved.result.version).not.toBe(now.version);
    done(await call('cardbasicconfig/submit', body('不带版本保存')));
    expect((await call('cardbasicconfig/detail', { id: card.id })).result.basicConfig.cardName).toBe('不带版本保存');
  });

  it('a column (cardcolumnconfig/submit)', async () => {
    const card = (await call('cardbusinessconfig/list')).result[0];
    const col = (await call('cardcolumnconfig/list', { cardId: card.id })).result[0];
    expect(col.version).toEqual(expect.any(String));
    expect((await call('cardcolumnconfig/detail', { id: col.id })).result.version).toBe(col.version);
    const body = (name: string, version?: string) => ({
      id: col.id,
      cardId: col.cardId,
      columnName: name,
      dataSource: col.dataSource,
      apiId: col.apiId,
      category: col.category,
      todoTypeName: col.todoTypeName,
      todoTimeoutName: col.todoTimeoutName,
      cardMapping: col.cardMapping,
      ...(version === undefined ? {} : { version }),
    });
    done(await call('cardcolumnconfig/submit', body('栏目甲', col.version)));
    refused(await call('cardcolumnconfig/submit', body('栏目乙', col.version)));
    expect((await call('cardcolumnconfig/detail', { id: col.id })).result.columnName).toBe('栏目甲');
    done(await call('cardcolumnconfig/submit', body('栏目丙')));
    expect((await call('cardcolumnconfig/detail', { id: col.id })).result.columnName).toBe('栏目丙');
  });

  it('a common tool (commonTool/save)', async () => {
    const tools = async () => (await call('nobody/preLogin/commonTool', { tenantId: DEMO_TENANT_ID })).result;
    const tool = (await tools())[0];
    expect(tool.version).toEqual(expect.any(String));
    const body = (name: string, version?: string) => ({
      id: tool.id,
      tools_name: name,
      tools_icon: tool.tools_icon,
      tools_url: tool.tools_url,
      tools_type: tool.tools_type,
      ...(version === undefined ? {} : { version }),
    });
    done(await call('commonTool/save', body('工具甲', tool.version)));
    refused(await call('commonTool/save', body('工具乙', tool.version)));
    expect((await tools()).find((x: { id: string }) => x.id === tool.id).tools_name).toBe('工具甲');
    done(await call('commonTool/save', body('工具丙')));
    expect((await tools()).find((x: { id: string }) => x.id === tool.id).tools_name).toBe('工具丙');
  });

  it('a navigation item (indexnavigationconfig/submit)', async () => {
    const list = async () => (await call('indexnavigationconfig/list')).result as any[];
    const item = (await list())[0];
    expect(item.version).toEqual(expect.any(String));
    const body = (name: string, version?: string) => ({
      id: item.id,
      navigationName: name,
      navigationType: item.navigationType,
      isAuto: item.isAuto,
      configPath: item.configPath,
      embedded: item.embedded,
      ...(version === undefined ? {} : { version }),
    });
    done(await call('indexnavigationconfig/submit', body('导航甲', item.version)));
    refused(await call('indexnavigationconfig/submit', body('导航乙', item.version)));
    expect((await list()).find((x) => x.id === item.id).navigationName).toBe('导航甲');
    done(await call('indexnavigationconfig/submit', body('导航丙')));
    expect((await list()).find((x) => x.id === item.id).navigationName).toBe('导航丙');
  });

  it('a home tab (indextypeconfig/submit)', async () => {
    const list = async () => (await call('indextypeconfig/list')).result as any[];
    const tab = (await list())[0];
    expect(tab.version).toEqual(expect.any(String));
    const body = (name: string, version?: string) => ({
      id: tab.id,
      typeName: name,
      layout: tab.layout,
      ...(version === undefined ? {} : { version }),
    });
    done(await call('indextypeconfig/submit', body('页签甲', tab.version)));
    refused(await call('indextypeconfig/submit', body('页签乙', tab.version)));
    expect((await list()).find((x) => x.id === tab.id).typeName).toBe('页签甲');
    done(await call('indextypeconfig/submit', body('页签丙')));
    expect((await list()).find((x) => x.id === tab.id).typeName).toBe('页签丙');
  });

  it("a tab's card list (indextypeconfig/submitCard) keeps a card another administrator put on it", async () => {
    const tabOf = async (id?: string) => {
      const tabs = (await call('indextypeconfig/list')).result as any[];
      return id ? tabs.find((x) => x.id === id) : tabs[0];
    };
    const loaded = await tabOf();
    expect(loaded.cardsVersion).toEqual(expect.any(String));
    const loadedIds = loaded.cardConfigs.map((c: { id: string }) => c.id);
    // Another administrator makes a card, which the server puts last on this tab.
    const made = await call('cardbasicconfig/create', {
      cardType: 'commonTools',
      basicConfig: { cardName: '他人新建的卡片', displayRows: 1 },
      placement: { typeId: loaded.id },
    });
    done(made);
    const newId = made.result.card.id as string;
    expect((await tabOf(loaded.id)).cardConfigs.map((c: { id: string }) => c.id)).toContain(newId);
    // This page writes back the list it loaded, reordered: refused, and the new card stays on the tab.
    const reordered = [...loadedIds].reverse();
    refused(
      await call('indextypeconfig/submitCard', {
        typeId: loaded.id,
        cardIds: reordered,
        cardsVersion: loaded.cardsVersion,
      }),
    );
    const after = await tabOf(loaded.id);
    expect(after.cardConfigs.map((c: { id: string }) => c.id)).toEqual([...loadedIds, newId]);
    // With the list read again it saves; without a version the list is written as sent (the spec's callers).
    const again = [...after.cardConfigs.map((c: { id: string }) => c.id)].reverse();
    done(
      await call('indextypeconfig/submitCard', { typeId: loaded.id, cardIds: again, cardsVersion: after.cardsVersion }),
    );
    expect((await tabOf(loaded.id)).cardConfigs.map((c: { id: string }) => c.id)).toEqual(again);
    done(await call('indextypeconfig/submitCard', { typeId: loaded.id, cardIds: loadedIds }));
    expect((await tabOf(loaded.id)).cardConfigs.map((c: { id: string }) => c.id)).toEqual(loadedIds);
  });
});
