import { MESSAGES } from '@portal/contracts/errors';
import { SERVICE_TEXTS } from '@portal/contracts/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServices, DEMO_DEPTS, DEMO_SCENES } from '../../db/seed/catalogue.ts';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { seed } from '../../db/seed/index.ts';
import { bumpCatalogue } from './catalogue-version.ts';
import { flushSearchWords } from './search-words.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';

const P = '/api/blade-platform';
const W = '/api/blade-workbench';
const C = '/api/comb-cygj';
const T = DEMO_TENANT_ID;

const demo = demoServices();
const byName = (name: string) => demo.find((s) => s.name === name)!;
/** A student-only service, a teacher-only one, and one for everybody. */
const STUDENT_ONLY = demo.find((s) => s.audience === 'student' && !s.isPublic)!;
const TEACHER_ONLY = demo.find((s) => s.audience === 'teacher' && !s.isPublic)!;
const PUBLIC = byName('成绩查询');

describe('the demo catalogue', () => {
  it('has at least 120 services over 12 departments and 8 scenes, with every openWay and accessWay', () => {
    expect(demo.length).toBeGreaterThanOrEqual(120);
    expect(DEMO_DEPTS.length).toBeGreaterThanOrEqual(12);
    expect(DEMO_SCENES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(demo.map((s) => s.openWay))).toEqual(new Set(['1001', '1002', '1003']));
    expect(new Set(demo.map((s) => s.accessWay))).toEqual(new Set(['1', '2', '3', '4', '5']));
    expect(new Set(demo.map((s) => s.businessType))).toEqual(new Set(['APPLICATION', 'PROCESS']));
    expect(demo.some((s) => s.processType === 'OFFLINE')).toBe(true);
    expect(demo.some((s) => s.hasGuide)).toBe(true);
    expect(new Set(demo.map((s) => s.scene)).size).toBeGreaterThanOrEqual(8);
  });
});

