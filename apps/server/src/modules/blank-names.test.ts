import { IDENTITY_MESSAGES } from '@portal/contracts/identity';
import { TRANSFER_TEXTS } from '@portal/contracts/transfer-texts';
import { WORKBENCH_MESSAGES as M } from '@portal/contracts/workbench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../db/seed/demo.ts';
import { demoDeptId, demoDutyId } from '../db/seed/transfer.ts';
import { DEMO_CARD_IDS } from '../db/seed/workbench.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';

const O = '/api/online-service-platform';
const W = '/api/blade-workbench';
const BLANK = '   ';

/**
 * A required name or title of an administrator's form sent as white space only: refused with 400 and the field's own
 * message (not the generic 请求参数不正确 with zod's English), and nothing is stored. Optional texts are trimmed.
 */
describe.each(testDatabases)('white-space-only names and titles on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  const post = async (url: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
    return { http: res.statusCode, ...res.json() };
  };
  const osp = (path: string, payload: object = {}) => post(`${O}/${path}`, payload);
  /** Sends `payload` and expects it refused with `msg`, leaving what `read` answers as it was. */
  const refused = async (url: string, payload: object, msg: string, read: () => Promise<unknown>) => {
    const before = await read();
    expect([url, payload, await post(url, payload)]).toMatchObject([url, payload, { http: 400, status: 400, msg }]);
    expect(await read()).toEqual(before);
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = (await t.login('admin')).access_token;
  });
  afterAll(async () => t?.close());

  it('department duties: save and update refuse a blank duty name with 请输入职责名称', async () => {
    const deptId = demoDeptId('jwc');
    const duties = async () => (await post(`${W}/ospDeptDutyListConfig/page`, { deptId, size: 100 })).result;
    await refused(
      `${W}/ospDeptDutyListConfig/save`,
      { deptId, dutyName: BLANK },
      TRANSFER_TEXTS.dutyNameRequired,
      duties,
    );
    const id = demoDutyId('jwc-1');
    await refused(
      `${W}/ospDeptDutyListConfig/update`,
      { id, deptId, dutyName: '\u3000 \t' },
      TRANSFER_TEXTS.dutyNameRequired,
      duties,
    );
  });

  it('three lists: the page title may not be blank (请输入页面标题)', async () => {
    const config = async () =>
      (await post(`${O}/nobody/preLogin/tripleList/getConfig`, { tenantId: DEMO_TENANT_ID })).result;
    await refused(
      `${O}/tripleList/saveConfig`,
      { pageTitle: BLANK, introduction: '', showServices: true, dutyTypeMust: false },
      TRANSFER_TEXTS.pageTitleRequired,
      config,
    );
  });

  it('cards, columns and data sources refuse blank names and addresses', async () => {
    const cards = async () => (await osp('cardbusinessconfig/list')).result;
    await refused(
      `${O}/cardbasicconfig/submit`,
      { cardType: 'commonTools', basicConfig: { cardName: BLANK, displayRows: 1 } },
      M.cardNameRequired,
      cards,
    );
    const cardId = DEMO_CARD_IDS.campusNews;
    const columns = async () => (await osp('cardcolumnconfig/list', { cardId })).result;
    await refused(
      `${O}/cardcolumnconfig/submit`,
      { cardId, columnName: BLANK, dataSource: 'news' },
      M.columnNameRequired,
      columns,
    );
    const apis = async () => (await osp('cardcolumnconfig/getApiList')).result;
    await refused(
      `${O}/cardcolumnconfig/submitApi`,
      { apiName: BLANK, url: 'https://data.example.edu.cn/list' },
      M.apiNameRequired,
      apis,
    );
    await refused(`${O}/cardcolumnconfig/submitApi`, { apiName: '教务数据', url: BLANK }, M.linkRequired, apis);
  });

  it('common tools refuse a blank name, category or link', async () => {
    const tools = async () => (await post(`${O}/nobody/preLogin/commonTool`, { tenantId: DEMO_TENANT_ID })).result;
    const tool = { tools_name: '校历', tools_url: 'https://www.example.edu.cn', tools_type: '常用' };
    await refused(`${O}/commonTool/save`, { ...tool, tools_name: BLANK }, M.toolNameRequired, tools);
    await refused(`${O}/commonTool/save`, { ...tool, tools_type: BLANK }, M.toolCategoryRequired, tools);
    await refused(`${O}/commonTool/save`, { ...tool, tools_url: BLANK }, M.linkRequired, tools);
  });

  it('home page tabs and navigation items refuse blank names', async () => {
    const tabs = async () => (await osp('indextypeconfig/list')).result;
    await refused(`${O}/indextypeconfig/submit`, { typeName: BLANK }, M.typeNameRequired, tabs);
    const navigation = async () => (await osp('indexnavigationconfig/list')).result;
    await refused(
      `${O}/indexnavigationconfig/submit`,
      { navigationName: BLANK, configPath: 'https://www.example.edu.cn' },
      M.navigationNameRequired,
      navigation,
    );
    await refused(
      `${O}/indexnavigationconfig/submit`,
      { navigationName: '图书馆', configPath: BLANK },
      M.linkRequired,
      navigation,
    );
  });

  it('the footer: a link needs a name and an address; blank texts are stored empty, the rest trimmed', async () => {
    const footer = async () => (await osp('indexfooterinfo/detail')).result;
    const blank = { copyright: BLANK, address: BLANK, phone: BLANK, email: BLANK };
    await refused(
      `${O}/indexfooterinfo/submit`,
      { ...blank, links: [{ name: BLANK, url: BLANK }] },
      M.linkNameRequired,
      footer,
    );
    await refused(
      `${O}/indexfooterinfo/submit`,
      { ...blank, links: [{ name: '图书馆', url: BLANK }] },
      M.linkRequired,
      footer,
    );
    const saved = await osp('indexfooterinfo/submit', {
      ...blank,
      copyright: ' © 2026 示例大学 ',
      links: [{ name: ' 图书馆 ', url: ' https://lib.example.edu.cn ' }],
    });
    const expected = {
      copyright: '© 2026 示例大学',
      address: '',
      phone: '',
      email: '',
      links: [{ name: '图书馆', url: 'https://lib.example.edu.cn' }],
    };
    expect(saved).toMatchObject({ status: 1000, result: expected });
    expect(await footer()).toEqual(expected);
  });

  it('themes (the tenant’s and one’s own) need a name and an id', async () => {
    const theme = async () => (await osp('themeSetUp/detail')).result;
    const body = { themeName: '自定义', themeId: 'custom', themeColor: '#112233' };
    for (const url of [`${O}/themeSetUp/submit`, '/api/blade-platform/userThemeSetUp/submit']) {
      await refused(url, { ...body, themeName: BLANK }, M.themeNameRequired, theme);
      await refused(url, { ...body, themeId: BLANK }, M.themeIdRequired, theme);
    }
    await refused(`${O}/themeSetUp/submit`, { ...body, themeName: BLANK, themeId: BLANK }, M.themeNameRequired, theme);
  });

  it('the pre-login landing page needs a title (请输入标题)', async () => {
    const page = async () => (await post(`${O}/nobody/preLogin/getPreLoginPage`, { tenantId: DEMO_TENANT_ID })).result;
    const current = await page();
    await refused(`${O}/preLogin/submit`, { ...current, title: BLANK }, M.titleRequired, page);
    const saved = await osp('preLogin/submit', { ...current, title: ' 示例大学办事大厅 ', subtitle: BLANK });
    expect(saved).toMatchObject({ status: 1000, result: { title: '示例大学办事大厅', subtitle: '' } });
  });

  it('an identity provider needs a name', async () => {
    const provider = async () => (await post(`${W}/identity/provider/detail`)).result;
    await refused(
      `${W}/identity/provider/submit`,
      { type: 'cas', name: BLANK, settings: { serverUrl: 'https://cas.example.edu.cn/cas', version: '3.0' } },
      IDENTITY_MESSAGES.providerNameRequired[0],
      provider,
    );
  });
});
