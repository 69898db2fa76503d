import { MESSAGES } from '@portal/contracts/errors';
import { SERVICE_TEXTS } from '@portal/contracts/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServices } from '../../db/seed/catalogue.ts';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

const P = '/api/blade-platform';
const W = '/api/blade-workbench';
const C = '/api/comb-cygj';
const T = DEMO_TENANT_ID;
const demo = demoServices();
const PUBLIC = demo.find((s) => s.name === '成绩查询')!;

/** Every POST call of the service hall (7.2, 7.4, 7.5, 7.9 comb-cygj), and whether it is answered anonymously. */
const POSTS: Array<[string, 'anon' | 'user']> = [
  [`${P}/nobody/prepareLogin/searchService`, 'anon'],
  [`${P}/nobody/prepareLogin/queryThirdParty`, 'anon'],
  [`${P}/nobody/prepareLogin/queryServiceByType`, 'anon'],
  [`${P}/nobody/prepareLogin/queryAllServiceByType`, 'anon'],
  [`${P}/nobody/index/index`, 'anon'],
  [`${P}/nobody/serverCenter/page`, 'anon'],
  [`${P}/nobody/serverCenter/OSP/heatService`, 'anon'],
  [`${P}/nobody/serverCenter/NewlyLaunched`, 'anon'],
  [`${P}/nobody/serverCenter/serviceCount`, 'anon'],
  [`${P}/serverCenter/customPage`, 'anon'],
  [`${P}/serverCenter/customDetails`, 'anon'],
  [`${P}/serverCenter/queryShelfService`, 'anon'],
  [`${P}/serviceScene/listByUser`, 'anon'],
  [`${P}/serviceDept/listByUser`, 'anon'],
  [`${P}/serviceType/listByUser`, 'anon'],
  [`${P}/userClickVisitLog/clickService`, 'anon'],
  [`${W}/nobody/serverCenter/serviceRateDetail`, 'anon'],
  [`${W}/nobody/guide/clientGuideInfo`, 'anon'],
  [`${W}/nobody/searchHeatWord`, 'anon'],
  [`${C}/nobody/navigationBar/list`, 'anon'],
  [`${C}/nobody/tools/list`, 'anon'],
  [`${P}/serverCenter/page`, 'user'],
  [`${P}/serverCenter/pageRoles`, 'user'],
  [`${P}/serverCenter/details`, 'user'],
  [`${P}/serverCenter/collect`, 'user'],
  [`${P}/serverCenter/cancelCollect`, 'user'],
  [`${P}/serverCenter/changeOrder`, 'user'],
  [`${P}/serverCenter/giveScore`, 'user'],
  [`${P}/serverCenter/checkScore`, 'user'],
  [`${P}/serverCenter/CASServiceList`, 'user'],
  [`${P}/serverCenter/searchService`, 'user'],
  [`${P}/serverCenter/searchMiss/page`, 'user'],
  [`${P}/serverCenter/OSP/heatService`, 'user'],
  [`${P}/serverCenter/NewlyLaunched`, 'user'],
  [`${P}/serverCenter/serviceCount`, 'user'],
  [`${P}/accountSecurity/removeBind`, 'user'],
  [`${P}/accountSecurity/bindList`, 'user'],
  [`${W}/serverCenter/rateService`, 'user'],
  [`${W}/serverCenter/canUserRate`, 'user'],
  [`${W}/serverCenter/quickScoreLabels`, 'user'],
  [`${W}/guide/lucene/search`, 'user'],
  [`${W}/guide/clientGuideInfo`, 'user'],
  [`${W}/searchHeatWord`, 'user'],
];

const GETS: Array<[string, 'anon' | 'user']> = [
  [`${P}/nobody/prepareLogin/getStatisticData`, 'anon'],
  [`${P}/nobody/prepareLogin/bottomConfigDetail`, 'anon'],
  [`${P}/nobody/prepareLogin/configDetail`, 'anon'],
  [`${W}/baseService/getShelfLabel`, 'anon'],
  [`${P}/serverCenter/myCollect`, 'user'],
];

