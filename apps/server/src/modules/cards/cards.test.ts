import { COUNT_CAP, CUSTOM_NAVIGATION_LIMIT } from '@portal/contracts/constants';
import { CONFIGURATION_MENUS } from '@portal/contracts/routes';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CARD_IDS, DEMO_TODO_COUNT, DEMO_TODO_TIMEOUT } from '../../db/seed/workbench.ts';
import { bearer, createTestApp, testDatabases, type TestApp, addTenantWithAdmin } from '../../test/test-app.ts';
import { isForbiddenAddress } from './cards.fetch.ts';

const O = '/api/online-service-platform';
const OTHER = '100002';

describe('private address refusal', () => {
  it('refuses loopback, private, link-local and mapped addresses and lets public ones through', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isForbiddenAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isForbiddenAddress(a), a).toBe(false);
  });
});

describe.each(testDatabases)('workbench cards and navigation on %s', (engine) => {
  let t: TestApp;
  let external: Server;
  let externalUrl = '';
  let dataDir = '';
  const tokens: Record<string, string> = {};
  const call = async (who: string, path: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url: `${O}/${path}`, headers: bearer(tokens[who]!), payload });
    return { http: res.statusCode, ...res.json() };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-workbench-'));
    t = await createTestApp(engine, { dataDir });
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
    // Another tenant whose administrator holds every configuration menu.
    await addTenantWithAdmin(t.db.db, OTHER);
    tokens.other = (await t.login('admin', OTHER)).access_token;
    external = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/big')) return res.end(JSON.stringify({ data: 'x'.repeat(600 * 1024) }));
      if (req.url?.startsWith('/slow')) return setTimeout(() => res.end('[]'), 8_000).unref();
      res.end(
        JSON.stringify({
          status: 1000,
          result: [
            { name: '外部待办', count: 3, extra: 'x' },
            { name: '外部通知', count: 5, extra: 'y' },
          ],
        }),
      );
    });
    await new Promise<void>((r) => external.listen(0, '127.0.0.1', r));
    externalUrl = `http://127.0.0.1:${(external.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (external) {
      external.closeAllConnections();
      await new Promise((r) => external.close(r));
    }
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('gives each demo role a complete home page of ten cards, in order', async () => {
    for (const who of ['admin', 'teacher01', 'student01']) {
      const home = await call(who, 'indexcardconfig/list');
      expect(home.status).toBe(1000);
      const cards = home.result.types.flatMap((x: { cardConfigs: unknown[] }) => x.cardConfigs);
      expect(cards.map((c: { cardType: string }) => c.cardType)).toEqual(Object.keys(DEMO_CARD_IDS));
    }
  });

  it('counts to-dos above the cap with their time-outs, and serves news, announcements, tools and services', async () => {
    // The approvals are the counsellor's (teacher01); a student approves nothing (issue 16).
    const todo = await call('teacher01', 'cardcolumnconfig/getConfig', { cardId: DEMO_CARD_IDS.waitHandle });
    const mine = await call('student01', 'cardcolumnconfig/getConfig', { cardId: DEMO_CARD_IDS.waitHandle });
    expect(mine.result.list[0]).toMatchObject({ todoNum: 0, todoTimeoutNum: 0 });
    expect(todo.result.list[0]).toMatchObject({
      todoNum: DEMO_TODO_COUNT,
      todoTimeoutNum: DEMO_TODO_TIMEOUT,
      todoTypeName: '待办',
      todoTimeoutName: '超时',
    });
    expect(todo.result.list[0].todoNum).toBeGreaterThan(COUNT_CAP);

    const news = await call('student01', 'cardcolumnconfig/getConfig', { cardId: DEMO_CARD_IDS.campusNews });
    expect(news.result.list.map((c: { columnName: string }) => c.columnName)).toEqual([
      '学校要闻',
      '通知公告',
      '学术动态',
    ]);
    const fresh = news.result.list[0].result[0];
    expect(Date.now() - Date.parse(fresh.releaseTime)).toBeLessThan(86_400_000);
    expect(news.result.list[0].result.some((n: { important: boolean }) => n.important)).toBe(true);

    const ann = await call('student01', 'cardcolumnconfig/getConfig', { cardId: DEMO_CARD_IDS.announcement });
    const ages = ann.result.news.map((n: { releaseTime: string }) =>
      Math.floor((Date.now() - Date.parse(n.releaseTime)) / 86_400_000),
    );
    expect(ages).toContain(0);
    expect(ages).toContain(1);
    expect(Math.max(...ages)).toBeGreaterThan(2);

    const tools = await call('student01', 'cardcolumnconfig/getConfig', { cardId: DEMO_CARD_IDS.commonTools });
    expect(tools.result.tools.length).toBeGreaterThan(6);
    const express = await call('student01', 'cardcolumnconfig/getConfig', {
      cardId: DEMO_CARD_IDS.businessExpress,
      layout: 'separate',
    });
    expect(express.result.services).toHaveLength(10); // 2 rows, narrow layout
    const wide = await call('student01', 'cardcolumnconfig/getConfig', {
      cardId: DEMO_CARD_IDS.businessExpress,
      layout: 'same',
    });
    expect(wide.result.services).toHaveLength(12);
    const rec = await call('student01', 'cardcolumnconfig/getConfig', { cardId: DEMO_CARD_IDS.recommend });
    const heats = rec.result.services.map((s: { visitCount: number }) => s.visitCount);
    expect(heats).toEqual([...heats].sort((a, b) => b - a));
    const fav = await call('student01', 'cardcolumnconfig/getConfig', { cardId: DEMO_CARD_IDS.myCollection });
    expect(fav.result.services).toEqual([]);
  });

  it('lets an administrator build, preview and publish a card that the granted role then sees', async () => {
    const created = await call('admin', 'cardbasicconfig/submit', {
      cardType: 'commonTools',
      basicConfig: { cardName: '测试工具卡', cardIntroduction: '', displayRows: 3 },
    });
    expect(created.status).toBe(1000);
    const id = created.result.id;
    expect(created.result.status).toBe(0);
    const col = await call('admin', 'cardcolumnconfig/submit', { cardId: id, columnName: '工具', dataSource: 'tools' });
    expect(col.status).toBe(1000);
    const preview = await call('admin', 'cardcolumnconfig/preview', { cardId: id });
    expect(preview.result.basicConfig.cardName).toBe('测试工具卡');
    expect(preview.result.tools.length).toBeGreaterThan(0);

    const types = await call('admin', 'indextypeconfig/list');
    const type = types.result[0];
    await call('admin', 'indextypeconfig/submitCard', {
      typeId: type.id,
      cardIds: [...type.cardConfigs.map((c: { id: string }) => c.id), id],
    });
    expect((await call('student01', 'cardcolumnconfig/getConfig', { cardId: id })).http).toBe(403);
    expect(
      (await call('admin', 'indextypeconfig/authConfig', { cardId: id, roleIds: ['000000-student'] })).status,
    ).toBe(1000);
    expect((await call('admin', 'indexcardconfig/submit', { id })).result.status).toBe(1);
    const home = await call('student01', 'indexcardconfig/list');
    expect(home.result.types[0].cardConfigs.map((c: { id: string }) => c.id)).toContain(id);
    expect((await call('student01', 'cardcolumnconfig/getConfig', { cardId: id })).result.basicConfig.cardName).toBe(
      '测试工具卡',
    );
    const teacherHome = await call('teacher01', 'indexcardconfig/list');
    expect(teacherHome.result.types[0].cardConfigs.map((c: { id: string }) => c.id)).not.toContain(id);

    // Columns: order, copy, reminder, remove.
    const col2 = await call('admin', 'cardcolumnconfig/submit', {
      cardId: id,
      columnName: '第二栏',
      dataSource: 'tools',
    });
    await call('admin', 'cardcolumnconfig/adjustOrder', { cardId: id, ids: [col2.result.id, col.result.id] });
    expect(
      (await call('admin', 'cardcolumnconfig/list', { cardId: id })).result.map(
        (c: { columnName: string }) => c.columnName,
      ),
    ).toEqual(['第二栏', '工具']);
    // An id twice is refused, of columns and of cards, and changes nothing (it left two items on one sort value).
    for (const payload of [{ cardId: id, ids: [col.result.id, col.result.id, col2.result.id] }, { ids: [id, id] }]) {
      const twice = await call('admin', 'cardcolumnconfig/adjustOrder', payload);
      expect(twice).toMatchObject({ status: 400, msg: WORKBENCH_MESSAGES.orderDuplicate });
    }
    expect(
      (await call('admin', 'cardcolumnconfig/list', { cardId: id })).result.map(
        (c: { columnName: string }) => c.columnName,
      ),
    ).toEqual(['第二栏', '工具']);
    const copyable = await call('admin', 'cardcolumnconfig/choseCopyColumnlist', { cardId: id });
    expect(copyable.result.map((c: { cardName: string }) => c.cardName)).toContain('常用工具');
    const copied = await call('admin', 'cardcolumnconfig/choseCopyColumnlist', {
      cardId: id,
      columnIds: [copyable.result[0].id],
    });
    expect(copied.result).toHaveLength(3);
    const todoCol = `${DEMO_CARD_IDS.waitHandle}-col-1`;
    expect(
      (
        await call('admin', 'cardcolumnconfig/saveTodoNumRemind', {
          columnId: todoCol,
          field: 'todoNum',
          threshold: 50,
          enabled: true,
        })
      ).status,
    ).toBe(1000);
    expect((await call('admin', 'cardcolumnconfig/todoNumRemindDetail', { columnId: todoCol })).result).toEqual({
      field: 'todoNum',
      threshold: 50,
      enabled: true,
    });
    expect(
      (await call('teacher01', 'cardcolumnconfig/getConfig', { cardId: DEMO_CARD_IDS.waitHandle })).result.list[0]
        .remind,
    ).toBe(true);
    await call('admin', 'cardcolumnconfig/saveTodoNumRemind', {
      columnId: todoCol,
      field: 'todoTimeoutNum',
      threshold: 50,
      enabled: true,
    });
    expect(
      (await call('teacher01', 'cardcolumnconfig/getConfig', { cardId: DEMO_CARD_IDS.waitHandle })).result.list[0]
        .remind,
    ).toBe(false);
    await call('admin', 'cardcolumnconfig/saveTodoNumRemind', {
      columnId: todoCol,
      field: 'todoNum',
      threshold: 0,
      enabled: false,
    });
    expect((await call('admin', 'cardcolumnconfig/remove', { ids: [col2.result.id] })).result.count).toBe(1);
    // A column added after a removal goes last, with a place no kept column has.
    const col3 = await call('admin', 'cardcolumnconfig/submit', {
      cardId: id,
      columnName: '第三栏',
      dataSource: 'tools',
    });
    const columns = (await call('admin', 'cardcolumnconfig/list', { cardId: id })).result as Array<{
      id: string;
      sort: number;
    }>;
    expect(columns.at(-1)!.id).toBe(col3.result.id);
    expect(new Set(columns.map((c) => c.sort)).size).toBe(columns.length);
    expect((await call('admin', 'indexcardconfig/under', { id })).result.status).toBe(0);
    expect((await call('student01', 'cardcolumnconfig/getConfig', { cardId: id })).http).toBe(403);
    expect((await call('admin', 'indexcardconfig/remove', { ids: [id] })).result.count).toBe(1);
  });

  it('keeps display rows within 1–3 and chosen services within the item limit', async () => {
    for (const displayRows of [0, 4, 1.5]) {
      const res = await call('admin', 'cardbasicconfig/submit', {
        cardType: 'businessExpress',
        basicConfig: { cardName: '越界', displayRows },
      });
      expect(res.http).toBe(400);
      expect(res.msg).toBe(WORKBENCH_MESSAGES.displayRows);
    }
    const services = (await call('admin', 'cardcolumnconfig/getServiceList', { size: 20 })).result.map(
      (s: { serviceId: string }) => s.serviceId,
    );
    const tooMany = await call('admin', 'cardbasicconfig/submit', {
      cardType: 'businessExpress',
      basicConfig: { cardName: '服务太多', displayRows: 1 },
      serviceIds: services.slice(0, 7),
    });
    expect(tooMany.http).toBe(400);
    expect(tooMany.msg).toBe(WORKBENCH_MESSAGES.tooManyItems);
    const fits = await call('admin', 'cardbasicconfig/submit', {
      cardType: 'businessExpress',
      basicConfig: { cardName: '六个服务', displayRows: 1 },
      serviceIds: services.slice(0, 6),
    });
    expect(fits.result.serviceIds).toEqual(services.slice(0, 6));
  });

  it('refuses a second card of one name in a tenant, on create and on rename, with 409', async () => {
    const card = (cardName: string, id?: string) => ({
      ...(id ? { id } : {}),
      cardType: 'commonTools',
      basicConfig: { cardName, cardIntroduction: '', displayRows: 1 },
    });
    const first = await call('admin', 'cardbasicconfig/submit', card('同名卡片'));
    expect(first.status).toBe(1000);
    const taken = { http: 409, status: 409, msg: WORKBENCH_MESSAGES.cardNameTaken };
    expect(WORKBENCH_MESSAGES.cardNameTaken).toBe('已有同名卡片，请修改卡片名称');
    expect(await call('admin', 'cardbasicconfig/submit', card('同名卡片'))).toMatchObject(taken);
    expect(await call('admin', 'cardbasicconfig/submit', card(' 同名卡片 '))).toMatchObject(taken);
    const second = await call('admin', 'cardbasicconfig/submit', card('另一张卡片'));
    expect(second.status).toBe(1000);
    expect(await call('admin', 'cardbasicconfig/submit', card('同名卡片', second.result.id))).toMatchObject(taken);
    expect((await call('admin', 'cardbasicconfig/detail', { id: second.result.id })).result.basicConfig.cardName).toBe(
      '另一张卡片',
    );
    const names = (await call('admin', 'cardbusinessconfig/list')).result.map(
      (c: { basicConfig: { cardName: string } }) => c.basicConfig.cardName,
    );
    expect(names.filter((n: string) => n === '同名卡片')).toHaveLength(1);
    // A card saved under its own name, and the same name in another tenant, are fine.
    expect((await call('admin', 'cardbasicconfig/submit', card('同名卡片', first.result.id))).status).toBe(1000);
    expect((await call('other', 'cardbasicconfig/submit', card('同名卡片'))).status).toBe(1000);
    await call('admin', 'indexcardconfig/remove', { ids: [first.result.id, second.result.id] });
  });

  it('refuses a second common tool of one name with 409, on create and on rename', async () => {
    const tool = (tools_name: string, id?: string) => ({
      ...(id ? { id } : {}),
      tools_name,
      tools_url: 'https://a.demo.edu.cn',
      tools_type: '常用',
    });
    const first = await call('admin', 'commonTool/save', tool('同名工具'));
    expect(first.status).toBe(1000);
    const taken = { http: 409, status: 409, msg: WORKBENCH_MESSAGES.toolNameTaken };
    expect(await call('admin', 'commonTool/save', tool('同名工具'))).toMatchObject(taken);
    expect(await call('admin', 'commonTool/save', tool(' 同名工具 '))).toMatchObject(taken);
    const second = await call('admin', 'commonTool/save', tool('另一个工具'));
    expect(await call('admin', 'commonTool/save', tool('同名工具', second.result.id))).toMatchObject(taken);
    const names = (await call('admin', 'nobody/preLogin/commonTool', { tenantId: '000000' })).result.map(
      (x: { tools_name: string }) => x.tools_name,
    );
    expect(names.filter((n: string) => n === '同名工具')).toHaveLength(1);
    expect(names).toContain('另一个工具');
    expect((await call('admin', 'commonTool/save', tool('同名工具', first.result.id))).status).toBe(1000);
    for (const id of [first.result.id, second.result.id])
      expect((await call('admin', 'commonTool/remove', { id })).status).toBe(1000);
  });

  it("keeps a built-in navigation item's address (400 when another is sent) and its place when no sort is sent", async () => {
    type Nav = { id: string; isBuilt: number; configPath: string; sort: number; navigationName: string };
    const list = async (): Promise<Nav[]> => (await call('admin', 'indexnavigationconfig/list')).result;
    const built = (await list()).find((n) => n.isBuilt === 1)!;
    const moved = await call('admin', 'indexnavigationconfig/submit', {
      id: built.id,
      navigationName: built.navigationName,
      configPath: 'https://evil.example',
    });
    expect([moved.http, moved.msg]).toEqual([400, WORKBENCH_MESSAGES.builtInNavigationPath]);
    expect((await list()).find((n) => n.id === built.id)).toEqual(built);
    const renamed = await call('admin', 'indexnavigationconfig/submit', {
      id: built.id,
      navigationName: '改名大厅',
      configPath: built.configPath,
    });
    expect(renamed.status).toBe(1000);
    expect((await list()).find((n) => n.id === built.id)).toMatchObject({
      navigationName: '改名大厅',
      sort: built.sort,
    });
    await call('admin', 'indexnavigationconfig/submit', {
      id: built.id,
      navigationName: built.navigationName,
      configPath: built.configPath,
    });
  });

  it('allows at most 6 custom navigation items, refusing the 7th with 最多可添加6个', async () => {
    const before = await call('admin', 'indexnavigationconfig/list');
    expect(before.result.filter((n: { isBuilt: number }) => n.isBuilt === 1).length).toBeGreaterThan(0);
    const ids: string[] = [];
    for (let i = 1; i <= CUSTOM_NAVIGATION_LIMIT; i++) {
      const res = await call('admin', 'indexnavigationconfig/submit', {
        navigationName: `导航${i}`,
        configPath: `https://www.demo.edu.cn/n${i}`,
      });
      expect(res.status, JSON.stringify(res)).toBe(1000);
      expect(res.result).toMatchObject({ isBuilt: 2, navigationType: 'ADD', isAuto: 1 });
      ids.push(res.result.id);
    }
    const seventh = await call('admin', 'indexnavigationconfig/submit', {
      navigationName: '导航7',
      configPath: 'https://www.demo.edu.cn/n7',
    });
    expect(seventh.http).toBe(400);
    expect(seventh.msg).toBe('最多可添加6个');
    // No two items of one name: a custom 服务大厅 beside the built-in one, or a custom item renamed as another.
    const builtInName = before.result.find((n: { isBuilt: number }) => n.isBuilt === 1).navigationName;
    await call('admin', 'indexnavigationconfig/remove', { ids: [ids.pop()] });
    expect(
      await call('admin', 'indexnavigationconfig/submit', { navigationName: builtInName, configPath: '/x' }),
    ).toMatchObject({ http: 409, msg: '已有同名导航' });
    expect(
      await call('admin', 'indexnavigationconfig/submit', { id: ids[0], navigationName: ' 导航2 ', configPath: '/x' }),
    ).toMatchObject({ http: 409, msg: '已有同名导航' });
    expect(
      (await call('admin', 'indexnavigationconfig/submit', { id: ids[0], navigationName: '导航1', configPath: '/y' }))
        .status,
    ).toBe(1000);
    const sixth = await call('admin', 'indexnavigationconfig/submit', { navigationName: '导航6', configPath: '/z' });
    expect(sixth.status).toBe(1000);
    ids.push(sixth.result.id);
    const top = await call('student01', 'homePage/getTopMenu');
    expect(top.result.navigation.filter((n: { isBuilt: number }) => n.isBuilt === 2)).toHaveLength(
      CUSTOM_NAVIGATION_LIMIT,
    );
    expect(
      (await call('admin', 'indexnavigationconfig/submit', { navigationName: 'x', configPath: 'javascript:alert(1)' }))
        .http,
    ).toBe(400);
    const builtIn = before.result.find((n: { isBuilt: number }) => n.isBuilt === 1);
    expect((await call('admin', 'indexnavigationconfig/remove', { ids: [builtIn.id] })).msg).toBe(
      WORKBENCH_MESSAGES.builtInNavigation,
    );
    expect((await call('admin', 'indexnavigationconfig/remove', { ids })).result.count).toBe(CUSTOM_NAVIGATION_LIMIT);
  });

  it('puts a new navigation item last, with a place of its own, also after an earlier item was deleted', async () => {
    type Nav = { id: string; sort: number };
    const add = async (name: string) =>
      (await call('admin', 'indexnavigationconfig/submit', { navigationName: name, configPath: `/${name}` })).result
        .id as string;
    const [first, second, third] = [await add('排序甲'), await add('排序乙'), await add('排序丙')];
    await call('admin', 'indexnavigationconfig/remove', { ids: [first] });
    const fourth = await add('排序丁');
    const listed: Nav[] = (await call('admin', 'indexnavigationconfig/list')).result;
    expect(listed.at(-1)!.id).toBe(fourth);
    const sorts = listed.map((n) => n.sort);
    expect(new Set(sorts).size).toBe(sorts.length);
    expect(Math.max(...sorts.slice(0, -1))).toBeLessThan(listed.at(-1)!.sort);
    expect((await call('admin', 'indexnavigationconfig/remove', { ids: [second, third, fourth] })).result.count).toBe(
      3,
    );
  });

  it('refuses every configuration call to a user without the configuration menu', async () => {
    const calls: Array<[string, object]> = [
      ['cardbasicconfig/submit', { cardType: 'recommend', basicConfig: { cardName: 'x', displayRows: 1 } }],
      ['cardbusinessconfig/list', {}],
      ['cardcolumnconfig/preview', { cardId: DEMO_CARD_IDS.recommend }],
      ['cardcolumnconfig/getApiList', {}],
      ['indextypeconfig/list', {}],
      ['indextypeconfig/authConfig', { cardId: DEMO_CARD_IDS.recommend, roleIds: [] }],
      ['indexcardconfig/submit', { id: DEMO_CARD_IDS.recommend }],
      ['indexnavigationconfig/submit', { navigationName: 'x', configPath: '/x' }],
      ['indexfooterinfo/submit', { copyright: 'x', address: '', phone: '', email: '', links: [] }],
      ['themeSetUp/submit', { themeName: 'x', themeId: 'x', themeColor: '#ff0000' }],
      ['commonTool/verifyUrl', { url: 'https://example.com' }],
      ['commonTool/save', { tools_name: 'x', tools_url: '/x', tools_type: 'x' }],
      [
        'preLogin/submit',
        {
          title: '',
          subtitle: '',
          logo: '',
          banner: '',
          searchPlaceholder: '',
          showStatistic: true,
          showScenes: true,
          showDepts: true,
          showTypes: true,
          showNewly: true,
          showPopular: true,
          showTools: true,
          jumpServerUrl: '',
        },
      ],
      ['common/getRoleList', {}],
      ['commonTool/urlAllowlist', {}],
      ['commonTool/urlAllowlist', { hosts: ['127.0.0.1'] }],
    ];
    for (const [path, body] of calls) {
      const res = await call('student01', path, body);
      expect(res.http, path).toBe(403);
      expect(res.status, path).toBe(403);
    }
  });

  it("refuses another tenant's cards, and a tenantId naming another tenant", async () => {
    expect((await call('other', 'cardbasicconfig/detail', { id: DEMO_CARD_IDS.recommend })).http).toBe(404);
    expect((await call('other', 'cardcolumnconfig/preview', { cardId: DEMO_CARD_IDS.recommend })).http).toBe(404);
    expect((await call('other', 'indexcardconfig/submit', { id: DEMO_CARD_IDS.recommend })).http).toBe(404);
    expect((await call('other', 'indexcardconfig/list')).result.types).toEqual([]);
    expect((await call('student01', 'indexcardconfig/list', { tenantId: OTHER })).http).toBe(403);
  });

  it('refuses private, loopback and link-local data-source urls unless allow-listed; fetches with limits', async () => {
    for (const url of [
      `${externalUrl}/list`,
      'http://localhost/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/',
      'http://10.0.0.1/',
      'file:///etc/passwd',
    ]) {
      const res = await call('admin', 'commonTool/verifyUrl', { url });
      expect(res.http, url).toBe(400);
      expect([WORKBENCH_MESSAGES.privateUrl, WORKBENCH_MESSAGES.badUrl], url).toContain(res.msg);
    }
    const refusedApi = await call('admin', 'cardcolumnconfig/submitApi', {
      apiName: '内网',
      url: `${externalUrl}/list`,
    });
    expect(refusedApi.msg).toBe(WORKBENCH_MESSAGES.privateUrl);

    expect((await call('admin', 'commonTool/urlAllowlist', { hosts: ['127.0.0.1'] })).result).toEqual(['127.0.0.1']);
    const verified = await call('admin', 'commonTool/verifyUrl', { url: `${externalUrl}/list` });
    expect(verified.result).toMatchObject({ reachable: true, fields: ['name', 'count', 'extra'] });
    expect((await call('admin', 'commonTool/verifyUrl', { url: `${externalUrl}/big` })).msg).toBe(
      WORKBENCH_MESSAGES.fetchTooLarge,
    );

    const api = await call('admin', 'cardcolumnconfig/submitApi', {
      apiName: '外部待办',
      url: `${externalUrl}/list`,
      returnParams: [{ field: 'name', paramType: 'string', chineseName: '名称' }],
    });
    expect(api.status).toBe(1000);
    expect(
      (await call('admin', 'cardcolumnconfig/getDataSourceList')).result.some(
        (s: { apiId: string | null }) => s.apiId === api.result.id,
      ),
    ).toBe(true);
    expect(
      (
        await call('admin', 'cardcolumnconfig/getReturnParamByDataSource', {
          dataSource: 'external',
          apiId: api.result.id,
        })
      ).result[0].field,
    ).toBe('name');
    const card = await call('admin', 'cardbasicconfig/submit', {
      cardType: 'todoTable',
      basicConfig: { cardName: '外部数据卡', displayRows: 1 },
    });
    await call('admin', 'cardcolumnconfig/submit', {
      cardId: card.result.id,
      columnName: '外部',
      dataSource: 'external',
      apiId: api.result.id,
      cardMapping: [{ field: 'name', chineseName: '名称' }],
    });
    const view = await call('admin', 'cardcolumnconfig/preview', { cardId: card.result.id });
    expect(view.result.list[0].result).toEqual([{ name: '外部待办' }, { name: '外部通知' }]);

    await call('admin', 'commonTool/urlAllowlist', { hosts: [] });
    const blocked = await call('admin', 'cardcolumnconfig/preview', { cardId: card.result.id });
    expect(blocked.result.list[0]).toMatchObject({ result: [], error: WORKBENCH_MESSAGES.privateUrl });
  });

  it('rejects bad input with 400, never 500', async () => {
    const bad: Array<[string, object]> = [
      ['cardbasicconfig/submit', { cardType: 'nope', basicConfig: { cardName: 'x', displayRows: 1 } }],
      ['cardbasicconfig/submit', { cardType: 'recommend', basicConfig: { cardName: '', displayRows: 1 } }],
      ['cardcolumnconfig/submit', { cardId: DEMO_CARD_IDS.recommend, columnName: 'x', dataSource: 'sql' }],
      [
        'cardcolumnconfig/submit',
        { cardId: DEMO_CARD_IDS.recommend, columnName: 'x', dataSource: 'external', apiId: 'nope' },
      ],
      ['themeSetUp/submit', { themeName: 'x', themeId: 'x', themeColor: 'red' }],
      ['indexnavigationconfig/submit', { navigationName: '', configPath: '/x' }],
      ['commonTool/verifyUrl', { url: 'not a url' }],
      ['cardcolumnconfig/adjustOrder', { ids: [] }],
    ];
    for (const [path, body] of bad) expect((await call('admin', path, body)).http, path).toBe(400);
    expect((await call('admin', 'cardbasicconfig/detail', { id: 'missing' })).http).toBe(404);
  });

  it('saves the theme per tenant and per user, the footer and the pre-login page', async () => {
    expect((await call('student01', 'themeSetUp/detail')).result.themeColor).toBe('#008cff');
    await call('admin', 'themeSetUp/submit', { themeName: '中国红', themeId: 'red', themeColor: '#c8102e' });
    expect((await call('student01', 'themeSetUp/detail')).result.themeColor).toBe('#c8102e');
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/blade-platform/userThemeSetUp/submit',
      headers: bearer(tokens.teacher01!),
      payload: { themeName: '绿', themeId: 'g', themeColor: '#00a870' },
    });
    expect(own.json().status).toBe(1000);
    expect((await call('teacher01', 'themeSetUp/detail')).result).toMatchObject({
      themeColor: '#00a870',
      personal: true,
      tenant: { themeColor: '#c8102e' },
    });
    expect((await call('student01', 'themeSetUp/detail')).result).toMatchObject({
      themeColor: '#c8102e',
      personal: false,
      tenant: { themeColor: '#c8102e' },
    });
    // A user's own theme is theirs only: a tenant change does not override it, and dropping it follows the tenant again.
    await call('admin', 'themeSetUp/submit', { themeName: '深海蓝', themeId: 'navy', themeColor: '#1d39c4' });
    expect((await call('teacher01', 'themeSetUp/detail')).result.themeColor).toBe('#00a870');
    const platform = (path: string, who: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/api/blade-platform/${path}`, headers: bearer(tokens[who]!), payload });
    expect(
      (await platform('userThemeSetUp/submit', 'teacher01', { themeName: 'x', themeId: 'x', themeColor: 'green' }))
        .statusCode,
    ).toBe(400);
    const dropped = (await platform('userThemeSetUp/remove', 'teacher01')).json();
    expect(dropped.result).toMatchObject({ themeColor: '#1d39c4', personal: false });
    expect((await call('teacher01', 'themeSetUp/detail')).result).toMatchObject({
      themeColor: '#1d39c4',
      personal: false,
    });
    // Another tenant's users keep their own default.
    expect((await call('other', 'themeSetUp/detail')).result).toMatchObject({ themeColor: '#008cff', personal: false });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/blade-platform/userThemeSetUp/remove', payload: {} }))
        .statusCode,
    ).toBe(401);

    const footer = { copyright: '© 2026 示例大学', address: '示例路1号', phone: '010-1', email: 'a@b.cn', links: [] };
    await call('admin', 'indexfooterinfo/submit', footer);
    expect((await call('student01', 'homePage/getFooterInfo')).result).toEqual(footer);

    const pre = await t.app.inject({
      method: 'POST',
      url: `${O}/nobody/preLogin/getPreLoginIndex`,
      payload: { tenantId: '000000' },
    });
    expect(pre.json().result.footer).toEqual(footer);
    const cfg = { ...pre.json().result.config, title: '新的登录前首页' };
    expect((await call('admin', 'preLogin/submit', cfg)).status).toBe(1000);
    const again = await t.app.inject({
      method: 'POST',
      url: `${O}/nobody/preLogin/getPreLoginPage`,
      payload: { tenantId: '000000' },
    });
    expect(again.json().result.title).toBe('新的登录前首页');
    // The landing page itself (catalogue, 7.2) shows the change on its next load.
    const landing = await t.app.inject({
      method: 'GET',
      url: '/api/blade-platform/nobody/prepareLogin/configDetail?tenantId=000000',
    });
    expect(landing.json().result.title).toBe('新的登录前首页');
    expect((await call('admin', 'preLogin/submit', { ...cfg, jumpServerUrl: 'javascript:alert(1)' })).http).toBe(400);
    for (const path of [
      'dataOverview',
      'serviceScenes',
      'serviceDepts',
      'preLoginColumn',
      'messageColumn',
      'commonTool',
      'navigationDetail',
      'getFooterInfo',
      'getJumpServer',
      'serviceOverview',
      'throughService/serviceList',
      'common/configJson',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${O}/nobody/preLogin/${path}`,
        payload: { tenantId: '000000' },
      });
      expect(res.json().status, path).toBe(1000);
    }
    const sem = await t.app.inject({ method: 'GET', url: `${O}/nobody/preLogin/common/semesterList?tenantId=000000` });
    // The school calendar's semesters (the demo's two; school-day.test.ts has the rest).
    expect(sem.json().result).toHaveLength(2);
  });

  it('answers the homePage and dictionary calls', async () => {
    for (const path of [
      'homePage/getBusinessConfigMenu',
      'homePage/getHoliday',
      'homePage/getServiceSpecial',
      'homePage/getServiceSpecialList',
      'homePage/quickNavigation',
    ]) {
      expect((await call('student01', path)).status, path).toBe(1000);
    }
    expect((await call('student01', 'homePage/getBusinessConfigMenu')).result).toEqual([]);
    const holidays = (await call('student01', 'homePage/getHoliday')).result as Array<{
      name: string;
      daysLeft: number;
    }>;
    expect(holidays.map((h) => h.name)).toEqual(['元旦', '寒假']);
    expect(holidays[0]!.daysLeft).toBeGreaterThanOrEqual(0);
    const specials = (await call('student01', 'homePage/getServiceSpecialList')).result as Array<{
      title: string;
      services: Array<{ serviceSceneName: string }>;
    }>;
    expect(specials.map((x) => x.title)).toEqual(['迎新专题', '毕业季专题', '财务报销专题']);
    expect(specials[0]!.services.length).toBeGreaterThan(0);
    expect(specials[0]!.services.every((x) => x.serviceSceneName === '入学报到')).toBe(true);
    const featured = (await call('student01', 'homePage/getServiceSpecial')).result;
    expect(featured).toMatchObject({ title: '迎新专题', services: specials[0]!.services });
    expect((await call('other', 'homePage/getServiceSpecial')).result).toBeNull();
    expect((await call('admin', 'homePage/getBusinessConfigMenu')).result.length).toBe(CONFIGURATION_MENUS.length);
    for (const path of [
      'common/teacher/dropList',
      'common/getRoleList',
      'common/getRoleListClass',
      'common/getAppsDict',
      'common/getAccessWayList',
      'common/getServiceInfo',
      'cardcolumnconfig/getFlowType',
      'cardcolumnconfig/getParamTypeList',
      'cardcolumnconfig/todoNumRemindField',
      'cardcolumnconfig/getRoleListClass',
      'indexnavigationconfig/getAllDeptCategory',
      'indextypeconfig/getCardList',
    ]) {
      expect((await call('admin', path)).status, path).toBe(1000);
    }
    const logo = await t.app.inject({
      method: 'POST',
      url: '/api/blade-platform/platformapplyguiselogo/detail',
      headers: bearer(tokens.student01!),
      payload: {},
    });
    expect(logo.json().result.systemName).toBe('示例大学网上办事服务大厅');
    const svc = await t.app.inject({
      method: 'POST',
      url: '/api/blade-platform/platformCardServiceConfig/queryServiceCardConfigDetail',
      headers: bearer(tokens.student01!),
      payload: {},
    });
    expect(svc.json().result.services.length).toBeGreaterThan(0);
    const tool = await call('admin', 'commonTool/save', {
      tools_name: '新工具',
      tools_url: 'https://tool.demo.edu.cn',
      tools_type: '常用工具',
    });
    expect(tool.result.tools_name).toBe('新工具');
    const type = await call('admin', 'indextypeconfig/submit', { typeName: '第二页', layout: 'separate' });
    await call('admin', 'indextypeconfig/under', { id: type.result.id, status: 0 });
    expect(
      (await call('admin', 'indextypeconfig/list')).result.find((x: { id: string }) => x.id === type.result.id).status,
    ).toBe(0);
    await call('admin', 'indextypeconfig/removeType', { ids: [type.result.id] });
    expect(
      (await call('admin', 'indextypeconfig/getAuthConfig', { cardId: DEMO_CARD_IDS.recommend })).result.roleIds.length,
    ).toBe(4);
  });

  it('uploads images for icons and logos (common/upload): images only, 2 MB, configuration menu required', async () => {
    const upload = async (who: string, name: string, data: Buffer) => {
      const boundary = '----wbtest';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `${O}/common/upload`,
        headers: { ...bearer(tokens[who]!), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      return { http: res.statusCode, ...res.json() };
    };
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    expect((await upload('student01', 'logo.png', png)).http).toBe(403);
    expect(await upload('admin', 'x.svg', Buffer.from('<svg onload="alert(1)"/>'))).toMatchObject({
      http: 400,
      msg: WORKBENCH_MESSAGES.badImage,
    });
    expect(await upload('admin', 'big.png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]))).toMatchObject({
      http: 413,
      msg: WORKBENCH_MESSAGES.imageTooLarge,
    });
    const ok = await upload('admin', 'logo.png', png);
    expect(ok).toMatchObject({ status: 1000, result: { fileName: 'logo.png', size: png.length } });
    const img = await t.app.inject({ method: 'GET', url: ok.result.url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: `${O}/nobody/common/image/000000/..%2F..%2Fsecrets.json` })).statusCode,
    ).toBe(404);
  });
});