describe.each(testDatabases)('service hall and landing page on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = async (method: 'GET' | 'POST', url: string, payload?: object, account?: string) => {
    const res = await t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: account ? bearer(tokens[account]!) : {},
    });
    return { http: res.statusCode, ...res.json() };
  };
  const post = (url: string, payload: object = {}, account?: string) => call('POST', url, payload, account);

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const a of ['admin', 'teacher01', 'student01']) tokens[a] = (await t.login(a)).access_token;
  });
  afterAll(async () => t?.close());

  it('seeds idempotently', async () => {
    await seed(t.db.db);
    const n = await t.db.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', T)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(demo.length);
  });

  it('landing: statistics, configuration, footer, index, tools and navigation without login', async () => {
    const stat = await call('GET', `${P}/nobody/prepareLogin/getStatisticData?tenantId=${T}`);
    expect(stat.status).toBe(1000);
    expect(stat.result.serviceCount).toBe(demo.filter((s) => s.isPublic).length);
    expect(stat.result.deptCount).toBeGreaterThan(5);
    const config = await call('GET', `${P}/nobody/prepareLogin/configDetail?tenantId=${T}`);
    expect(config.result.title).toContain('示例大学');
    // ADR 0074: the title, subtitle and search hint in English beside the Chinese, seeded for the demo.
    expect(config.result).toMatchObject({
      titleEn: 'Demo University Online Service Hall',
      searchPlaceholderEn: 'Search services, e.g. 成绩查询, 请假, cjcx',
    });
    expect(config.result.subtitleEn).not.toBe('');
    const footer = await call('GET', `${P}/nobody/prepareLogin/bottomConfigDetail?tenantId=${T}`);
    expect(footer.result.schoolName).toBe('示例大学');
    const index = await post(`${P}/nobody/index/index`, { tenantId: T });
    expect(index.result).toMatchObject({ tenantName: '示例大学', statistic: stat.result });
    expect(index.result.hotWords.length).toBeGreaterThan(0);
    const tools = await post(`${C}/nobody/tools/list`, { tenantId: T });
    expect(tools.result[0]).toMatchObject({ tools_name: '校历', tools_icon: '/icons/services/calendar.webp' });
    // Some tools are model window configurations (2.4) with the opening types of 4.6; 'service' names the tenant's service.
    const toolConfig = (name: string) =>
      JSON.parse(tools.result.find((x: { tools_name: string }) => x.tools_name === name).tools_url);
    expect(toolConfig('查成绩')).toEqual({ openType: 'service', serviceId: PUBLIC.id });
    expect(toolConfig('办事指南目录')).toEqual({ openType: 'workGuide' });
    expect(toolConfig('一卡通自助')).toMatchObject({
      openType: 'openServiceIfram',
      url: 'https://card.demo.edu.cn/self',
    });
    expect(toolConfig('校园网缴费')).toMatchObject({ width: 1000, height: 600 });
    const nav = await post(`${C}/nobody/navigationBar/list`, { tenantId: T });
    expect(nav.result.length).toBeGreaterThan(2);
    const shelf = await call('GET', `${W}/baseService/getShelfLabel?tenantId=${T}`);
    expect(shelf.result.map((l: { labelName: string }) => l.labelName)).toContain('热门推荐');
  });

  it('needs a known tenant for anonymous calls', async () => {
    expect(await post(`${P}/nobody/serverCenter/page`, {})).toMatchObject({ http: 400, msg: MESSAGES.missingTenant });
    expect(await post(`${P}/nobody/serverCenter/page`, { tenantId: '999999' })).toMatchObject({
      http: 400,
      msg: MESSAGES.unknownTenant,
    });
  });

  it('anonymous visitors see only services open to visitors; users see what their role may see', async () => {
    const anon = await post(`${P}/nobody/serverCenter/page`, { tenantId: T, size: 100 });
    expect(anon.result.total).toBe(demo.filter((s) => s.isPublic).length);
    expect(
      anon.result.records.every((s: { isPublic: boolean; collected: boolean }) => s.isPublic && !s.collected),
    ).toBe(true);

    // A public service is open to every role; the others to their audience.
    const visibleTo = (audience: string) =>
      demo.filter((s) => s.isPublic || s.audience === 'public' || s.audience === audience).length;
    const student = await post(`${P}/serverCenter/page`, { size: 100 }, 'student01');
    expect(student.result.total).toBe(visibleTo('student'));
    const teacher = await post(`${P}/serverCenter/page`, { size: 100, current: 1 }, 'teacher01');
    expect(teacher.result.total).toBe(visibleTo('teacher'));
    const admin = await post(`${P}/serverCenter/page`, { size: 1 }, 'admin');
    expect(admin.result.total).toBe(demo.length);

    expect(await post(`${P}/serverCenter/details`, { serviceId: TEACHER_ONLY.id }, 'student01')).toMatchObject({
      http: 403,
    });
    expect((await post(`${P}/serverCenter/details`, { serviceId: TEACHER_ONLY.id }, 'teacher01')).result).toMatchObject(
      { serviceName: TEACHER_ONLY.name },
    );
    expect(await post(`${P}/serverCenter/customDetails`, { tenantId: T, serviceId: STUDENT_ONLY.id })).toMatchObject({
      http: 403,
    });
    const custom = await post(`${P}/serverCenter/customDetails`, { tenantId: T, serviceId: PUBLIC.id });
    expect(custom.result).toMatchObject({ serviceName: '成绩查询', serviceDeptName: '教务处', roleIds: [] });
    expect(await post(`${P}/serverCenter/details`, { serviceId: 'no-such-service' }, 'student01')).toMatchObject({
      http: 404,
    });

    // What a visitor finds, every role finds too: 工资条查询 (teachers only) is not among a visitor's services,
    // neither in the list nor by search nor in the details.
    const studentIds = new Set(
      (await post(`${P}/serverCenter/page`, { size: 100 }, 'student01')).result.records.map(
        (r: { serviceId: string }) => r.serviceId,
      ),
    );
    const visitorAll = (await post(`${P}/nobody/serverCenter/page`, { tenantId: T, size: 100 })).result
      .records as Array<{ serviceId: string; serviceName: string }>;
    expect(visitorAll.filter((r) => !studentIds.has(r.serviceId)).map((r) => r.serviceName)).toEqual([]);
    const payslip = byName('工资条查询');
    expect(payslip.audience).toBe('teacher');
    expect(
      (await post(`${P}/nobody/prepareLogin/searchService`, { tenantId: T, keyword: '工资条', size: 10 })).result.total,
    ).toBe(0);
    expect(
      (await post(`${P}/serverCenter/searchService`, { keyword: '工资条', size: 10 }, 'student01')).result.total,
    ).toBe(0);
    expect(
      (await post(`${P}/serverCenter/searchService`, { keyword: '工资条', size: 10 }, 'teacher01')).result.total,
    ).toBe(1);
    expect(await post(`${P}/serverCenter/customDetails`, { tenantId: T, serviceId: payslip.id })).toMatchObject({
      http: 403,
    });
    // A public service that an administrator also keeps for some roles is those roles' only: visitors do not see it.
    await t.db.db
      .insertInto('svc_service_roles')
      .values({ tenant_id: T, service_id: PUBLIC.id, role_id: `${T}-student` })
      .execute();
    await t.db.db.transaction().execute((trx) => bumpCatalogue(trx, T, [PUBLIC.id]));
    expect(
      (
        await post(`${P}/nobody/prepareLogin/searchService`, { tenantId: T, keyword: '成绩查询', size: 10 })
      ).result.records.map((r: { serviceId: string }) => r.serviceId),
    ).not.toContain(PUBLIC.id);
    await t.db.db.deleteFrom('svc_service_roles').where('service_id', '=', PUBLIC.id).execute();
    await t.db.db.transaction().execute((trx) => bumpCatalogue(trx, T, [PUBLIC.id]));
    expect(
      (
        await post(`${P}/nobody/prepareLogin/searchService`, { tenantId: T, keyword: '成绩查询', size: 10 })
      ).result.records.map((r: { serviceId: string }) => r.serviceId),
    ).toContain(PUBLIC.id);
  });

  it('filters by type, department, scene and keyword, and pages', async () => {
    const process = await post(`${P}/serverCenter/page`, { serviceType: 'PROCESS', size: 100 }, 'admin');
    expect(process.result.records.every((s: { serviceType: string }) => s.serviceType === 'PROCESS')).toBe(true);
    const depts = await post(`${P}/serviceDept/listByUser`, {}, 'admin');
    const jwc = depts.result.find((d: { name: string }) => d.name === '教务处');
    expect(jwc.count).toBe(demo.filter((s) => s.dept === '教务处').length);
    const page2 = await post(`${P}/serverCenter/page`, { deptId: jwc.id, size: 5, current: 2 }, 'admin');
    expect(page2.result).toMatchObject({ total: jwc.count, current: 2, size: 5, pages: Math.ceil(jwc.count / 5) });
    expect(page2.result.records.every((s: { serviceDeptName: string }) => s.serviceDeptName === '教务处')).toBe(true);
    const scenes = await post(`${P}/serviceScene/listByUser`, { tenantId: T });
    expect(scenes.result.length).toBeGreaterThanOrEqual(8);
    const types = await post(`${P}/serviceType/listByUser`, {}, 'student01');
    expect(types.result.some((g: { count: number }) => g.count > 0)).toBe(true);
    const kw = await post(`${P}/serverCenter/page`, { keyword: '成绩', size: 50 }, 'student01');
    expect(kw.result.records.map((s: { serviceName: string }) => s.serviceName)).toContain('成绩查询');
    const odd = await post(`${P}/serverCenter/page`, { keyword: '100%_', size: 50 }, 'student01');
    expect(odd.result.total).toBe(0);
    const groups = await post(`${P}/nobody/prepareLogin/queryAllServiceByType`, {
      tenantId: T,
      groupBy: 'scene',
      perGroup: 3,
    });
    expect(groups.result.length).toBeGreaterThan(3);
    expect(groups.result[0].services.length).toBeLessThanOrEqual(3);
    const one = await post(`${P}/nobody/prepareLogin/queryServiceByType`, {
      tenantId: T,
      groupBy: 'dept',
      groupId: jwc.id,
      size: 3,
    });
    expect(
      one.result.records.every(
        (s: { serviceDeptName: string; isPublic: boolean }) => s.serviceDeptName === '教务处' && s.isPublic,
      ),
    ).toBe(true);
    const third = await post(`${P}/nobody/prepareLogin/queryThirdParty`, { tenantId: T });
    expect(third.result.length).toBeGreaterThan(0);
  });

  it('answers popular, newly launched, shelf, CAS and counts', async () => {
    const heat = await post(`${P}/nobody/serverCenter/OSP/heatService`, { tenantId: T, size: 5 });
    const counts = heat.result.map((s: { visitCount: number }) => s.visitCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(heat.result[0].serviceName).toBe('统一身份认证密码重置');
    const newly = await post(`${P}/serverCenter/NewlyLaunched`, { size: 5 }, 'student01');
    const dates = newly.result.map((s: { launchedAt: string }) => s.launchedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await post(`${P}/nobody/serverCenter/NewlyLaunched`, { tenantId: T, size: 3 })).result).toHaveLength(3);
    const shelf = await post(`${P}/serverCenter/queryShelfService`, { shelfLabelName: '新上线', size: 50 }, 'admin');
    expect(shelf.result.length).toBeGreaterThan(0);
    expect(shelf.result.every((s: { shelfLabelName: string }) => s.shelfLabelName === '新上线')).toBe(true);
    const cas = await post(`${P}/serverCenter/CASServiceList`, {}, 'admin');
    expect(cas.result.every((s: { accessWay: string }) => s.accessWay === '2')).toBe(true);
    const count = await post(`${P}/serverCenter/serviceCount`, {}, 'admin');
    expect(count.result.serviceCount).toBe(demo.length);
    expect((await post(`${P}/nobody/serverCenter/serviceCount`, { tenantId: T })).result.serviceCount).toBe(
      demo.filter((s) => s.isPublic).length,
    );
    expect(await post(`${P}/serverCenter/OSP/heatService`, { size: 5 })).toMatchObject({ http: 401 });
  });

  it('pages the searches that found nothing, most misses first, for the caller tenant only', async () => {
    for (const keyword of ['无此服务甲', '无此服务乙', '无此服务乙', '无此服务丙', '无此服务丙', '无此服务丙'])
      await post(`${P}/nobody/prepareLogin/searchService`, { tenantId: T, keyword });
    await t.db.db
      .insertInto('svc_search_words')
      .values({
        tenant_id: 'other-tenant',
        keyword: '别校未命中',
        hits: 0,
        misses: 99,
        last_at: new Date().toISOString(),
      })
      .execute();
    const first = await post(`${P}/serverCenter/searchMiss/page`, { current: 1, size: 2 }, 'admin');
    expect(first.result).toMatchObject({ current: 1, size: 2 });
    expect(first.result.records).toHaveLength(2);
    const all = await post(`${P}/serverCenter/searchMiss/page`, { current: 1, size: 100 }, 'admin');
    expect(first.result.total).toBe(all.result.total);
    expect(first.result.pages).toBe(Math.ceil(all.result.total / 2));
    const keywords = all.result.records.map((m: { keyword: string }) => m.keyword);
    expect(keywords).not.toContain('别校未命中');
    expect(keywords.indexOf('无此服务丙')).toBeLessThan(keywords.indexOf('无此服务乙'));
    expect(keywords.indexOf('无此服务乙')).toBeLessThan(keywords.indexOf('无此服务甲'));
    expect(all.result.records.find((m: { keyword: string }) => m.keyword === '无此服务丙').count).toBe(3);
    const second = await post(`${P}/serverCenter/searchMiss/page`, { current: 2, size: 2 }, 'admin');
    expect(second.result.records.map((m: { keyword: string }) => m.keyword)).toEqual(keywords.slice(2, 4));
    expect(await post(`${P}/serverCenter/searchMiss/page`, { size: 2 })).toMatchObject({ http: 401 });
  });

  it('searches by Chinese words and pinyin, ranked by relevance then heat, and records misses', async () => {
    const anon = await post(`${P}/nobody/prepareLogin/searchService`, { tenantId: T, keyword: '成绩' });
    const names = anon.result.records.map((s: { serviceName: string }) => s.serviceName);
    expect(names[0]).toBe('成绩查询');
    expect(names).toEqual(expect.arrayContaining(['成绩查询', '成绩单打印']));
    const py = await post(`${P}/serverCenter/searchService`, { keyword: 'cjcx' }, 'student01');
    expect(py.result.records[0].serviceName).toBe('成绩查询');
    const leave = await post(`${P}/serverCenter/searchService`, { keyword: '请假' }, 'student01');
    const leaveNames = leave.result.records.map((s: { serviceName: string }) => s.serviceName);
    expect(leaveNames).toContain('学生请假申请');
    expect(leaveNames).not.toContain('教职工请假申请');
    const teacherLeave = await post(`${P}/serverCenter/searchService`, { keyword: '请假' }, 'teacher01');
    expect(teacherLeave.result.records.map((s: { serviceName: string }) => s.serviceName)).toContain('教职工请假申请');

    expect((await post(`${P}/serverCenter/searchService`, { keyword: '量子纠缠' }, 'student01')).result.total).toBe(0);
    const misses = await post(`${P}/serverCenter/searchMiss/page`, {}, 'admin');
    expect(misses.result).toMatchObject({ current: 1, size: 12 });
    expect(misses.result.records).toContainEqual({ keyword: '量子纠缠', count: 1, lastAt: expect.any(String) });
    expect(await post(`${P}/serverCenter/searchMiss/page`, {}, 'student01')).toMatchObject({ http: 403 });
    expect(await post(`${P}/serverCenter/searchMiss/page`, { current: 0 }, 'admin')).toMatchObject({ http: 400 });

    // A hot word is a word of the catalogue: a service holds it whole in its name, labels or groups. A phrase that
    // finds 成绩查询 by its terms, searched more than any word, is not offered to everyone on the landing page, nor
    // pinyin initials, nor a single character.
    const phrase = '成绩查询 加微信xyz领取答案';
    for (let i = 0; i < 3; i++)
      expect(
        (await post(`${P}/nobody/prepareLogin/searchService`, { keyword: phrase, tenantId: T })).result.total,
      ).toBeGreaterThan(0);
    await flushSearchWords(t.db.db);
    // `n` people searched it, once each (hot words rank by searchers, ADR 0066).
    const tally = (keyword: string, n: number) =>
      t.db.db
        .insertInto('svc_search_words')
        .values({ tenant_id: T, keyword, hits: n, misses: 0, searchers: n, last_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['tenant_id', 'keyword']).doUpdateSet({ hits: n, searchers: n }))
        .execute();
    for (const w of [phrase, 'cjcx', '成']) await tally(w, 10_000);
    await tally('图书', 9_000);
    const words = await post(`${W}/nobody/searchHeatWord`, { tenantId: T, size: 3 });
    expect(words.result[0]).toBe('图书');
    for (const w of [phrase, 'cjcx', '成', '量子纠缠']) expect(words.result).not.toContain(w);
    expect((await post(`${W}/searchHeatWord`, {}, 'student01')).result.length).toBeGreaterThan(0);
    // A hot word finds something for whoever is offered it: 请假 finds no service a visitor may see (issue 16).
    await tally('请假', 20_000);
    const visitorWords = (await post(`${W}/nobody/searchHeatWord`, { tenantId: T, size: 8 })).result as string[];
    expect(visitorWords).not.toContain('请假');
    for (const w of visitorWords)
      expect(
        (await post(`${P}/nobody/prepareLogin/searchService`, { keyword: w, tenantId: T })).result.total,
        w,
      ).toBeGreaterThan(0);
    // (size 5: a list not asked for yet, so not the one cached above)
    expect((await post(`${W}/searchHeatWord`, { size: 5 }, 'student01')).result[0]).toBe('请假');

    // Each word once, as the catalogue spells it, however it was typed; a word one or two people searched is
    // nobody's to publish. (A size not asked for yet: the lists are prepared per size.)
    await tally('vpn', 30_000);
    await tally('Vpn', 29_000);
    await tally('图书 续借', 28_000);
    await tally('心理咨询', 2);
    const spelled = (await post(`${W}/nobody/searchHeatWord`, { tenantId: T, size: 9 })).result as string[];
    expect(spelled.slice(0, 2)).toEqual(['VPN', '图书续借']);
    expect(spelled.filter((w) => w.toLowerCase() === 'vpn')).toHaveLength(1);
    for (const w of ['vpn', 'Vpn', '图书 续借', '心理咨询']) expect(spelled).not.toContain(w);

    expect(await post(`${P}/serverCenter/searchService`, { keyword: '' }, 'student01')).toMatchObject({
      http: 400,
      msg: '请输入搜索关键词',
    });
    expect(await post(`${P}/serverCenter/searchService`, { keyword: '成'.repeat(51) }, 'student01')).toMatchObject({
      http: 400,
      msg: '搜索关键词不能超过50个字符',
    });
    expect(await post(`${P}/serverCenter/page`, { size: 'many' }, 'student01')).toMatchObject({ http: 400 });
    expect(await post(`${P}/serverCenter/page`, { size: 1000 }, 'student01')).toMatchObject({
      http: 400,
      msg: '每页最多100条',
    });
  });

  it('collects, cancels and reorders favourites idempotently', async () => {
    const a = byName('图书续借').id;
    const b = byName('宿舍报修').id;
    const c = byName('校园卡充值').id;
    for (const id of [a, b, c, a])
      expect((await post(`${P}/serverCenter/collect`, { serviceId: id }, 'student01')).result).toEqual({
        serviceId: id,
        collected: true,
      });
    const list = async () =>
      (await call('GET', `${P}/serverCenter/myCollect`, undefined, 'student01')).result.map(
        (s: { serviceId: string }) => s.serviceId,
      );
    expect(await list()).toEqual([a, b, c]);
    const reordered = await post(`${P}/serverCenter/changeOrder`, { serviceIds: [c, a] }, 'student01');
    expect(reordered.result.map((s: { serviceId: string }) => s.serviceId)).toEqual([c, a, b]);
    await post(`${P}/serverCenter/changeOrder`, { serviceIds: [c, a] }, 'student01');
    expect(await list()).toEqual([c, a, b]);
    expect(
      await post(`${P}/serverCenter/changeOrder`, { serviceIds: [c, TEACHER_ONLY.id] }, 'student01'),
    ).toMatchObject({ http: 400, msg: '排序中包含未收藏的服务' });
    expect(await post(`${P}/serverCenter/changeOrder`, { serviceIds: [] }, 'student01')).toMatchObject({ http: 400 });
    for (let i = 0; i < 2; i++)
      expect((await post(`${P}/serverCenter/cancelCollect`, { serviceId: a }, 'student01')).result.collected).toBe(
        false,
      );
    expect(await list()).toEqual([c, b]);
    const page = await post(`${P}/serverCenter/customPage`, { serviceIds: [b, c, a] }, 'student01');
    expect(
      page.result.records.map((s: { serviceId: string; collected: boolean }) => [s.serviceId, s.collected]),
    ).toEqual([
      [b, true],
      [c, true],
      [a, false],
    ]);
    // Other users' favourites are their own.
    expect((await call('GET', `${P}/serverCenter/myCollect`, undefined, 'teacher01')).result).toEqual([]);
    expect(await post(`${P}/serverCenter/collect`, { serviceId: TEACHER_ONLY.id }, 'student01')).toMatchObject({
      http: 403,
    });
    expect(await post(`${P}/serverCenter/collect`, { serviceId: 'nope' }, 'student01')).toMatchObject({
      http: 404,
      msg: '服务不存在或已下架',
    });
    expect(await post(`${P}/serverCenter/collect`, {}, 'student01')).toMatchObject({ http: 400 });
    expect(await post(`${P}/serverCenter/collect`, { serviceId: a })).toMatchObject({ http: 401 });
  });

  it('rates once with a score, quick labels and a comment; refuses and records sensitive words', async () => {
    const id = byName('宿舍报修').id;
    const labels = await post(`${W}/serverCenter/quickScoreLabels`, {}, 'student01');
    expect(labels.result.map((l: { labelName: string }) => l.labelName)).toContain('办理便捷');
    // ADR 0074: each seeded label has its English beside it.
    expect(labels.result.find((l: { labelName: string }) => l.labelName === '办理便捷').labelNameEn).toBe(
      'Easy to use',
    );
    expect((await post(`${W}/serverCenter/canUserRate`, { serviceId: id }, 'student01')).result).toMatchObject({
      canRate: true,
      rated: false,
    });

    const bad = await post(
      `${W}/serverCenter/rateService`,
      { serviceId: id, score: 1, comment: '什么垃 圾学校的服务' },
      'student01',
    );
    expect(bad).toMatchObject({ http: 400, msg: MESSAGES.sensitiveWord });
    const hits = await t.db.db.selectFrom('svc_sensitive_hits').where('service_id', '=', id).selectAll().execute();
    expect(hits).toHaveLength(1);
    expect(hits[0]!.words).toBe('垃圾学校');

    expect(await post(`${W}/serverCenter/rateService`, { serviceId: id, score: 6 }, 'student01')).toMatchObject({
      http: 400,
      msg: '评分须为1到5的整数',
    });
    expect(await post(`${W}/serverCenter/rateService`, { serviceId: id, score: 'five' }, 'student01')).toMatchObject({
      http: 400,
    });
    expect(
      await post(`${W}/serverCenter/rateService`, { serviceId: id, score: 5, labels: ['流程繁琐'] }, 'student01'),
    ).toMatchObject({ http: 400, msg: '快捷评价标签不存在' });
    expect(
      await post(`${W}/serverCenter/rateService`, { serviceId: id, score: 5, comment: 'x'.repeat(501) }, 'student01'),
    ).toMatchObject({ http: 400, msg: '评价内容不能超过500个字符' });

    // The searches and lists are prepared per catalogue version (ADR 0018, 0043); a rating raises the version, so the
    // rater's next search and another user's next page count it at once, not when the prepared answer ages out.
    const searched = async () =>
      (
        (await post(`${P}/serverCenter/searchService`, { keyword: '宿舍报修', size: 10 }, 'student01')).result
          .records as Array<{ serviceId: string; rateCount: number }>
      ).find((r) => r.serviceId === id)!.rateCount;
    const listed = async () =>
      (
        (await post(`${P}/serverCenter/page`, { current: 1, size: 100 }, 'teacher01')).result.records as Array<{
          serviceId: string;
          rateCount: number;
        }>
      ).find((r) => r.serviceId === id)!.rateCount;
    const [searchedBefore, listedBefore] = [await searched(), await listed()];
    const good = await post(
      `${W}/serverCenter/rateService`,
      { serviceId: id, score: 5, labels: ['办理便捷', '响应及时'], comment: '报修很快就有人来了' },
      'student01',
    );
    expect(good.result).toMatchObject({ canRate: false, rated: true, score: 5 });
    expect(await searched()).toBe(searchedBefore + 1);
    expect(await listed()).toBe(listedBefore + 1);
    expect(await post(`${W}/serverCenter/rateService`, { serviceId: id, score: 4 }, 'student01')).toMatchObject({
      http: 409,
      msg: '您已评价过该服务',
    });
    expect((await post(`${P}/serverCenter/checkScore`, { serviceId: id }, 'student01')).result).toMatchObject({
      rated: true,
      score: 5,
    });
    expect((await post(`${P}/serverCenter/giveScore`, { serviceId: id, score: 3 }, 'teacher01')).result.score).toBe(3);

    const detail = await post(`${W}/nobody/serverCenter/serviceRateDetail`, { tenantId: T, serviceId: id });
    expect(detail.result).toMatchObject({ average: 4, count: 2 });
    expect(detail.result.labels).toEqual(expect.arrayContaining([{ labelName: '办理便捷', count: 1 }]));
    expect(
      detail.result.comments.records.find((c: { comment: string }) => c.comment === '报修很快就有人来了').userName,
    ).toBe('张**');
    const item = (await post(`${P}/serverCenter/details`, { serviceId: id }, 'student01')).result;
    expect(item).toMatchObject({ score: 4, rateCount: 2 });
    expect(
      await post(`${W}/serverCenter/rateService`, { serviceId: TEACHER_ONLY.id, score: 5 }, 'student01'),
    ).toMatchObject({ http: 403 });
  });

  it('counts a comment in characters as a user sees them: 500 emoji are taken, 501 refused; spaces around are not counted', async () => {
    const id = byName('网站备案').id;
    const rate = (comment: string) =>
      post(`${W}/serverCenter/rateService`, { serviceId: id, score: 5, comment }, 'student01');
    // 501 emoji are 1002 UTF-16 units; 1001 letters are over twice the limit.
    for (const comment of ['😀'.repeat(501), '评'.repeat(400) + '😀'.repeat(101), 'x'.repeat(1001)])
      expect(await rate(comment)).toMatchObject({ http: 400, msg: '评价内容不能超过500个字符' });
    const emoji = '😀'.repeat(500);
    expect(await rate(`  ${emoji}  `)).toMatchObject({ http: 200, status: 1000, result: { rated: true } });
    const stored = await t.db.db
      .selectFrom('svc_ratings')
      .where('service_id', '=', id)
      .where('comment', '=', emoji)
      .select('comment')
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('serves sanitised guides and searches them', async () => {
    const withGuide = demo.find((s) => s.hasGuide && s.isPublic)!;
    const g = await post(`${W}/nobody/guide/clientGuideInfo`, { tenantId: T, serviceId: withGuide.id });
    expect(g.result.content).toContain('办理流程');
    expect(g.result.content).not.toContain('<script');
    expect(
      (await post(`${W}/guide/clientGuideInfo`, { serviceId: withGuide.id }, 'student01')).result.serviceName,
    ).toBe(withGuide.name);
    const without = demo.find((s) => !s.hasGuide && s.isPublic)!;
    expect(await post(`${W}/nobody/guide/clientGuideInfo`, { tenantId: T, serviceId: without.id })).toMatchObject({
      http: 404,
      msg: '该服务暂无办事指南',
    });
    const found = await post(`${W}/guide/lucene/search`, { keyword: withGuide.name }, 'student01');
    expect(found.result[0].serviceId).toBe(withGuide.id);
  });

  it('logs clicks, raising visitCount and heat, for users and visitors', async () => {
    const before = (await post(`${P}/serverCenter/details`, { serviceId: PUBLIC.id }, 'student01')).result.visitCount;
    expect(
      (await post(`${P}/userClickVisitLog/clickService`, { serviceId: PUBLIC.id }, 'student01')).result.visitCount,
    ).toBe(before + 1);
    expect(
      (await post(`${P}/userClickVisitLog/clickService`, { tenantId: T, serviceId: PUBLIC.id })).result.visitCount,
    ).toBe(before + 2);
    const clicks = await t.db.db
      .selectFrom('svc_clicks')
      .where('service_id', '=', PUBLIC.id)
      .select('user_id')
      .execute();
    expect(clicks.map((c) => c.user_id).sort()).toEqual(['', '1123598821738675203']);
    expect(
      await post(`${P}/userClickVisitLog/clickService`, { tenantId: T, serviceId: STUDENT_ONLY.id }),
    ).toMatchObject({ http: 403 });
  });

  it("lists the caller's recently opened services and own ratings, for the caller only", async () => {
    const tick = () => new Promise((r) => setTimeout(r, 5));
    const recent = async (size?: number) =>
      (await post(`${P}/serverCenter/myRecent`, size ? { size } : {}, 'teacher01')).result as Array<{
        serviceId: string;
        useCount: number;
        lastUsedAt: string;
      }>;
    const [a, b] = [byName('宿舍报修'), byName('校园卡充值')];
    const before = (await recent(30)).find((r) => r.serviceId === a.id)?.useCount ?? 0;
    for (const id of [a.id, b.id, a.id]) {
      await tick();
      expect((await post(`${P}/userClickVisitLog/clickService`, { serviceId: id }, 'teacher01')).status).toBe(1000);
    }
    const list = await recent(2);
    expect(list.map((r) => r.serviceId)).toEqual([a.id, b.id]);
    expect(list[0]!.useCount).toBe(before + 2);
    expect(Date.parse(list[0]!.lastUsedAt)).toBeGreaterThan(Date.parse(list[1]!.lastUsedAt));
    // A service taken offline leaves the list; the list is still filled from older ones.
    await t.db.db.updateTable('svc_services').set({ status: 0 }).where('id', '=', a.id).execute();
    try {
      const without = await recent(2);
      expect(without.map((r) => r.serviceId)).not.toContain(a.id);
      expect(without[0]!.serviceId).toBe(b.id);
    } finally {
      await t.db.db.updateTable('svc_services').set({ status: 1 }).where('id', '=', a.id).execute();
    }
    expect(await post(`${P}/serverCenter/myRecent`, { size: 31 }, 'teacher01')).toMatchObject({
      http: 400,
      msg: '一次最多30条',
    });
    expect(await post(`${P}/serverCenter/myRecent`, {})).toMatchObject({ http: 401 });
    // Another user's clicks are theirs: student01's list does not count teacher01's.
    const students = (await post(`${P}/serverCenter/myRecent`, { size: 30 }, 'student01')).result as Array<{
      serviceId: string;
      useCount: number;
    }>;
    const own = await t.db.db
      .selectFrom('svc_clicks')
      .where('user_id', '=', (await t.login('student01')).user_id)
      .where('service_id', '=', a.id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(students.find((r) => r.serviceId === a.id)?.useCount ?? 0).toBe(Number(own.n));

    const rates = async () => (await post(`${P}/serverCenter/myRates`, { size: 5 }, 'teacher01')).result;
    const first = await rates();
    const target = byName('水电费缴纳');
    expect(
      (
        await post(
          `${W}/serverCenter/rateService`,
          { serviceId: target.id, score: 4, labels: ['办理便捷'], comment: '材料清单很清楚' },
          'teacher01',
        )
      ).status,
    ).toBe(1000);
    const after = await rates();
    expect(after.total).toBe(first.total + 1);
    expect(after.records[0]).toEqual({
      serviceId: target.id,
      serviceName: target.name,
      serviceIcon: expect.any(String),
      available: true,
      score: 4,
      labels: ['办理便捷'],
      comment: '材料清单很清楚',
      createdAt: expect.any(String),
    });
    await t.db.db.updateTable('svc_services').set({ status: 0 }).where('id', '=', target.id).execute();
    try {
      expect((await rates()).records[0]).toMatchObject({ serviceId: target.id, available: false });
    } finally {
      await t.db.db.updateTable('svc_services').set({ status: 1 }).where('id', '=', target.id).execute();
    }
    expect(await post(`${P}/serverCenter/myRates`, { current: 0 }, 'teacher01')).toMatchObject({ http: 400 });
    expect(await post(`${P}/serverCenter/myRates`, {})).toMatchObject({ http: 401 });
    const other = await seedOtherTenant(t.db.db, '100004');
    const theirs = bearer((await t.login(other.account, other.tenantId)).access_token);
    expect(
      (await t.app.inject({ method: 'POST', url: `${P}/serverCenter/myRecent`, headers: theirs, payload: {} })).json()
        .result,
    ).toEqual([]);
    expect(
      (await t.app.inject({ method: 'POST', url: `${P}/serverCenter/myRates`, headers: theirs, payload: {} })).json()
        .result.total,
    ).toBe(0);
  });

  it("gives an accessWay '5' service a one-time combStr that the service redeems once for the user who opened it", async () => {
    const comb = demo.find((s) => s.accessWay === '5' && (s.audience === 'student' || s.audience === 'public'))!;
    const plainService = demo.find((s) => s.accessWay !== '5' && s.isPublic)!;
    const issued = await post(`${P}/serverCenter/combTicket`, { serviceId: comb.id }, 'student01');
    expect(issued).toMatchObject({ status: 1000, result: { expiresIn: 300 } });
    const combStr = issued.result.combStr as string;
    expect(combStr).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only its HMAC is stored.
    expect(await t.db.db.selectFrom('svc_comb_tickets').where('id', '=', combStr).selectAll().execute()).toEqual([]);

    const redeem = (body: object) => post(`${W}/nobody/weixin/combLoginToMicroService`, body);
    expect(await redeem({ combStr, serviceId: plainService.id })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.combInvalid,
    });
    const who = await redeem({ combStr, serviceId: comb.id });
    expect(who).toMatchObject({
      status: 1000,
      result: { tenantId: T, account: 'student01', userName: '张同学', roleName: '学生', serviceId: comb.id },
    });
    // Used up: a second redemption (a captured URL) is refused.
    expect(await redeem({ combStr })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.combInvalid,
      msgDetail: 'already used',
    });
    expect(await redeem({ combStr: 'MDAwMDAwOnN0dWRlbnQwMQ' })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.combInvalid,
    });
    expect(await redeem({})).toMatchObject({ http: 400 });

    // Expired after five minutes.
    const late = (await post(`${P}/serverCenter/combTicket`, { serviceId: comb.id }, 'student01')).result
      .combStr as string;
    await t.db.db
      .updateTable('svc_comb_tickets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    expect(await redeem({ combStr: late })).toMatchObject({ http: 400, msgDetail: 'expired' });

    // Only for accessWay '5', only for services the caller may see, only when logged in.
    expect(await post(`${P}/serverCenter/combTicket`, { serviceId: plainService.id }, 'student01')).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.notCombService,
    });
    expect(await post(`${P}/serverCenter/combTicket`, { serviceId: TEACHER_ONLY.id }, 'student01')).toMatchObject({
      http: 404,
    });
    expect(await post(`${P}/serverCenter/combTicket`, { serviceId: comb.id })).toMatchObject({ http: 401 });
  });

  it('lists services with their roles for administrators only', async () => {
    const roles = await post(`${P}/serverCenter/pageRoles`, { size: 100 }, 'admin');
    const row = roles.result.records.find((r: { serviceId: string }) => r.serviceId === TEACHER_ONLY.id);
    expect(row.roleNames).toContain('教师');
    expect(await post(`${P}/serverCenter/pageRoles`, {}, 'teacher01')).toMatchObject({ http: 403 });
  });

  it('refuses other tenants: a tenantId that is not the token’s, and ids of another tenant', async () => {
    const other = await seedOtherTenant(t.db.db, '100003');
    expect(await post(`${P}/serverCenter/page`, { tenantId: other.tenantId }, 'student01')).toMatchObject({
      http: 403,
      msg: MESSAGES.wrongTenant,
    });
    const theirs = await t.login(other.account, other.tenantId);
    const res = await t.app.inject({
      method: 'POST',
      url: `${P}/serverCenter/details`,
      headers: bearer(theirs.access_token),
      payload: { serviceId: PUBLIC.id },
    });
    expect(res.statusCode).toBe(404);
    const empty = await t.app.inject({
      method: 'POST',
      url: `${P}/serverCenter/page`,
      headers: bearer(theirs.access_token),
      payload: {},
    });
    expect(empty.json().result.total).toBe(0);
    expect(
      (await post(`${P}/nobody/prepareLogin/searchService`, { tenantId: other.tenantId, keyword: '成绩' })).result
        .total,
    ).toBe(0);
  });
});