const LONG = 'x'.repeat(10_000);
const NUL = 'a\u0000b';
/** Raw bodies that are not the JSON object a call expects. */
const RAW_BODIES = ['{', '[]', '"text"', '42', 'null', '{"serviceId":', '\u0000'];
/** Wrong types, oversized and control-character strings, unknown ids, out-of-range numbers, for every field the calls know. */
const FIELDS: Array<Record<string, unknown>> = [
  { serviceId: 42 },
  { serviceId: { $ne: '' } },
  { serviceId: [PUBLIC.id] },
  { serviceId: LONG },
  { serviceId: NUL },
  { serviceId: 'no-such-service' },
  { serviceId: '   ' },
  { keyword: 42 },
  { keyword: LONG },
  { keyword: `成绩${NUL}` },
  { keyword: '\u0000' },
  { current: -1 },
  { current: 'abc' },
  { current: 1e20 },
  { current: 10_000, size: 100 },
  { size: 0 },
  { size: 1e9 },
  { size: 1.5 },
  { serviceIds: 'abc' },
  { serviceIds: [LONG] },
  { serviceIds: [NUL] },
  { serviceIds: Array.from({ length: 1000 }, (_, i) => `id-${i}`) },
  { serviceIds: [42] },
  { score: '5' },
  { score: 5.5 },
  { score: 1e308 },
  { labels: 'x' },
  { labels: [LONG] },
  { labels: [NUL] },
  { comment: LONG },
  { comment: NUL },
  { comment: 42 },
  { deptId: LONG },
  { deptId: NUL },
  { sceneId: 42 },
  { typeId: ['a'] },
  { serviceType: 'OTHER' },
  { processType: 1 },
  { groupBy: 'x' },
  { groupBy: 'dept', groupId: '' },
  { groupBy: 'dept', groupId: NUL },
  { perGroup: 100 },
  { shelfLabelName: LONG },
  { shelfLabelName: NUL },
  { source: 42 },
  { source: 'myspace' },
  { source: LONG },
  { tenantId: 42 },
  { tenantId: LONG },
  { tenantId: '../..' },
];

