import { NAVIGATION_NAME_TAKEN } from '../navigation/navigation.service.ts';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { AUDIT_MESSAGES, AUDIT_PATHS, AUDIT_REDACTED, type AuditEntry } from '@portal/contracts/audit';
import { MESSAGES } from '@portal/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CARD_IDS } from '../../db/seed/workbench.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';
import { redact } from './audit.service.ts';

const O = '/api/online-service-platform';
const OTHER = '100044';

type Answer = { http: number; status: number; msg: string; result: any };

/**
 * Issue 16, "Configuration you own": configuration changes are recorded (who, when, what, before and after),
 * administrators read and filter them, and a change can be reverted from the log (ADR 0030).
 */
describe.each(testDatabases)('the configuration audit log on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = async (who: string, path: string, payload: object = {}): Promise<Answer> => {
    const res = await t.app.inject({ method: 'POST', url: `${O}${path}`, headers: bearer(tokens[who]!), payload });
    return { http: res.statusCode, ...res.json() };
  };
  const list = async (filter: object = {}): Promise<AuditEntry[]> => {
    const res = await call('admin', AUDIT_PATHS.list, { size: 100, ...filter });
    expect(res.status).toBe(1000);
    return res.result.records;
  };
  const entriesOf = async (entityId: string) => (await list()).filter((e) => e.entityId === entityId);
  const newCard = async (cardName: string) => {
    const res = await call('admin', '/cardbasicconfig/submit', {
      cardType: 'todoTable',
      basicConfig: { cardName, displayRows: 1 },
    });
    expect(res.status).toBe(1000);
    return res.result.id as string;
  };
  const rename = (id: string, cardName: string) =>
    call('admin', '/cardbasicconfig/submit', { id, cardType: 'todoTable', basicConfig: { cardName, displayRows: 1 } });
  const cardName = async (id: string) => {
    const res = await call('admin', '/cardbasicconfig/detail', { id });
    return res.status === 1000 ? (res.result.basicConfig.cardName as string) : null;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedOtherTenant(t.db.db, OTHER);
    for (const a of ['admin', 'student01']) tokens[a] = (await t.login(a)).access_token;
  });
  afterAll(async () => t?.close());

  it('records a change with who, when, what, before and after', async () => {
    const id = await newCard('审计卡片');
    expect((await rename(id, '审计卡片（新）')).status).toBe(1000);
    const [update, create] = await entriesOf(id);
    expect(create).toMatchObject({ action: 'create', entityKind: 'card', before: null, userName: '系统管理员' });
    expect(create!.after).toMatchObject({ card_name: '审计卡片', roleIds: [], columns: [] });
    expect(update).toMatchObject({
      action: 'update',
      entityKind: 'card',
      summary: '卡片「审计卡片（新）」',
      userId: '1123598821738675201',
      canRevert: true,
      revertBlock: null,
      revertOf: null,
      revertedBy: null,
    });
    expect(update!.before).toMatchObject({ card_name: '审计卡片' });
    expect(update!.after).toMatchObject({ card_name: '审计卡片（新）' });
    expect(Math.abs(Date.parse(update!.at) - Date.now())).toBeLessThan(60_000);
    // The create is no longer revertible: the card changed since.
    expect(create).toMatchObject({ canRevert: false, revertBlock: AUDIT_MESSAGES.changedSince });
  });

  it('records nothing for a change that fails, even inside its transaction', async () => {
    const before = (await list()).length;
    // Fails inside the recorded transaction: one of the cards is unknown.
    const [tab] = (await call('admin', '/indextypeconfig/list')).result as { id: string }[];
    const placed = await call('admin', '/indextypeconfig/submitCard', {
      typeId: tab!.id,
      cardIds: [DEMO_CARD_IDS.recommend, 'no-such-card'],
    });
    expect(placed.http).toBe(404);
    // Fails before it: a navigation item to a javascript: address.
    const nav = await call('admin', '/indexnavigationconfig/submit', {
      navigationName: '坏导航',
      configPath: 'javascript:alert(1)',
      isAuto: 1,
    });
    expect(nav.http).toBe(400);
    expect((await list()).length).toBe(before);
  });

  it('reverts an update: the before comes back, recorded as a revert; a second revert is refused', async () => {
    const id = await newCard('撤销前');
    await rename(id, '撤销后');
    const [update] = await entriesOf(id);
    const reverted = await call('admin', AUDIT_PATHS.revert, { id: update!.id });
    expect(reverted.status).toBe(1000);
    expect(reverted.result).toMatchObject({ action: 'revert', revertOf: update!.id, entityId: id, canRevert: false });
    expect(reverted.result.before).toMatchObject({ card_name: '撤销后' });
    expect(reverted.result.after).toMatchObject({ card_name: '撤销前' });
    expect(await cardName(id)).toBe('撤销前');
    const [revertEntry, original] = await entriesOf(id);
    expect(revertEntry!.id).toBe(reverted.result.id);
    expect(original).toMatchObject({ id: update!.id, revertedBy: reverted.result.id, canRevert: false });
    const again = await call('admin', AUDIT_PATHS.revert, { id: update!.id });
    expect([again.http, again.msg]).toEqual([409, AUDIT_MESSAGES.alreadyReverted]);
    const ofRevert = await call('admin', AUDIT_PATHS.revert, { id: reverted.result.id });
    expect([ofRevert.http, ofRevert.msg]).toEqual([409, AUDIT_MESSAGES.notRevertible]);
  });

  it('refuses to revert a change when the configuration changed again since', async () => {
    const id = await newCard('第一版');
    await rename(id, '第二版');
    await rename(id, '第三版');
    const [third, second] = await entriesOf(id);
    const refused = await call('admin', AUDIT_PATHS.revert, { id: second!.id });
    expect([refused.http, refused.msg]).toEqual([409, AUDIT_MESSAGES.changedSince]);
    expect(await cardName(id)).toBe('第三版');
    expect((await call('admin', AUDIT_PATHS.revert, { id: third!.id })).status).toBe(1000);
    expect(await cardName(id)).toBe('第二版');
  });

  it('reverts a create (removes it) and a delete (the card comes back with its columns)', async () => {
    const made = await newCard('新建后撤销');
    const [create] = await entriesOf(made);
    expect((await call('admin', AUDIT_PATHS.revert, { id: create!.id })).status).toBe(1000);
    expect(await cardName(made)).toBeNull();

    const id = await newCard('删除后撤销');
    const col = await call('admin', '/cardcolumnconfig/submit', {
      cardId: id,
      columnName: '我的待办',
      dataSource: 'todo',
      cardMapping: [],
    });
    expect(col.status).toBe(1000);
    expect((await call('admin', '/indexcardconfig/remove', { ids: [id] })).status).toBe(1000);
    const [removal] = await entriesOf(id);
    expect(removal).toMatchObject({ action: 'delete', after: null, canRevert: true });
    expect((await call('admin', AUDIT_PATHS.revert, { id: removal!.id })).status).toBe(1000);
    expect(await cardName(id)).toBe('删除后撤销');
    const columns = await call('admin', '/cardcolumnconfig/list', { cardId: id });
    expect(columns.result.map((c: { columnName: string }) => c.columnName)).toEqual(['我的待办']);
  });

  it('records and reverts navigation items, tools, home tabs, the theme and the pre-login page', async () => {
    const nav = await call('admin', '/indexnavigationconfig/submit', {
      navigationName: '图书馆',
      configPath: 'https://lib.demo.edu.cn',
      isAuto: 1,
    });
    expect(nav.status).toBe(1000);
    const tool = await call('admin', '/commonTool/save', {
      tools_name: '审计工具',
      tools_url: 'https://cal.demo.edu.cn',
      tools_type: 'web',
      tools_icon: '',
      sort: 1,
    });
    expect(tool.status).toBe(1000);
    const tab = await call('admin', '/indextypeconfig/submit', { typeName: '审计页签', layout: 'same' });
    expect(tab.status).toBe(1000);
    const theme = (await call('admin', '/themeSetUp/detail')).result;
    expect(
      (await call('admin', '/themeSetUp/submit', { ...theme.tenant, themeName: '审计红', themeColor: '#c00000' }))
        .status,
    ).toBe(1000);
    const kinds = (await list()).slice(0, 4).map((e) => [e.entityKind, e.action]);
    expect(kinds).toEqual([
      ['setting', expect.stringMatching(/create|update/)],
      ['indexType', 'create'],
      ['tool', 'create'],
      ['navigation', 'create'],
    ]);
    for (const e of (await list()).slice(0, 4))
      expect((await call('admin', AUDIT_PATHS.revert, { id: e.id })).status).toBe(1000);
    const navs = (await call('admin', '/indexnavigationconfig/list')).result as { navigationName: string }[];
    expect(navs.map((n) => n.navigationName)).not.toContain('图书馆');
    const tabs = (await call('admin', '/indextypeconfig/list')).result as { typeName: string }[];
    expect(tabs.map((x) => x.typeName)).not.toContain('审计页签');
    expect((await call('admin', '/themeSetUp/detail')).result.tenant.themeName).not.toBe('审计红');

    const preLogin = async () =>
      (await call('admin', '/nobody/preLogin/getPreLoginPage', { tenantId: '000000' })).result;
    const pre = await preLogin();
    const saved = await call('admin', '/preLogin/submit', {
      ...pre,
      showTools: !pre.showTools,
      searchPlaceholderEn: ' Find a service ',
    });
    expect(saved.status).toBe(1000);
    // ADR 0074: the English search hint is saved (trimmed), answered and logged beside the Chinese.
    expect(saved.result.searchPlaceholderEn).toBe('Find a service');
    expect((await preLogin()).searchPlaceholderEn).toBe('Find a service');
    const [e] = await list({ entityKind: 'preLogin' });
    expect(e!.before).toMatchObject({ showTools: pre.showTools });
    expect(e!.after).toMatchObject({ showTools: !pre.showTools, searchPlaceholderEn: 'Find a service' });
    expect((await call('admin', AUDIT_PATHS.revert, { id: e!.id })).status).toBe(1000);
    expect((await preLogin()).showTools).toBe(pre.showTools);
  });

  it('refuses (409 已有同名卡片) a revert that would give a card a name another card has taken since', async () => {
    const taken = { http: 409, status: 409, msg: WORKBENCH_MESSAGES.cardNameTaken };
    // A deleted card whose name a new card took.
    const gone = await newCard('撤销删除同名');
    expect((await call('admin', '/indexcardconfig/remove', { ids: [gone] })).status).toBe(1000);
    const heir = await newCard('撤销删除同名');
    const [removal] = await entriesOf(gone);
    expect(await call('admin', AUDIT_PATHS.revert, { id: removal!.id })).toMatchObject(taken);
    expect(await cardName(gone)).toBeNull();
    // A rename whose old name another card took.
    const renamed = await newCard('改名前');
    expect((await rename(renamed, '改名后')).status).toBe(1000);
    const other = await newCard('改名前');
    const [renaming] = (await entriesOf(renamed)).filter((e) => e.action === 'update');
    expect(await call('admin', AUDIT_PATHS.revert, { id: renaming!.id })).toMatchObject(taken);
    expect(await cardName(renamed)).toBe('改名后');
    // Nothing of a refused revert stays: once the name is free again, both revert.
    expect((await call('admin', '/indexcardconfig/remove', { ids: [heir, other] })).status).toBe(1000);
    expect((await call('admin', AUDIT_PATHS.revert, { id: removal!.id })).status).toBe(1000);
    expect((await call('admin', AUDIT_PATHS.revert, { id: renaming!.id })).status).toBe(1000);
    expect([await cardName(gone), await cardName(renamed)]).toEqual(['撤销删除同名', '改名前']);
  });

  it('refuses (409) a revert that would bring back a navigation item, tool or tab under a name taken since', async () => {
    const kinds = [
      {
        message: NAVIGATION_NAME_TAKEN,
        add: (name: string) =>
          call('admin', '/indexnavigationconfig/submit', { navigationName: name, configPath: 'https://x.demo.edu.cn' }),
        remove: (id: string) => call('admin', '/indexnavigationconfig/remove', { ids: [id] }),
        name: '撤销同名导航',
      },
      {
        message: WORKBENCH_MESSAGES.toolNameTaken,
        add: (name: string) =>
          call('admin', '/commonTool/save', {
            tools_name: name,
            tools_url: 'https://x.demo.edu.cn',
            tools_type: '常用',
          }),
        remove: (id: string) => call('admin', '/commonTool/remove', { id }),
        name: '撤销同名工具',
      },
      {
        message: WORKBENCH_MESSAGES.tabNameTaken,
        add: (name: string) => call('admin', '/indextypeconfig/submit', { typeName: name }),
        remove: (id: string) => call('admin', '/indextypeconfig/removeType', { ids: [id] }),
        name: '撤销同名页签',
      },
    ];
    for (const k of kinds) {
      const first = await k.add(k.name);
      expect(first.status, k.name).toBe(1000);
      const id = (first.result.id ?? first.result) as string;
      expect((await k.remove(id)).status, k.name).toBe(1000);
      const heir = await k.add(k.name);
      expect(heir.status, k.name).toBe(1000);
      const [removal] = (await entriesOf(id)).filter((e) => e.action === 'delete');
      expect(await call('admin', AUDIT_PATHS.revert, { id: removal!.id }), k.name).toMatchObject({
        http: 409,
        msg: k.message,
      });
      expect(
        (await entriesOf(id)).filter((e) => e.action === 'revert'),
        k.name,
      ).toEqual([]);
      // Once the name is free again, the same entry reverts.
      expect((await k.remove((heir.result.id ?? heir.result) as string)).status, k.name).toBe(1000);
      expect((await call('admin', AUDIT_PATHS.revert, { id: removal!.id })).status, k.name).toBe(1000);
      expect((await k.remove(id)).status, k.name).toBe(1000);
    }
  });

  it('refuses to revert a deletion that would put a seventh custom navigation item back (最多可添加6个), and lets it once there is room', async () => {
    type Nav = { id: string; navigationName: string; isBuilt: number };
    const customs = async () =>
      ((await call('admin', '/indexnavigationconfig/list')).result as Nav[]).filter((n) => n.isBuilt === 2);
    const add = (navigationName: string) =>
      call('admin', '/indexnavigationconfig/submit', {
        navigationName,
        configPath: 'https://x.demo.edu.cn',
        isAuto: 1,
      });
    for (let i = (await customs()).length; i < 6; i++) expect((await add(`限额导航${i}`)).status).toBe(1000);
    expect(await add('第七个')).toMatchObject({ http: 400, msg: '最多可添加6个' });
    const gone = (await customs()).at(-1)!;
    expect((await call('admin', '/indexnavigationconfig/remove', { ids: [gone.id] })).status).toBe(1000);
    expect((await add('替补导航')).status).toBe(1000);
    const [removal] = (await entriesOf(gone.id)).filter((e) => e.action === 'delete');
    expect(await call('admin', AUDIT_PATHS.revert, { id: removal!.id })).toMatchObject({
      http: 400,
      msg: '最多可添加6个',
    });
    expect(await customs()).toHaveLength(6);
    // Nothing of the refused revert stays: with room again, the same entry reverts.
    const other = (await customs()).find((n) => n.navigationName === '替补导航')!;
    expect((await call('admin', '/indexnavigationconfig/remove', { ids: [other.id] })).status).toBe(1000);
    expect((await call('admin', AUDIT_PATHS.revert, { id: removal!.id })).status).toBe(1000);
    expect((await customs()).map((n) => n.id)).toContain(gone.id);
    expect(await customs()).toHaveLength(6);
  });

  it('keeps the secrets of an external data source out of the log, and does not revert such an entry', async () => {
    const saved = await call('admin', '/cardcolumnconfig/submitApi', {
      apiName: '教务待办',
      url: 'https://jw.demo.edu.cn/todo?page=x1&access_token=tok-123',
      method: 'GET',
      requestParams: [
        { name: 'appSecret', paramType: 'string', value: 'sec-456' },
        { name: 'size', paramType: 'number', value: '10' },
      ],
      returnParams: [],
    });
    expect(saved.status).toBe(1000);
    const listed = await call('admin', AUDIT_PATHS.list, { entityKind: 'externalApi' });
    expect(JSON.stringify(listed)).not.toMatch(/tok-123|sec-456/);
    const [e] = listed.result.records as AuditEntry[];
    expect(e).toMatchObject({ action: 'create', summary: '外部数据源「教务待办」', canRevert: false });
    expect(e!.revertBlock).toBe(AUDIT_MESSAGES.notRevertible);
    const after = e!.after as { url: string; request_params: { value: string }[] };
    expect(after.url).toBe(`https://jw.demo.edu.cn/todo?page=x1&access_token=${AUDIT_REDACTED}`);
    expect(after.request_params.map((p) => p.value)).toEqual([AUDIT_REDACTED, '10']);
    const refused = await call('admin', AUDIT_PATHS.revert, { id: e!.id });
    expect([refused.http, refused.msg]).toEqual([409, AUDIT_MESSAGES.notRevertible]);
    // A data source without secrets is recorded and reverted like any entity (its deletion here).
    const plain = await call('admin', '/cardcolumnconfig/submitApi', {
      apiName: '公开待办',
      url: 'https://pub.demo.edu.cn/todo',
      method: 'GET',
    });
    expect((await call('admin', '/cardcolumnconfig/removeApi', { id: plain.result.id })).status).toBe(1000);
    const [removal] = await list({ entityKind: 'externalApi', action: 'delete' });
    expect(removal).toMatchObject({ entityId: plain.result.id, canRevert: true });
    expect((await call('admin', AUDIT_PATHS.revert, { id: removal!.id })).status).toBe(1000);
    expect((await call('admin', '/cardcolumnconfig/getApiDetail', { id: plain.result.id })).result.apiName).toBe(
      '公开待办',
    );
  });

  it('filters by kind, action, user and days of the tenant', async () => {
    const all = await list();
    expect(all.length).toBeGreaterThan(5);
    expect((await list({ entityKind: 'card' })).every((e) => e.entityKind === 'card')).toBe(true);
    expect((await list({ action: 'revert' })).every((e) => e.action === 'revert')).toBe(true);
    expect((await list({ userId: '1123598821738675201' })).length).toBe(all.length);
    expect(await list({ userId: 'nobody' })).toEqual([]);
    // Today in the tenant's time zone (Asia/Shanghai) holds every entry; a day long ago none.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect((await list({ startDate: today, endDate: today })).length).toBe(all.length);
    expect(await list({ startDate: '2020-01-01', endDate: '2020-01-02' })).toEqual([]);
    const page = await call('admin', AUDIT_PATHS.list, { current: 2, size: 2 });
    expect(page.result.total).toBe(all.length);
    expect(page.result.records.map((e: AuditEntry) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
    const users = await call('admin', AUDIT_PATHS.users);
    expect(users.result).toEqual([{ userId: '1123598821738675201', userName: '系统管理员' }]);
  });

  it("never lists or reverts another tenant's entry", async () => {
    const id = await newCard('他校可见？');
    await t.db.db
      .insertInto('audit_log')
      .values({
        id: 'other-tenant-entry',
        tenant_id: OTHER,
        user_id: `${OTHER}-u1`,
        user_name: '王同学',
        at: new Date().toISOString(),
        entity_kind: 'card',
        entity_id: id,
        action: 'update',
        summary: '卡片',
        before_json: null,
        after_json: null,
        revert_of: null,
        reverted_by: null,
      })
      .execute();
    expect((await list()).map((e) => e.id)).not.toContain('other-tenant-entry');
    const refused = await call('admin', AUDIT_PATHS.revert, { id: 'other-tenant-entry' });
    expect([refused.http, refused.msg]).toEqual([404, AUDIT_MESSAGES.notFound]);
    expect(await cardName(id)).toBe('他校可见？');
  });

  it('refuses a student (403) and bad input (400 with the message)', async () => {
    for (const path of [AUDIT_PATHS.list, AUDIT_PATHS.users, AUDIT_PATHS.revert]) {
      const res = await call('student01', path, { id: 'x' });
      expect([res.http, res.msg]).toEqual([403, MESSAGES.forbidden]);
    }
    const badDay = await call('admin', AUDIT_PATHS.list, { startDate: '2026-13-45' });
    expect([badDay.http, badDay.msg]).toEqual([400, AUDIT_MESSAGES.badDate]);
    const badRange = await call('admin', AUDIT_PATHS.list, { startDate: '2026-11-24', endDate: '2026-11-01' });
    expect([badRange.http, badRange.msg]).toEqual([400, AUDIT_MESSAGES.badRange]);
    expect((await call('admin', AUDIT_PATHS.list, { entityKind: 'users' })).http).toBe(400);
    expect((await call('admin', AUDIT_PATHS.list, { size: 1000 })).http).toBe(400);
    expect((await call('admin', AUDIT_PATHS.revert, {})).http).toBe(400);
    const none = await call('admin', AUDIT_PATHS.revert, { id: 'no-such-entry' });
    expect([none.http, none.msg]).toEqual([404, AUDIT_MESSAGES.notFound]);
  });
});

describe('secrets stay out of the audit log', () => {
  it('redacts values under secret-looking keys, however deep', () => {
    const out = redact({ url: 'https://x', client_secret: 's3', nested: [{ password: 'p' }], token: '' });
    expect(out.redacted).toBe(true);
    expect(out.value).toEqual({
      url: 'https://x',
      client_secret: AUDIT_REDACTED,
      nested: [{ password: AUDIT_REDACTED }],
      token: '',
    });
    expect(redact({ card_name: 'x', url: 'https://a.edu.cn/?page=1' }).redacted).toBe(false);
    expect(redact({ url: 'https://u:pw@a.edu.cn/x' }).value).toEqual({ url: `https://u:${AUDIT_REDACTED}@a.edu.cn/x` });
    expect(redact([{ name: 'clientSecret', value: 'v' }]).value).toEqual([
      { name: 'clientSecret', value: AUDIT_REDACTED },
    ]);
  });
});
