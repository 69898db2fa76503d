import { MESSAGES } from '@portal/contracts/errors';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { addTenantWithAdmin, bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

const O = '/api/online-service-platform';
const OTHER = '100071';
const ROLES = [`${DEMO_TENANT_ID}-teacher`, `${DEMO_TENANT_ID}-student`];

type Answer = { http: number; status: number; msg: string; result: any };

/** cardbasicconfig/create (ADR 0071): a new card, its roles, its first column and its place, all or nothing. */
describe.each(testDatabases)('a new card is made in one call, all or nothing, on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = async (who: string, path: string, payload: object = {}): Promise<Answer> => {
    const res = await t.app.inject({ method: 'POST', url: `${O}/${path}`, headers: bearer(tokens[who]!), payload });
    return { http: res.statusCode, ...(res.json() as Omit<Answer, 'http'>) };
  };
  const create = (name: string, extra: object = {}, who = 'admin') =>
    call(who, 'cardbasicconfig/create', {
      cardType: 'commonTools',
      basicConfig: { cardName: name, displayRows: 1 },
      roleIds: ROLES,
      column: { columnName: name, dataSource: 'tools' },
      placement: {},
      ...extra,
    });
  /** The demo tenant's cards of that name (straight from the database: nothing may be left behind). */
  const cardsNamed = (name: string) =>
    t.db.db
      .selectFrom('wb_cards')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('card_name', '=', name)
      .select('id')
      .execute();
  /** Rows of the new card's parts in any tenant: grants, columns, places. */
  const partsOf = async (cardId: string) => ({
    roles: await t.db.db.selectFrom('wb_card_roles').where('card_id', '=', cardId).select('role_id').execute(),
    columns: await t.db.db.selectFrom('wb_card_columns').where('card_id', '=', cardId).select('id').execute(),
    places: await t.db.db.selectFrom('wb_index_cards').where('card_id', '=', cardId).select('type_id').execute(),
  });
  const firstTab = async () => {
    const tabs = (await call('admin', 'indextypeconfig/list')).result as {
      id: string;
      cardConfigs: { id: string }[];
    }[];
    return tabs[0]!;
  };
  const cardIdsOf = async (typeId: string) =>
    ((await call('admin', 'indextypeconfig/list')).result as { id: string; cardConfigs: { id: string }[] }[])
      .find((x) => x.id === typeId)!
      .cardConfigs.map((c) => c.id);

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const a of ['admin', 'teacher01', 'student01']) tokens[a] = (await t.login(a)).access_token;
    await addTenantWithAdmin(t.db.db, OTHER);
    await t.db.db
      .insertInto('wb_index_types')
      .values({ id: 'other-tab', tenant_id: OTHER, type_name: '工作台', layout: 'same', status: 1, sort: 1 })
      .execute();
    await t.db.db
      .insertInto('wb_external_apis')
      .values({
        id: 'other-api',
        tenant_id: OTHER,
        api_name: '另一所大学的待办',
        url: 'https://oa.other.edu.cn/todo',
        method: 'GET',
        list_path: '',
        request_params: '[]',
        return_params: '[]',
      })
      .execute();
  });
  afterAll(async () => t?.close());

  it('makes the card with its roles and column, last on the first tab, unpublished', async () => {
    const tab = await firstTab();
    const before = tab.cardConfigs.map((c) => c.id);
    const made = await create('一次保存的卡片');
    expect([made.http, made.status]).toEqual([200, 1000]);
    const { card, column, typeId } = made.result;
    expect(card).toMatchObject({ basicConfig: { cardName: '一次保存的卡片' }, status: 0 });
    expect([...card.roleIds].sort()).toEqual([...ROLES].sort());
    expect(column).toMatchObject({ cardId: card.id, columnName: '一次保存的卡片', dataSource: 'tools', sort: 1 });
    expect(typeId).toBe(tab.id);
    expect(await cardIdsOf(tab.id)).toEqual([...before, card.id]);
    // The section 7 reads see it as the four calls made it.
    expect((await call('admin', 'indextypeconfig/getAuthConfig', { cardId: card.id })).result.roleIds.sort()).toEqual(
      [...ROLES].sort(),
    );
    expect((await call('admin', 'cardcolumnconfig/list', { cardId: card.id })).result).toHaveLength(1);
  });

  it('puts the card at the position asked, moving only the cards after it', async () => {
    const tab = await firstTab();
    const before = await cardIdsOf(tab.id);
    const made = await create('排在第二的卡片', { placement: { typeId: tab.id, position: 1 } });
    expect(made.http).toBe(200);
    expect(await cardIdsOf(tab.id)).toEqual([before[0], made.result.card.id, ...before.slice(1)]);
    // Past the end: last. No placement: on no tab. No column: none.
    const last = await create('排在最后的卡片', { placement: { typeId: tab.id, position: 9999 } });
    expect((await cardIdsOf(tab.id)).at(-1)).toBe(last.result.card.id);
    const loose = await create('不放在页签上的卡片', { placement: undefined, column: undefined });
    expect([loose.http, loose.result.typeId, loose.result.column]).toEqual([200, null, null]);
    expect(await partsOf(loose.result.card.id)).toMatchObject({ columns: [], places: [] });
  });

  it('refuses a role of another tenant with 400 and leaves no card behind; saving again is not 409', async () => {
    const tab = await firstTab();
    const before = await cardIdsOf(tab.id);
    const refused = await create('角色有误的卡片', { roleIds: [ROLES[0], `${OTHER}-admin`] });
    expect([refused.http, refused.status, refused.msg]).toEqual([400, 400, MESSAGES.badRequest]);
    expect(await cardsNamed('角色有误的卡片')).toEqual([]);
    expect(await cardIdsOf(tab.id)).toEqual(before);
    const again = await create('角色有误的卡片');
    expect([again.http, again.status]).toEqual([200, 1000]);
    expect(await cardsNamed('角色有误的卡片')).toHaveLength(1);
  });

  it("refuses a column reading another tenant's data source, or none, and leaves no card, role or column", async () => {
    for (const apiId of ['other-api', 'no-such-api', null]) {
      const refused = await create('数据源有误的卡片', {
        cardType: 'todoTable',
        column: { columnName: 'OA待办', dataSource: 'external', apiId },
      });
      expect([refused.http, refused.status], String(apiId)).toEqual([400, 400]);
      expect(await cardsNamed('数据源有误的卡片')).toEqual([]);
    }
    const columns = await t.db.db
      .selectFrom('wb_card_columns')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('column_name', '=', 'OA待办')
      .select('id')
      .execute();
    expect(columns).toEqual([]);
  });

  it("refuses another tenant's tab, or one that does not exist, with 404 and writes nothing", async () => {
    for (const typeId of ['other-tab', 'no-such-tab']) {
      const refused = await create('页签有误的卡片', { placement: { typeId } });
      expect([refused.http, refused.status, refused.msg], typeId).toEqual([
        404,
        404,
        WORKBENCH_MESSAGES.indexTypeNotFound,
      ]);
      expect(await cardsNamed('页签有误的卡片')).toEqual([]);
    }
    const otherPlaces = await t.db.db
      .selectFrom('wb_index_cards')
      .where('type_id', '=', 'other-tab')
      .select('card_id')
      .execute();
    expect(otherPlaces).toEqual([]);
  });

  it('answers a name another card has with 409, and keeps that card as it was', async () => {
    const first = await create('同名的卡片');
    const parts = await partsOf(first.result.card.id);
    const refused = await create('同名的卡片', { roleIds: [ROLES[0]] });
    expect([refused.http, refused.status, refused.msg]).toEqual([409, 409, WORKBENCH_MESSAGES.cardNameTaken]);
    expect(await cardsNamed('同名的卡片')).toHaveLength(1);
    expect(await partsOf(first.result.card.id)).toEqual(parts);
  });

  it('refuses bad input with 400, never 500', async () => {
    for (const bad of [
      { basicConfig: { cardName: ' ', displayRows: 1 } },
      { basicConfig: { cardName: '行数有误的卡片', displayRows: 9 } },
      { roleIds: [''] },
      { roleIds: 'all' },
      { placement: { position: -1 } },
      { placement: { typeId: '' } },
      { column: { columnName: '栏目', dataSource: 'nowhere' } },
      { cardType: 'unknown' },
    ]) {
      const refused = await create('输入有误的卡片', bad);
      expect([refused.http, refused.status], JSON.stringify(bad)).toEqual([400, 400]);
    }
    expect(await cardsNamed('输入有误的卡片')).toEqual([]);
    expect(await cardsNamed('行数有误的卡片')).toEqual([]);
  });

  it('refuses a student and a teacher without 卡片业务配置 (403), before anything is written', async () => {
    for (const who of ['student01', 'teacher01']) {
      const refused = await create('无权新建的卡片', {}, who);
      expect([refused.http, refused.status], who).toEqual([403, 403]);
    }
    expect(await cardsNamed('无权新建的卡片')).toEqual([]);
  });

  it('another tenant makes its card on its own tab, and never sees or touches this one', async () => {
    await addOtherToken();
    const made = await create('另一所大学的卡片', { roleIds: [`${OTHER}-admin`] }, 'other');
    expect([made.http, made.result.typeId]).toEqual([200, 'other-tab']);
    const mine = await firstTab();
    expect(mine.cardConfigs.map((c) => c.id)).not.toContain(made.result.card.id);
    const refused = await create('另一所大学的第二张卡片', { roleIds: ROLES }, 'other');
    expect(refused.http).toBe(400);
  });

  it('two cards made at once on one tab both end up on it', async () => {
    const tab = await firstTab();
    const before = await cardIdsOf(tab.id);
    const [a, b] = await Promise.all([create('同时新建的卡片甲'), create('同时新建的卡片乙')]);
    expect([a.http, b.http]).toEqual([200, 200]);
    const after = await cardIdsOf(tab.id);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).sort()).toEqual([a.result.card.id, b.result.card.id].sort());
    const sorts = await t.db.db
      .selectFrom('wb_index_cards')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('type_id', '=', tab.id)
      .select('sort')
      .execute();
    expect(new Set(sorts.map((s) => s.sort)).size).toBe(sorts.length);
  });

  async function addOtherToken() {
    tokens.other ??= (await t.login('admin', OTHER)).access_token;
  }
});