/** An answer a user can act on: a 4xx envelope with a message, never a 500. */
function expectClearAnswer(url: string, payload: unknown, res: { statusCode: number; body: string }) {
  const where = `${url} ${JSON.stringify(payload)?.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  const body = JSON.parse(res.body) as { status: number; msg: string; msgDetail: string; result: unknown };
  expect(typeof body.msg, where).toBe('string');
  expect(typeof body.msgDetail, where).toBe('string');
  if (res.statusCode === 200) expect(body.status, where).toBe(1000);
  else {
    expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
    expect(body.status, where).toBe(res.statusCode);
    expect(body.msg, where).toMatch(/[\u4e00-\u9fa5]/);
    expect(body.result ?? null, where).toBeNull();
  }
  return body;
}

describe.each(testDatabases)('bad input to the service hall calls on %s', (engine) => {
  let t: TestApp;
  let token = '';
  let adminToken = '';

  beforeAll(async () => {
    t = await createTestApp(engine);
    token = (await t.login('student01')).access_token;
    adminToken = (await t.login('admin')).access_token;
  });
  afterAll(async () => t?.close());

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    who: 'anon' | 'user',
    payload?: unknown,
    raw?: string,
    asAdmin = false,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(who === 'user' ? bearer(asAdmin ? adminToken : token) : {}),
        ...(raw !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(raw !== undefined ? { payload: raw } : payload !== undefined ? { payload: payload as object } : {}),
    });

  it('answers malformed bodies to every POST call with a 4xx envelope', async () => {
    for (const [url, who] of POSTS) {
      for (const raw of RAW_BODIES) expectClearAnswer(url, raw, await inject('POST', url, who, undefined, raw));
    }
  });

  it('answers wrong types, oversized strings, control characters and unknown ids with a 4xx envelope, never a 500', async () => {
    for (const [url, who] of POSTS) {
      for (const fields of FIELDS) {
        const payload = who === 'anon' && !('tenantId' in fields) ? { tenantId: T, ...fields } : fields;
        expectClearAnswer(url, payload, await inject('POST', url, who, payload));
        if (who === 'user') expectClearAnswer(url, payload, await inject('POST', url, who, payload, undefined, true));
      }
    }
  });

  it('answers bad query strings of the GET calls with a 4xx envelope', async () => {
    for (const [url, who] of GETS) {
      for (const q of [
        `tenantId=${'9'.repeat(200)}`,
        'tenantId=%00',
        'tenantId[]=1',
        'tenantId=..%2F',
        `tenantId=${T}&current=abc`,
      ]) {
        expectClearAnswer(`${url}?${q}`, null, await inject('GET', `${url}?${q}`, who));
      }
    }
  });

  it('says which input is wrong, in words a user understands', async () => {
    const post = async (url: string, payload: object, who: 'anon' | 'user' = 'user') => {
      const res = await inject('POST', url, who, payload);
      return { http: res.statusCode, ...expectClearAnswer(url, payload, res) };
    };
    // Unknown ids: 404 with the catalogue's message, on every call that names a service.
    for (const url of [
      `${P}/serverCenter/details`,
      `${P}/serverCenter/collect`,
      `${P}/serverCenter/checkScore`,
      `${W}/serverCenter/canUserRate`,
      `${W}/guide/clientGuideInfo`,
    ]) {
      expect(await post(url, { serviceId: 'no-such-service' }), url).toMatchObject({
        http: 404,
        msg: SERVICE_TEXTS.noSuchService,
      });
    }
    for (const url of [
      `${P}/serverCenter/customDetails`,
      `${P}/userClickVisitLog/clickService`,
      `${W}/nobody/serverCenter/serviceRateDetail`,
      `${W}/nobody/guide/clientGuideInfo`,
    ]) {
      expect(await post(url, { tenantId: T, serviceId: 'no-such-service' }, 'anon'), url).toMatchObject({
        http: 404,
        msg: SERVICE_TEXTS.noSuchService,
      });
    }
    expect(await post(`${W}/serverCenter/rateService`, { serviceId: 'no-such-service', score: 5 })).toMatchObject({
      http: 404,
      msg: SERVICE_TEXTS.noSuchService,
    });
    expect(await post(`${P}/serverCenter/giveScore`, { serviceId: 'no-such-service', score: 5 })).toMatchObject({
      http: 404,
      msg: SERVICE_TEXTS.noSuchService,
    });
    expect(await post(`${P}/serverCenter/changeOrder`, { serviceIds: ['no-such-service'] })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.notFavourite,
    });
    // Unknown groups are an empty list, not an error.
    expect(
      (
        await post(
          `${P}/nobody/prepareLogin/queryServiceByType`,
          { tenantId: T, groupBy: 'dept', groupId: 'no-such-dept' },
          'anon',
        )
      ).result,
    ).toMatchObject({ total: 0, records: [] });

    // Missing and wrong-typed fields.
    expect(await post(`${P}/serverCenter/details`, {})).toMatchObject({ http: 400, msg: SERVICE_TEXTS.idRequired });
    expect(await post(`${P}/serverCenter/details`, { serviceId: 42 })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.idInvalid,
    });
    expect(await post(`${P}/serverCenter/details`, { serviceId: '  ' })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.idRequired,
    });
    expect(await post(`${P}/serverCenter/page`, { current: 'abc' })).toMatchObject({
      http: 400,
      msg: '页码必须是数字',
    });
    expect(await post(`${P}/serverCenter/page`, { current: 0 })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.pageInvalid,
    });
    expect(await post(`${P}/serverCenter/page`, { size: 1.5 })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.sizeInvalid,
    });
    expect(await post(`${P}/serverCenter/page`, { processType: 'SOMETIMES' })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.badProcessType,
    });
    expect(
      await post(`${P}/nobody/prepareLogin/queryAllServiceByType`, { tenantId: T, groupBy: 'campus' }, 'anon'),
    ).toMatchObject({ http: 400, msg: SERVICE_TEXTS.badGroupBy });
    expect(await post(`${P}/serverCenter/searchService`, { keyword: 42 })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.keywordInvalid,
    });
    expect(await post(`${W}/serverCenter/rateService`, { serviceId: PUBLIC.id, score: 4, comment: 42 })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.commentInvalid,
    });
    expect(
      await post(`${W}/serverCenter/rateService`, { serviceId: PUBLIC.id, score: 4, labels: '办理便捷' }),
    ).toMatchObject({ http: 400, msg: SERVICE_TEXTS.labelsInvalid });
    expect(
      await post(`${W}/serverCenter/rateService`, {
        serviceId: PUBLIC.id,
        score: 4,
        labels: Array.from({ length: 11 }, (_, i) => `标签${i}`),
      }),
    ).toMatchObject({ http: 400, msg: SERVICE_TEXTS.tooManyLabels });
    expect(await post(`${P}/serverCenter/page`, { serviceType: 'OTHER' })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.badServiceType,
    });
    expect(await post(`${W}/serverCenter/rateService`, { serviceId: PUBLIC.id, score: '5' })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.scoreRange,
    });
    expect(await post(`${P}/serverCenter/changeOrder`, { serviceIds: 'abc' })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.orderRequired,
    });

    // Oversized strings and control characters.
    expect(await post(`${P}/serverCenter/details`, { serviceId: LONG })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.idTooLong,
    });
    expect(await post(`${P}/serverCenter/details`, { serviceId: NUL })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.controlCharacters,
    });
    expect(await post(`${P}/serverCenter/searchService`, { keyword: LONG })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.keywordTooLong,
    });
    expect(await post(`${P}/serverCenter/searchService`, { keyword: `成绩${NUL}` })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.controlCharacters,
    });
    expect(await post(`${P}/serverCenter/page`, { keyword: `成绩${NUL}` })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.controlCharacters,
    });
    expect(await post(`${P}/serverCenter/page`, { deptId: LONG })).toMatchObject({
      http: 400,
      msg: SERVICE_TEXTS.idTooLong,
    });
    expect(await post(`${W}/serverCenter/rateService`, { serviceId: PUBLIC.id, score: 4, comment: NUL })).toMatchObject(
      { http: 400, msg: SERVICE_TEXTS.controlCharacters },
    );
    expect(
      await post(`${W}/serverCenter/rateService`, { serviceId: PUBLIC.id, score: 4, labels: [LONG] }),
    ).toMatchObject({ http: 400, msg: SERVICE_TEXTS.labelTooLong });
    expect(
      await post(`${P}/serverCenter/queryShelfService`, { tenantId: T, shelfLabelName: LONG }, 'anon'),
    ).toMatchObject({ http: 400, msg: SERVICE_TEXTS.labelTooLong });
    expect(await post(`${P}/nobody/serverCenter/page`, { tenantId: LONG }, 'anon')).toMatchObject({
      http: 400,
      msg: MESSAGES.unknownTenant,
    });
    // A NUL anywhere in a request is refused at the edge (platform/input.ts), before the tenant is looked up.
    expect(await post(`${P}/nobody/serverCenter/page`, { tenantId: NUL }, 'anon')).toMatchObject({
      http: 400,
      msg: MESSAGES.controlCharacters,
    });
    expect(
      await post(`${P}/serverCenter/customPage`, { serviceIds: Array.from({ length: 101 }, (_, i) => `s${i}`) }),
    ).toMatchObject({ http: 400, msg: SERVICE_TEXTS.tooManyIds });

    // None of it was stored: no rating, no search word with a control character.
    const ratings = await t.db.db.selectFrom('svc_ratings').where('service_id', '=', PUBLIC.id).selectAll().execute();
    expect(ratings).toEqual([]);
    const words = await t.db.db.selectFrom('svc_search_words').select('keyword').execute();
    expect(words.some((w) => w.keyword.includes('\u0000') || w.keyword.length > 50)).toBe(false);
  });

  it('refuses a body larger than the server accepts with 413', async () => {
    const res = await inject('POST', `${P}/serverCenter/searchService`, 'user', {
      keyword: '成绩',
      pad: 'x'.repeat(3 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, msg: '请求内容过大' });
  });

  it('refuses anonymous calls without a tenant, and user calls without a token', async () => {
    expect((await inject('POST', `${P}/nobody/serverCenter/page`, 'anon', {})).json()).toMatchObject({
      status: 400,
      msg: MESSAGES.missingTenant,
    });
    for (const [url, who] of POSTS) {
      if (who !== 'user') continue;
      const res = await inject('POST', url, 'anon', { serviceId: PUBLIC.id });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
