import {
  CONFIG_FILE_FORMAT,
  CONFIG_TRANSFER_TEXTS,
  type ConfigImportSummary,
  type WorkbenchConfigFile,
} from '@portal/contracts/config-transfer';
import { AUDIT_PATHS, type AuditEntry } from '@portal/contracts/audit';
import { MESSAGES } from '@portal/contracts/errors';
import { CONFIGURATION_MENUS } from '@portal/contracts/routes';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/create-db.ts';
import { seedCatalogue } from '../../db/seed/catalogue.ts';
import { DEMO_PASSWORD, DEMO_ROLES, DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { seedWorkbench } from '../../db/seed/workbench.ts';
import { tenantStamp } from './config-transfer.service.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { multipart } from '../transfer/transfer-test-files.ts';

const W = '/api/blade-workbench/workbenchConfig';
const B = '000002';
const SECRET_URL = 'https://jw.demo.edu.cn/api?token=s3cr3t-token';

/** A second tenant with the demo's roles (same aliases, other ids), an administrator, the catalogue and a workbench. */
async function seedTenantB(db: Db) {
  const now = new Date().toISOString();
  await db
    .insertInto('tenants')
    .values({ tenant_id: B, tenant_name: '第二大学', status: 1, created_at: now })
    .execute();
  await db
    .insertInto('roles')
    .values(DEMO_ROLES.map((r) => ({ ...r, id: r.id.replace(DEMO_TENANT_ID, B), tenant_id: B })))
    .execute();
  await db
    .insertInto('role_menus')
    .values(CONFIGURATION_MENUS.map((m) => ({ tenant_id: B, role_id: `${B}-admin`, menu_name: m.name })))
    .execute();
  await db
    .insertInto('users')
    .values({
      id: `${B}-admin`,
      tenant_id: B,
      account: 'admin',
      user_name: '二大管理员',
      nick_name: '二大',
      password_hash: await hashPassword(DEMO_PASSWORD),
      role_id: `${B}-admin`,
      is_demo: 1,
      status: 1,
      created_at: now,
    })
    .execute();
  await seedCatalogue(db, B);
  await seedWorkbench(db, B);
}

/** An external data source of the same name in both tenants; its address (with a token) must never leave. */
async function addApi(db: Db, tenantId: string) {
  await db
    .insertInto('wb_external_apis')
    .values({
      id: `${tenantId}-api-jw`,
      tenant_id: tenantId,
      api_name: '教务接口',
      url: SECRET_URL,
      method: 'GET',
      list_path: 'data',
      request_params: '[]',
      return_params: '[]',
    })
    .execute();
}

/**
 * Issue 16, "configuration you own" (ADR 0031): the workbench configuration as one file, exported by one tenant and
 * imported by another; a bad file or a failure half-way changes nothing; ids, secrets and other tenants stay out.
 */
describe.each(testDatabases)('workbench configuration file on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  const exportOf = async (who: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${W}/export`, headers: bearer(tokens[who]!) });
    expect(res.statusCode, res.body).toBe(200);
    return { file: JSON.parse(res.body) as WorkbenchConfigFile, headers: res.headers, body: res.body };
  };
  const importAs = async (
    who: string,
    content: string | Buffer,
    options: { preview?: boolean; name?: string } = {},
  ) => {
    const body = multipart(
      [{ filename: options.name ?? 'config.json', content: Buffer.from(content) }],
      options.preview ? { preview: '1' } : {},
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `${W}/import`,
      headers: { ...bearer(tokens[who]!), ...body.headers },
      payload: body.payload,
    });
    const json = res.json() as { status: number; msg: string; msgDetail: string; result: ConfigImportSummary };
    return { http: res.statusCode, ...json };
  };
  /** What must survive a round trip: everything but the time and the tenant's name. */
  const sections = (f: WorkbenchConfigFile) => f.sections;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.db.db;
    await seedTenantB(db);
    for (const tenantId of [DEMO_TENANT_ID, B]) await addApi(db, tenantId);
    // The demo's business card shows two chosen services, one column reads the external source and reminds.
    const business = await db
      .selectFrom('wb_cards')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('card_type', '=', 'businessExpress')
      .selectAll()
      .executeTakeFirstOrThrow();
    const services = await db
      .selectFrom('svc_services')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .select('id')
      .orderBy('id')
      .limit(2)
      .execute();
    await db
      .updateTable('wb_cards')
      .set({ config: JSON.stringify({ ...JSON.parse(business.config), serviceIds: services.map((s) => s.id) }) })
      .where('id', '=', business.id)
      .execute();
    const column = await db
      .selectFrom('wb_card_columns')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('wb_card_columns')
      .set({ data_source: 'external', api_id: `${DEMO_TENANT_ID}-api-jw` })
      .where('id', '=', column.id)
      .execute();
    await db
      .insertInto('wb_settings')
      .values({
        tenant_id: DEMO_TENANT_ID,
        owner_id: '',
        key: `todoRemind:${column.id}`,
        value: JSON.stringify({ field: 'todoNum', threshold: 3, enabled: true }),
        updated_at: new Date().toISOString(),
      })
      .execute();
    await db
      .updateTable('wb_index_types')
      .set({ type_name: '示例大学独有标签' })
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .execute();
    tokens.admin = (await t.login('admin')).access_token;
    tokens.student = (await t.login('student01')).access_token;
    tokens.adminB = (await t.login('admin', B)).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('exports a download with a file name, the format and version, roles by alias and services by name', async () => {
    const { file, headers, body } = await exportOf('admin');
    expect(headers['content-disposition']).toMatch(
      /^attachment; filename\*=UTF-8''workbench-config-000000-\d{8}-\d{4}\.json$/,
    );
    expect(headers['content-type']).toBe('application/octet-stream');
    expect(file.format).toBe(CONFIG_FILE_FORMAT);
    expect(file.version).toBe(1);
    expect(file.tenantName).toBe('示例大学');
    expect(file.leftOut).toContain('密钥');
    expect(file.sections.home.tabs.map((x) => x.typeName)).toEqual(['示例大学独有标签']);
    const business = file.sections.cards.find((c) => c.cardType === 'businessExpress')!;
    expect(business.services).toHaveLength(2);
    expect(business.services[0]!.name).not.toBe('');
    expect(file.sections.cards.flatMap((c) => c.roles)).toContain('student');
    expect(file.sections.landing.tools.length).toBeGreaterThan(0);
    expect(file.sections.landing.navigationBars.length).toBeGreaterThan(0);
    expect(file.sections.calendar.holidays.length).toBeGreaterThan(0);
    expect(file.sections.calendar.specials.some((x) => x.services.length > 0)).toBe(true);
    // The English of holidays and specials travels with them (ADR 0074).
    expect(file.sections.calendar.holidays[0]).toMatchObject({ name: '元旦', nameEn: "New Year's Day" });
    expect(file.sections.calendar.specials[0]).toMatchObject({ title: '迎新专题', titleEn: 'Welcome, freshmen' });
    const grades = file.sections.landing.tools.find((x) => x.toolsName === '查成绩')!;
    expect(grades.service?.name).toBe('成绩查询');
    expect(grades.toolsUrl).not.toContain('serviceId');
    const external = file.sections.cards.flatMap((c) => c.columns).find((c) => c.externalApi);
    expect(external).toMatchObject({ externalApi: '教务接口', remind: { threshold: 3, enabled: true } });
    // No ids, no secrets, no users.
    expect(body).not.toContain(DEMO_TENANT_ID + '-');
    expect(body).not.toContain('s3cr3t');
    expect(body).not.toContain('password');
    expect(body).not.toContain('1123598821738675201');
  });

  it("never puts another tenant's data in the file", async () => {
    const { body } = await exportOf('adminB');
    expect(body).not.toContain('示例大学独有标签');
    expect(JSON.parse(body).tenantName).toBe('第二大学');
  });

  it('imports the file into another tenant, whose export is then the same configuration', async () => {
    const a = await exportOf('admin');
    const preview = await importAs('adminB', a.body, { preview: true });
    expect(preview.status, preview.msg).toBe(1000);
    expect(preview.result.preview).toBe(true);
    // A preview writes nothing.
    expect((await exportOf('adminB')).body).not.toContain('示例大学独有标签');

    const done = await importAs('adminB', a.body);
    expect(done.status, done.msg).toBe(1000);
    expect(done.result).toMatchObject({
      preview: false,
      tenantName: '示例大学',
      counts: {
        tabs: 1,
        cards: a.file.sections.cards.length,
        navigation: a.file.sections.navigation.length,
        tools: a.file.sections.tools.length,
        landing: a.file.sections.landing.navigationBars.length + a.file.sections.landing.tools.length,
        holidays: a.file.sections.calendar.holidays.length,
        specials: a.file.sections.calendar.specials.length,
      },
      skipped: [],
    });
    expect(done.result.leftOut).toContain('密钥');
    const b = await exportOf('adminB');
    expect(b.file.tenantName).toBe('第二大学');
    expect(sections(b.file)).toEqual(sections(a.file));
    // The cards were granted to the second tenant's own roles, and its own services are on the business card.
    const grants = await t.db.db.selectFrom('wb_card_roles').where('tenant_id', '=', B).select('role_id').execute();
    expect(grants.length).toBeGreaterThan(0);
    expect(grants.every((g) => g.role_id.startsWith(`${B}-`))).toBe(true);
    // The demo tenant is untouched.
    expect((await exportOf('admin')).file.sections).toEqual(a.file.sections);
  });

  it('records an entry per item an import creates, changes or deletes, as a manual change would be (ADR 0075)', async () => {
    const audit = async (path: string, payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/online-service-platform${path}`,
        headers: bearer(tokens.adminB!),
        payload,
      });
      return res.json() as { status: number; msg: string; result: { records: AuditEntry[] } & AuditEntry };
    };
    /** The second tenant's log, straight from the table (an import writes more entries than a page holds). */
    const logOfB = () =>
      t.db.db
        .selectFrom('audit_log')
        .where('tenant_id', '=', B)
        .select(['id', 'entity_kind', 'entity_id', 'action', 'summary'])
        .execute();
    const tabsOfB = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/online-service-platform/indextypeconfig/list',
          headers: bearer(tokens.adminB!),
          payload: {},
        })
      ).json().result as {
        id: string;
        typeName: string;
        cardConfigs: { id: string; basicConfig: { cardName: string } }[];
      }[];
    const oldTabs = await tabsOfB();
    const cardsOfB = () =>
      t.db.db
        .selectFrom('wb_cards')
        .where('tenant_id', '=', B)
        .select(['id', 'card_name', 'card_introduction', 'created_at', 'updated_at'])
        .orderBy('id')
        .execute();
    const holidaysOfB = () =>
      t.db.db
        .selectFrom('wb_holidays')
        .where('tenant_id', '=', B)
        .select(['id', 'name', 'greeting', 'updated_at'])
        .orderBy('id')
        .execute();
    const oldCards = await cardsOfB();
    const oldHolidays = await holidaysOfB();
    const columnIdsOfB = async () =>
      (await t.db.db.selectFrom('wb_card_columns').where('tenant_id', '=', B).select('id').orderBy('id').execute()).map(
        (c) => c.id,
      );
    const oldColumnIds = await columnIdsOfB();
    const earlier = new Set((await logOfB()).map((e) => e.id));
    const file = (await exportOf('admin')).file;

    // ADR 0078: the file this tenant already holds changes nothing, so nothing is recorded and no id or time moves.
    const again = await importAs('adminB', JSON.stringify(file));
    expect(again.status, again.msg).toBe(1000);
    expect((await logOfB()).filter((e) => !earlier.has(e.id))).toEqual([]);
    expect(await cardsOfB()).toEqual(oldCards);
    expect(await holidaysOfB()).toEqual(oldHolidays);
    expect(await columnIdsOfB()).toEqual(oldColumnIds);
    expect((await tabsOfB()).map((x) => x.id)).toEqual(oldTabs.map((x) => x.id));

    const changed = structuredClone(file);
    changed.sections.home.tabs[0]!.typeName = '导入后的标签';
    const card = changed.sections.cards[0]!;
    card.basicConfig.cardIntroduction = '导入后的卡片简介';
    changed.sections.calendar.holidays[0]!.greeting = '导入后的祝福';
    const done = await importAs('adminB', JSON.stringify(changed));
    expect(done.status, done.msg).toBe(1000);
    expect((await exportOf('adminB')).file.sections.home.tabs[0]!.typeName).toBe('导入后的标签');

    const entries = (await logOfB()).filter((e) => !earlier.has(e.id));
    const entryOf = (kind: string, id: string) => entries.filter((e) => e.entity_kind === kind && e.entity_id === id);
    // Not one entry for the whole file any more.
    expect(entries.some((e) => e.entity_kind === 'workbenchConfig')).toBe(false);
    // A tab the file names anew is a new tab, named as its dialog names it; the one it replaced is deleted.
    const newTabs = await tabsOfB();
    expect(newTabs).toHaveLength(1);
    expect(entryOf('indexType', newTabs[0]!.id)).toEqual([
      expect.objectContaining({ action: 'create', summary: expect.stringContaining('导入后的标签') }),
    ]);
    for (const tab of oldTabs)
      expect(entryOf('indexType', tab.id)).toEqual([expect.objectContaining({ action: 'delete' })]);
    // The changed card and holiday keep their ids and are recorded as changed; every other card is not recorded.
    const newCards = await cardsOfB();
    expect(newCards.map((c) => c.id)).toEqual(oldCards.map((c) => c.id));
    const cardChanged = newCards.find((c) => c.card_name === card.basicConfig.cardName)!;
    expect(cardChanged.card_introduction).toBe('导入后的卡片简介');
    expect(cardChanged.created_at).toBe(oldCards.find((c) => c.id === cardChanged.id)!.created_at);
    expect(entries.filter((e) => e.entity_kind === 'card')).toEqual([
      expect.objectContaining({
        action: 'update',
        entity_id: cardChanged.id,
        summary: `卡片「${card.basicConfig.cardName}」`,
      }),
    ]);
    const holiday = (await holidaysOfB()).find((h) => h.greeting === '导入后的祝福')!;
    expect(oldHolidays.map((h) => h.id)).toContain(holiday.id);
    expect(entries.filter((e) => e.entity_kind === 'holiday')).toEqual([
      expect.objectContaining({ action: 'update', entity_id: holiday.id }),
    ]);
    expect(entries.filter((e) => !['indexType', 'card', 'holiday', 'setting'].includes(e.entity_kind))).toEqual([]);
    // The change is reverted like a manual one: the card's introduction comes back.
    const cardEntry = entries.find((e) => e.entity_kind === 'card')!;
    const reverted = await audit(AUDIT_PATHS.revert, { id: cardEntry.id });
    expect(reverted.status, reverted.msg).toBe(1000);
    expect((await cardsOfB()).find((c) => c.id === cardChanged.id)!.card_introduction).toBe(
      oldCards.find((c) => c.id === cardChanged.id)!.card_introduction,
    );
    // Each is an entry like a manual one: the page lists it under its kind and can revert it.
    const listed = (await audit(AUDIT_PATHS.list, { size: 100, entityKind: 'indexType' })).result.records;
    const renamed = listed.find((e) => e.summary.includes('导入后的标签'))!;
    expect(renamed).toMatchObject({ action: 'create', canRevert: true });
    // A preview is not a change: it is not recorded.
    const count = (await logOfB()).length;
    await importAs('adminB', JSON.stringify(changed), { preview: true });
    expect(await logOfB()).toHaveLength(count);
    // The demo tenant's log holds nothing of this.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/online-service-platform${AUDIT_PATHS.list}`,
      headers: bearer(tokens.admin!),
      payload: { size: 100, entityKind: 'indexType' },
    });
    expect((res.json().result.records as AuditEntry[]).some((e) => e.summary.includes('导入后的标签'))).toBe(false);
  });

  it('skips, and says why, a service, role or data source the target tenant does not have', async () => {
    const { file } = await exportOf('admin');
    const card = file.sections.cards[0]!;
    card.services = [...card.services, { name: '第二大学没有的服务', dept: '' }];
    card.roles = [...card.roles, 'librarian'];
    card.columns = [
      ...card.columns,
      {
        columnName: '图书',
        dataSource: 'external',
        externalApi: '图书馆接口',
        category: '',
        todoTypeName: '',
        todoTimeoutName: '',
        cardMapping: [],
        remind: null,
      },
    ];
    const done = await importAs('adminB', JSON.stringify(file));
    expect(done.status, done.msg).toBe(1000);
    expect(done.result.skipped).toEqual([
      {
        section: 'cards',
        item: `${card.basicConfig.cardName} / 第二大学没有的服务`,
        reason: CONFIG_TRANSFER_TEXTS.serviceMissing,
      },
      { section: 'cards', item: `${card.basicConfig.cardName} / librarian`, reason: CONFIG_TRANSFER_TEXTS.roleMissing },
      {
        section: 'columns',
        item: `${card.basicConfig.cardName} / 图书 / 图书馆接口`,
        reason: CONFIG_TRANSFER_TEXTS.apiMissing,
      },
    ]);
  });

  it('refuses a bad file with a clear message and changes nothing', async () => {
    const before = (await exportOf('adminB')).file.sections;
    const good = (await exportOf('admin')).file;
    const noName = structuredClone(good);
    noName.sections.cards[0]!.basicConfig.cardName = '';
    const cases: Array<[string, string, string]> = [
      ['{"format": ', CONFIG_TRANSFER_TEXTS.badJson, 'config.json'],
      [JSON.stringify({ ...good, format: 'something-else' }), CONFIG_TRANSFER_TEXTS.badFormat, 'config.json'],
      [JSON.stringify({ ...good, version: 2 }), CONFIG_TRANSFER_TEXTS.badVersion, 'config.json'],
      [
        JSON.stringify(noName),
        `${CONFIG_TRANSFER_TEXTS.badContent}：sections.cards[0].basicConfig.cardName（卡片名称）不能为空`,
        'config.json',
      ],
      [JSON.stringify(good).replace('"card-1"', '"card\\u0000-1"'), MESSAGES.controlCharacters, 'config.json'],
      [JSON.stringify(good), CONFIG_TRANSFER_TEXTS.badExtension, 'config.xlsx'],
      ['', CONFIG_TRANSFER_TEXTS.fileRequired, 'config.json'],
    ];
    for (const [content, msg, name] of cases) {
      const res = await importAs('adminB', content, { name });
      expect(res.http, content.slice(0, 40)).toBe(400);
      expect(res.status).toBe(400);
      expect(res.msg).toContain(msg);
    }
    const dangling = structuredClone(good);
    dangling.sections.home.tabs[0]!.cards = ['card-999'];
    expect((await importAs('adminB', JSON.stringify(dangling))).msg).toBe(CONFIG_TRANSFER_TEXTS.unknownCardKey);
    // Two cards of one name (the card dialog refuses the second with 409): the file is refused as a whole.
    const twins = structuredClone(good);
    twins.sections.cards[1]!.basicConfig.cardName = ` ${twins.sections.cards[0]!.basicConfig.cardName} `;
    const twinsRes = await importAs('adminB', JSON.stringify(twins));
    expect([twinsRes.http, twinsRes.msg]).toEqual([400, CONFIG_TRANSFER_TEXTS.duplicateCardName]);
    const sameTab = structuredClone(good);
    sameTab.sections.home.tabs.push({ ...sameTab.sections.home.tabs[0]!, isDefault: false });
    const sameTool = structuredClone(good);
    sameTool.sections.tools.push({ ...sameTool.sections.tools[0]! });
    const sameNav = structuredClone(good);
    sameNav.sections.navigation.push({ ...sameNav.sections.navigation.at(-1)!, isBuilt: 2 });
    for (const [file, msg] of [
      [sameTab, CONFIG_TRANSFER_TEXTS.duplicateTabName],
      [sameTool, CONFIG_TRANSFER_TEXTS.duplicateToolName],
      [sameNav, CONFIG_TRANSFER_TEXTS.duplicateNavigationName],
    ] as const) {
      const res = await importAs('adminB', JSON.stringify(file));
      expect([res.http, res.msg]).toEqual([400, msg]);
    }
    expect((await exportOf('adminB')).file.sections).toEqual(before);
  });

  it('leaves the old configuration intact when the import fails half-way', async () => {
    const before = (await exportOf('adminB')).file.sections;
    const file = (await exportOf('admin')).file;
    file.sections.cards[0]!.basicConfig.cardName = '半途而废的卡片';
    file.sections.home.tabs[0]!.typeName = '半途而废的标签';
    // Cards and tabs are written before the navigation, whose link this site refuses: everything rolls back.
    file.sections.navigation.push({
      navigationName: '坏链接',
      navigationType: 'ADD',
      isBuilt: 2,
      isAuto: 1,
      configPath: 'javascript:alert(1)',
      embedded: false,
    });
    const logged = () => t.db.db.selectFrom('audit_log').where('tenant_id', '=', B).select('id').execute();
    const entries = (await logged()).length;
    const res = await importAs('adminB', JSON.stringify(file));
    expect(res.http).toBe(400);
    expect(res.status).toBe(400);
    expect(res.msg).toBe(WORKBENCH_MESSAGES.badUrl);
    const after = (await exportOf('adminB')).file.sections;
    expect(after).toEqual(before);
    expect(JSON.stringify(after)).not.toContain('半途而废');
    // The entries are written in the import's transaction: none is left of an import that rolled back.
    expect(await logged()).toHaveLength(entries);
  });

  it("carries the three lists' page, its English too; a file of before without it leaves the page as it is", async () => {
    const a = await exportOf('admin');
    expect(a.file.sections.threeLists).toMatchObject({
      pageTitle: expect.any(String),
      showServices: expect.any(Boolean),
    });
    const renamed = { ...a.file.sections.threeLists!, pageTitle: '二大三清单', pageTitleEn: 'Three lists' };
    const withLists = JSON.stringify({ ...a.file, sections: { ...a.file.sections, threeLists: renamed } });
    expect((await importAs('adminB', withLists)).status).toBe(1000);
    expect((await exportOf('adminB')).file.sections.threeLists).toEqual(renamed);
    const { threeLists: _gone, ...before } = a.file.sections;
    expect((await importAs('adminB', JSON.stringify({ ...a.file, sections: before }))).status).toBe(1000);
    expect((await exportOf('adminB')).file.sections.threeLists).toEqual(renamed);
  });

  it('lets only administrators of the home-page configuration move the configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${W}/export`, headers: bearer(tokens.student!) });
    expect(res.statusCode).toBe(403);
    const { body } = await exportOf('admin');
    expect((await importAs('student', body)).http).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `${W}/export` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the configuration file name', () => {
  it("is stamped with the tenant's date and time, not UTC's", () => {
    // 2026-12-01 05:42 UTC is 21:42 the day before in Los Angeles and 18:42 in Auckland.
    const at = Date.parse('2026-12-01T05:42:00.000Z');
    expect(tenantStamp('America/Los_Angeles', at)).toBe('20261130-2142');
    expect(tenantStamp('Pacific/Auckland', at)).toBe('20261201-1842');
    expect(tenantStamp('Asia/Shanghai', Date.parse('2026-11-30T16:05:00.000Z'))).toBe('20261201-0005');
    expect(tenantStamp('Not/AZone', at)).toBe('20261201-1342');
  });
});
