import multipart from '@fastify/multipart';
import { envelope } from '@portal/contracts/envelope';
import {
  AdjustOrderRequest,
  AuthConfigRequest,
  BusinessConfigMenu,
  Card,
  CardBasicSubmit,
  CardColumn,
  CardColumnSubmit,
  CardIdRequest,
  CardService,
  CardView,
  ColumnData,
  ColumnIdRequest,
  CommonToolSave,
  CopyColumnsRequest,
  CopyableColumn,
  DataOverview,
  DataSourceEntry,
  DataSourceParamRequest,
  DropListEntry,
  ExternalApi,
  ExternalApiSubmit,
  FooterInfo,
  GroupCount,
  Holiday,
  HolidayItem,
  HolidaySubmit,
  IdRequest,
  IdsRequest,
  IndexType,
  IndexTypeSubmit,
  Layout,
  NavigationItem,
  NavigationSubmit,
  NewsItem,
  ParamEntry,
  PreLoginConfig,
  PreLoginIndex,
  RoleClass,
  RoleEntry,
  ServiceCardConfig,
  ServiceCardConfigRequest,
  ServiceListRequest,
  ServiceSpecial,
  ServiceSpecialItem,
  ServiceSpecialSubmit,
  SubmitCardsRequest,
  Theme,
  ThemeDetail,
  TodoRemind,
  TodoRemindSubmit,
  ToolItem,
  TopMenu,
  UnderRequest,
  VerifyUrlRequest,
  VerifyUrlResult,
  HomeLayout,
  GuiseLogo,
  COMMON_UPLOAD_MAX_BYTES,
  UploadedImage,
} from '@portal/contracts/workbench';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { GROUPS, tenantOf, typed, userOf, type App } from '../../platform/http.ts';
import * as wb from './workbench.service.ts';
import { MENU } from './workbench.service.ts';
import { saveImage, sendImage } from './workbench.upload.ts';

const Empty = z.object({}).passthrough().optional();
const Done = envelope(z.null());
const Count = envelope(z.object({ count: z.number().int() }));
const PublicTenant = z.object({ tenantId: z.string().max(12).optional() }).passthrough().optional();

/**
 * Cards and navigation of 7.6 (online-service-platform), plus 7.4's theme and card-service calls.
 * Every configuration call declares its configurationMenu (`config.menu`), checked by one hook before validation.
 */
export async function workbenchRoutes(app: App): Promise<void> {
  const r = typed(app);
  const O = GROUPS.osp;
  const P = GROUPS.platform;
  const tags = ['workbench'];
  const d = app.deps;
  await app.register(multipart, { limits: { fileSize: COMMON_UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 } });

  // ---- cardbasicconfig, cardbusinessconfig, indexcardconfig ----
  r.post(`${O}/cardbasicconfig/detail`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Basic configuration of a card', body: IdRequest, response: { 200: envelope(Card) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.cardDetail(d, c, q.body.id));
  });
  r.post(`${O}/cardbasicconfig/submit`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Create or update a card (displayRows 1–3; chosen services within the item limit)', body: CardBasicSubmit, response: { 200: envelope(Card) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.submitCard(d, c, q.body));
  });
  r.post(`${O}/cardbusinessconfig/list`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Every card of the tenant (card business configuration)', body: Empty, response: { 200: envelope(z.array(Card)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.cardList(d, c));
  });
  r.post(`${O}/indexcardconfig/list`, { config: { access: 'user' }, schema: { tags, summary: "The caller's home page: index types with their published cards granted to the caller's role", body: Empty, response: { 200: envelope(HomeLayout) } } }, async (q) => {
    const c = userOf(q);
    return ok({ types: await wb.indexTypes(d, c.tenantId, c.roleId) });
  });
  r.post(`${O}/indexcardconfig/submit`, { config: { menu: MENU.home }, schema: { tags, summary: 'Publish a card', body: IdRequest, response: { 200: envelope(Card) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.setCardStatus(d, c, q.body.id, 1));
  });
  r.post(`${O}/indexcardconfig/under`, { config: { menu: MENU.home }, schema: { tags, summary: 'Take a card down (unpublish)', body: IdRequest, response: { 200: envelope(Card) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.setCardStatus(d, c, q.body.id, 0));
  });
  r.post(`${O}/indexcardconfig/remove`, { config: { menu: MENU.home }, schema: { tags, summary: 'Delete cards with their columns and grants', body: IdsRequest, response: { 200: Count } } }, async (q) => {
    const c = userOf(q);
    return ok({ count: await wb.removeCards(d, c, q.body.ids) });
  });

  // ---- cardcolumnconfig ----
  r.post(`${O}/cardcolumnconfig/list`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Columns of a card', body: CardIdRequest, response: { 200: envelope(z.array(CardColumn)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.columnList(d, c, q.body.cardId));
  });
  r.post(`${O}/cardcolumnconfig/detail`, { config: { menu: MENU.cards }, schema: { tags, summary: 'One column', body: IdRequest, response: { 200: envelope(CardColumn) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.columnDetail(d, c, q.body.id));
  });
  r.post(`${O}/cardcolumnconfig/getColumnDetail`, { config: { menu: MENU.cards }, schema: { tags, summary: 'One column with its data for the caller', body: IdRequest, response: { 200: envelope(ColumnData) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.columnWithData(d, c, q.body.id));
  });
  r.post(`${O}/cardcolumnconfig/submit`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Create or update a column (data source, field mapping)', body: CardColumnSubmit, response: { 200: envelope(CardColumn) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.submitColumn(d, c, q.body));
  });
  r.post(`${O}/cardcolumnconfig/remove`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Delete columns', body: IdsRequest, response: { 200: Count } } }, async (q) => {
    const c = userOf(q);
    return ok({ count: await wb.removeColumns(d, c, q.body.ids) });
  });
  r.post(`${O}/cardcolumnconfig/adjustOrder`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Order the columns of a card (cardId) or the cards themselves', body: AdjustOrderRequest, response: { 200: Done } } }, async (q) => {
    const c = userOf(q);
    await wb.adjustOrder(d, c, q.body);
    return ok(null);
  });
  r.post(`${O}/cardcolumnconfig/preview`, { config: { menu: MENU.cards }, schema: { tags, summary: 'A card with its data, published or not (preview dialog)', body: CardIdRequest.extend({ layout: Layout.default('same') }), response: { 200: envelope(CardView) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.previewCard(d, c, q.body.cardId, q.body.layout));
  });
  r.post(`${O}/cardcolumnconfig/getConfig`, { config: { access: 'user' }, schema: { tags, summary: "A published card granted to the caller's role, with its data", body: CardIdRequest.extend({ layout: Layout.default('same') }), response: { 200: envelope(CardView) } } }, async (q) =>
    ok(await wb.cardView(d, userOf(q), q.body.cardId, q.body.layout)),
  );
  r.post(`${O}/cardcolumnconfig/getServiceList`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Services to choose for a card', body: ServiceListRequest, response: { 200: envelope(z.array(CardService)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.catalogue(d).services(c.tenantId, c.roleId, { keyword: q.body.keyword, limit: q.body.size }));
  });
  r.post(`${O}/cardcolumnconfig/getApiList`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Registered external data-source APIs', body: Empty, response: { 200: envelope(z.array(ExternalApi)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.apiList(d, c));
  });
  r.post(`${O}/cardcolumnconfig/getApiDetail`, { config: { menu: MENU.cards }, schema: { tags, summary: 'One external API', body: IdRequest, response: { 200: envelope(ExternalApi) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.apiDetail(d, c, q.body.id));
  });
  r.post(`${O}/cardcolumnconfig/submitApi`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Register or update an external API (not in the spec; private targets refused)', body: ExternalApiSubmit, response: { 200: envelope(ExternalApi) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.submitApi(d, c, q.body));
  });
  r.post(`${O}/cardcolumnconfig/getDataSourceList`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Built-in data sources and registered APIs', body: Empty, response: { 200: envelope(z.array(DataSourceEntry)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.dataSourceList(d, c));
  });
  r.post(`${O}/cardcolumnconfig/getParamTypeList`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Parameter types of a field mapping', body: Empty, response: { 200: envelope(z.array(DropListEntry)) } } }, async (q) => {
    return ok(['string', 'number', 'date', 'boolean'].map((t) => ({ dictKey: t, dictValue: { string: '字符串', number: '数字', date: '日期', boolean: '布尔' }[t]! })));
  });
  r.post(`${O}/cardcolumnconfig/getReturnParamByDataSource`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Fields a data source returns', body: DataSourceParamRequest, response: { 200: envelope(z.array(ParamEntry)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.returnParams(d, c, q.body.dataSource, q.body.apiId));
  });
  r.post(`${O}/cardcolumnconfig/getRequestParamByDataSource`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Parameters a data source takes', body: DataSourceParamRequest, response: { 200: envelope(z.array(ParamEntry)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.requestParams(d, c, q.body.dataSource, q.body.apiId));
  });
  r.post(`${O}/cardcolumnconfig/getFlowType`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Flow types of the to-do data', body: Empty, response: { 200: envelope(z.array(DropListEntry)) } } }, async (q) => {
    const c = userOf(q);
    return ok((await wb.flowTypes(d, c)).map((f) => ({ dictKey: f, dictValue: f })));
  });
  r.post(`${O}/cardcolumnconfig/choseCopyColumnlist`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Columns of other cards of the same type; with columnIds, copies them onto the card', body: CopyColumnsRequest, response: { 200: envelope(z.array(CopyableColumn)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.copyColumns(d, c, q.body.cardId, q.body.columnIds));
  });
  r.post(`${O}/cardcolumnconfig/todoNumRemindDetail`, { config: { menu: MENU.cards }, schema: { tags, summary: 'The to-do reminder of a column', body: ColumnIdRequest, response: { 200: envelope(z.object({ field: z.string(), threshold: z.number(), enabled: z.boolean() })) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.todoRemind(d, c, q.body.columnId));
  });
  r.post(`${O}/cardcolumnconfig/todoNumRemindField`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Fields a to-do reminder may watch', body: Empty, response: { 200: envelope(z.array(DropListEntry)) } } }, async (q) => {
    return ok([{ dictKey: 'todoNum', dictValue: '待办数' }, { dictKey: 'todoTimeoutNum', dictValue: '超时数' }]);
  });
  r.post(`${O}/cardcolumnconfig/saveTodoNumRemind`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Save the to-do reminder of a column', body: TodoRemindSubmit, response: { 200: envelope(TodoRemind) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.saveTodoRemind(d, c, q.body));
  });
  r.post(`${O}/cardcolumnconfig/getRoleListClass`, { config: { menu: 'any' }, schema: { tags, summary: 'Roles grouped by role type', body: Empty, response: { 200: envelope(z.array(RoleClass)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.roleClasses(d, c.tenantId));
  });

  // ---- indextypeconfig ----
  r.post(`${O}/indextypeconfig/list`, { config: { menu: MENU.home }, schema: { tags, summary: 'Index types with every card placed on them', body: Empty, response: { 200: envelope(z.array(IndexType)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.indexTypes(d, c.tenantId, null));
  });
  r.post(`${O}/indextypeconfig/getCardList`, { config: { menu: MENU.home }, schema: { tags, summary: 'Cards that can be placed', body: Empty, response: { 200: envelope(z.array(Card)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.cardList(d, c));
  });
  r.post(`${O}/indextypeconfig/submit`, { config: { menu: MENU.home }, schema: { tags, summary: 'Create or update an index type', body: IndexTypeSubmit, response: { 200: envelope(z.object({ id: z.string() })) } } }, async (q) => {
    const c = userOf(q);
    return ok({ id: await wb.submitIndexType(d, c, q.body) });
  });
  r.post(`${O}/indextypeconfig/under`, { config: { menu: MENU.home }, schema: { tags, summary: 'Show (1) or take down (0) an index type', body: UnderRequest, response: { 200: Done } } }, async (q) => {
    const c = userOf(q);
    await wb.setIndexTypeStatus(d, c, q.body.id, q.body.status);
    return ok(null);
  });
  r.post(`${O}/indextypeconfig/submitCard`, { config: { menu: MENU.home }, schema: { tags, summary: 'The cards of an index type, in order', body: SubmitCardsRequest, response: { 200: Done } } }, async (q) => {
    const c = userOf(q);
    await wb.submitIndexCards(d, c, q.body.typeId, q.body.cardIds);
    return ok(null);
  });
  r.post(`${O}/indextypeconfig/authConfig`, { config: { menu: MENU.home }, schema: { tags, summary: 'Grant a card to roles', body: AuthConfigRequest, response: { 200: Done } } }, async (q) => {
    const c = userOf(q);
    await wb.authConfig(d, c, q.body.cardId, q.body.roleIds);
    return ok(null);
  });
  r.post(`${O}/indextypeconfig/getAuthConfig`, { config: { menu: MENU.home }, schema: { tags, summary: 'Roles a card is granted to', body: CardIdRequest, response: { 200: envelope(z.object({ cardId: z.string(), roleIds: z.array(z.string()) })) } } }, async (q) => {
    const c = userOf(q);
    const card = await wb.cardDetail(d, c, q.body.cardId);
    return ok({ cardId: card.id, roleIds: card.roleIds });
  });
  r.post(`${O}/indextypeconfig/remove`, { config: { menu: MENU.home }, schema: { tags, summary: 'Take cards off every index type', body: IdsRequest, response: { 200: Done } } }, async (q) => {
    const c = userOf(q);
    const own = (await wb.cardList(d, c)).map((x) => x.id);
    if (q.body.ids.some((id) => !own.includes(id))) throw notFound();
    await wb.removeIndexCards(d, c, q.body.ids);
    return ok(null);
  });
  r.post(`${O}/indextypeconfig/removeType`, { config: { menu: MENU.home }, schema: { tags, summary: 'Delete index types', body: IdsRequest, response: { 200: Done } } }, async (q) => {
    const c = userOf(q);
    await wb.removeIndexTypes(d, c, q.body.ids);
    return ok(null);
  });

  // ---- indexnavigationconfig ----
  r.post(`${O}/indexnavigationconfig/list`, { config: { menu: MENU.navigation }, schema: { tags, summary: 'Every navigation item, enabled or not', body: Empty, response: { 200: envelope(z.array(NavigationItem)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.navigationList(d, c.tenantId, false));
  });
  r.post(`${O}/indexnavigationconfig/submit`, { config: { menu: MENU.navigation }, schema: { tags, summary: "Add or edit a navigation item (at most 6 custom: '最多可添加6个')", body: NavigationSubmit, response: { 200: envelope(NavigationItem) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.submitNavigation(d, c, q.body));
  });
  r.post(`${O}/indexnavigationconfig/remove`, { config: { menu: MENU.navigation }, schema: { tags, summary: 'Delete custom navigation items', body: IdsRequest, response: { 200: Count } } }, async (q) => {
    const c = userOf(q);
    return ok({ count: await wb.removeNavigation(d, c, q.body.ids) });
  });
  r.post(`${O}/indexnavigationconfig/getAllDeptCategory`, { config: { menu: MENU.navigation }, schema: { tags, summary: 'Departments, to link a navigation item to', body: Empty, response: { 200: envelope(z.array(DropListEntry)) } } }, async (q) => {
    const c = userOf(q);
    return ok((await wb.catalogue(d).depts(c.tenantId)).map((x) => ({ dictKey: x.id, dictValue: x.name })));
  });

  // ---- footer, tools, theme ----
  r.post(`${O}/indexfooterinfo/detail`, { config: { access: 'user' }, schema: { tags, summary: 'Footer information', body: Empty, response: { 200: envelope(FooterInfo) } } }, async (q) => ok(await wb.footer(d, userOf(q).tenantId)));
  r.post(`${O}/indexfooterinfo/submit`, { config: { menu: MENU.home }, schema: { tags, summary: 'Save the footer', body: FooterInfo, response: { 200: envelope(FooterInfo) } } }, async (q) => {
    const c = userOf(q);
    await wb.saveFooter(d, c, q.body);
    return ok(q.body);
  });
  r.post(`${O}/commonTool/save`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Create or update a common tool', body: CommonToolSave, response: { 200: envelope(ToolItem.extend({ sort: z.number() })) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.saveTool(d, c, q.body));
  });
  r.post(`${O}/commonTool/verifyUrl`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Fetch a data-source url once (private, loopback and link-local targets refused)', body: VerifyUrlRequest, response: { 200: envelope(VerifyUrlResult) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.verifyUrl(d, c, q.body.url));
  });
  r.post(`${O}/commonTool/urlAllowlist`, { config: { menu: MENU.cards }, schema: { tags, summary: 'Hosts exempt from the private-address refusal (not in the spec); with hosts, replaces them', body: z.object({ hosts: z.array(z.string().max(253)).max(50).optional() }), response: { 200: envelope(z.array(z.string())) } } }, async (q) => {
    const c = userOf(q);
    return ok(q.body.hosts ? await wb.saveUrlAllowlist(d, c, q.body.hosts) : await wb.urlAllowlist(d, c));
  });
  r.post(`${O}/themeSetUp/detail`, { config: { access: 'user' }, schema: { tags, summary: "The caller's theme: their own, else the tenant's, else #008cff; with whether it is their own and the tenant's theme", body: Empty, response: { 200: envelope(ThemeDetail) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.themeDetail(d, c.tenantId, c.userId));
  });
  r.post(`${O}/themeSetUp/submit`, { config: { menu: MENU.home }, schema: { tags, summary: "Set the tenant's theme", body: Theme, response: { 200: envelope(Theme) } } }, async (q) => {
    const c = userOf(q);
    await wb.saveTenantTheme(d, c, q.body);
    return ok(q.body);
  });
  r.post(`${P}/userThemeSetUp/submit`, { config: { access: 'user' }, schema: { tags, summary: "Set the caller's own theme", body: Theme, response: { 200: envelope(Theme) } } }, async (q) => {
    await wb.saveUserTheme(d, userOf(q), q.body);
    return ok(q.body);
  });
  r.post(`${P}/userThemeSetUp/remove`, { config: { access: 'user' }, schema: { tags, summary: "Drop the caller's own theme and follow the tenant's again (not in the spec); answers the theme now shown", body: Empty, response: { 200: envelope(ThemeDetail) } } }, async (q) =>
    ok(await wb.removeUserTheme(d, userOf(q))),
  );
  r.post(`${P}/platformCardServiceConfig/queryServiceCardConfigDetail`, { config: { access: 'user' }, schema: { tags, summary: 'The services a service card shows the caller', body: ServiceCardConfigRequest, response: { 200: envelope(ServiceCardConfig) } } }, async (q) => {
    const c = userOf(q);
    const cards = (await wb.indexTypes(d, c.tenantId, c.roleId)).flatMap((t) => t.cardConfigs);
    const card = cards.find((x) => (q.body.cardId ? x.id === q.body.cardId : x.cardType === (q.body.cardType ?? 'businessExpress')));
    if (!card) throw notFound();
    const view = await wb.cardView(d, c, card.id, 'same');
    return ok({ cardId: card.id, cardName: card.basicConfig.cardName, displayRows: card.basicConfig.displayRows, services: view.services });
  });

  r.post(`${P}/platformapplyguiselogo/detail`, { config: { access: 'user' }, schema: { tags, summary: 'Logo, system name and theme colour of the tenant', body: Empty, response: { 200: envelope(GuiseLogo) } } }, async (q) => ok(await wb.guiseLogo(d, userOf(q).tenantId)));

  // ---- common dictionaries ----
  const dict = (path: string, summary: string, fn: (tenantId: string, roleId: string) => Promise<{ dictKey: string; dictValue: string }[]>) =>
    r.post(`${O}/common/${path}`, { config: { menu: 'any' }, schema: { tags, summary, body: Empty, response: { 200: envelope(z.array(DropListEntry)) } } }, async (q) => {
      const c = userOf(q);
      return ok(await fn(c.tenantId, c.roleId));
    });
  dict('teacher/dropList', 'Departments as a drop list', async (t) => (await wb.catalogue(d).depts(t)).map((x) => ({ dictKey: x.id, dictValue: x.name })));
  dict('getAppsDict', 'Service scenes as a drop list', async (t) => (await wb.catalogue(d).scenes(t)).map((x) => ({ dictKey: x.id, dictValue: x.name })));
  dict('getAccessWayList', 'Access ways', async () => [['1', '直接访问'], ['2', '统一认证'], ['3', '令牌访问'], ['4', '表单代填'], ['5', '组合参数']].map(([k, v]) => ({ dictKey: k!, dictValue: v! })));
  r.post(`${O}/common/getRoleList`, { config: { menu: 'any' }, schema: { tags, summary: 'Roles of the tenant', body: Empty, response: { 200: envelope(z.array(RoleEntry)) } } }, async (q) => {
    const c = userOf(q);
    return ok((await wb.roleClasses(d, c.tenantId)).flatMap((x) => x.roles));
  });
  r.post(`${O}/common/getRoleListClass`, { config: { menu: 'any' }, schema: { tags, summary: 'Roles grouped by role type', body: Empty, response: { 200: envelope(z.array(RoleClass)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.roleClasses(d, c.tenantId));
  });
  r.post(`${O}/common/getServiceInfo`, { config: { menu: 'any' }, schema: { tags, summary: 'Services by keyword', body: ServiceListRequest, response: { 200: envelope(z.array(CardService)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.catalogue(d).services(c.tenantId, c.roleId, { keyword: q.body.keyword, limit: q.body.size }));
  });

  r.post(`${O}/common/upload`, { config: { menu: 'any' }, schema: { tags, summary: 'Upload an image (png, jpg, gif, webp; 2 MB) for icons, logos and theme pictures', consumes: ['multipart/form-data'], response: { 200: envelope(UploadedImage) } } }, async (q) => {
    const c = userOf(q);
    return ok(await saveImage(d.files, c.tenantId, await q.file(), (t, name) => `${O}/nobody/common/image/${t}/${name}`));
  });
  r.get(`${O}/nobody/common/image/:tenantId/:name`, { config: { access: 'public' }, schema: { tags, summary: 'An uploaded image (public: icons and logos show on the landing page)', params: z.object({ tenantId: z.string().max(12), name: z.string().max(64) }) } }, async (q, reply) =>
    sendImage(reply, d.files, q.params.tenantId, q.params.name),
  );

  // ---- homePage ----
  r.post(`${O}/homePage/getTopMenu`, { config: { access: 'user' }, schema: { tags, summary: 'Enabled navigation items of the top bar', body: Empty, response: { 200: envelope(TopMenu) } } }, async (q) => ok({ navigation: await wb.navigationList(d, userOf(q).tenantId, true) }));
  r.post(`${O}/homePage/quickNavigation`, { config: { access: 'user' }, schema: { tags, summary: 'Enabled custom navigation items', body: Empty, response: { 200: envelope(z.array(NavigationItem)) } } }, async (q) =>
    ok((await wb.navigationList(d, userOf(q).tenantId, true)).filter((n) => n.isBuilt === 2)),
  );
  r.post(`${O}/homePage/getBusinessConfigMenu`, { config: { access: 'user' }, schema: { tags, summary: "The caller's configuration menus", body: Empty, response: { 200: envelope(z.array(BusinessConfigMenu)) } } }, async (q) => ok(await wb.businessConfigMenu(d, userOf(q))));
  r.post(`${O}/homePage/getFooterInfo`, { config: { access: 'user' }, schema: { tags, summary: 'Footer information', body: Empty, response: { 200: envelope(FooterInfo) } } }, async (q) => ok(await wb.footer(d, userOf(q).tenantId)));
  r.post(`${O}/homePage/getHoliday`, { config: { access: 'user' }, schema: { tags, summary: 'Coming holidays with days left', body: Empty, response: { 200: envelope(z.array(Holiday)) } } }, async (q) => ok(await wb.holidays(d, userOf(q).tenantId)));
  r.post(`${O}/homePage/getServiceSpecial`, { config: { access: 'user' }, schema: { tags, summary: "The featured service special (the first enabled one by sort) with the services the caller's role may use", body: Empty, response: { 200: envelope(ServiceSpecial.nullable()) } } }, async (q) => ok((await wb.serviceSpecials(d, userOf(q), true))[0] ?? null));
  r.post(`${O}/homePage/getServiceSpecialList`, { config: { access: 'user' }, schema: { tags, summary: "Every enabled service special, by sort, with the services the caller's role may use", body: Empty, response: { 200: envelope(z.array(ServiceSpecial)) } } }, async (q) => ok(await wb.serviceSpecials(d, userOf(q))));

  // ---- holidays and service specials of the home page (not in the spec, which only reads them: homePage/getHoliday …) ----
  r.post(`${O}/indexholidayconfig/list`, { config: { menu: MENU.home }, schema: { tags, summary: 'Every holiday of the home page greeting, past ones included (not in the spec)', body: Empty, response: { 200: envelope(z.array(HolidayItem)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.holidayList(d, c));
  });
  r.post(`${O}/indexholidayconfig/submit`, { config: { menu: MENU.home }, schema: { tags, summary: "Add or edit a holiday: name (at most 20 characters), date and optional end date (YYYY-MM-DD, end not before start), optional greeting (not in the spec)", body: HolidaySubmit, response: { 200: envelope(HolidayItem) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.submitHoliday(d, c, q.body));
  });
  r.post(`${O}/indexholidayconfig/remove`, { config: { menu: MENU.home }, schema: { tags, summary: 'Delete holidays (not in the spec)', body: IdsRequest, response: { 200: Count } } }, async (q) => {
    const c = userOf(q);
    return ok({ count: await wb.removeHolidays(d, c, q.body.ids) });
  });
  r.post(`${O}/indexservicespecialconfig/list`, { config: { menu: MENU.home }, schema: { tags, summary: 'Every service special, enabled or not, with its services in order (not in the spec)', body: Empty, response: { 200: envelope(z.array(ServiceSpecialItem)) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.specialList(d, c));
  });
  r.post(`${O}/indexservicespecialconfig/submit`, { config: { menu: MENU.home }, schema: { tags, summary: "Add or edit a service special with 1–12 of the tenant's services, in order, saved together (not in the spec)", body: ServiceSpecialSubmit, response: { 200: envelope(ServiceSpecialItem) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.submitSpecial(d, c, q.body));
  });
  r.post(`${O}/indexservicespecialconfig/remove`, { config: { menu: MENU.home }, schema: { tags, summary: 'Delete service specials with their service lists (not in the spec)', body: IdsRequest, response: { 200: Count } } }, async (q) => {
    const c = userOf(q);
    return ok({ count: await wb.removeSpecials(d, c, q.body.ids) });
  });

  // ---- pre-login landing page (nobody/preLogin) ----
  const pub = <T extends z.ZodType>(path: string, summary: string, result: T, fn: (tenantId: string) => Promise<z.input<T>>) =>
    app.post(`${O}/nobody/preLogin/${path}`, { schema: { tags, summary, body: PublicTenant, response: { 200: envelope(result) } } }, async (q) => ok(await fn(tenantOf(q))));
  const preIndex = async (t: string) => ({ config: await wb.preLogin(d, t), footer: await wb.footer(d, t), navigation: await wb.navigationList(d, t, true) });
  pub('getPreLoginIndex', 'Pre-login landing page: config, footer, navigation', PreLoginIndex, preIndex);
  pub('getPreLoginPage', 'Pre-login landing page configuration', PreLoginConfig, (t) => wb.preLogin(d, t));
  pub('dataOverview', 'Counts of the catalogue', DataOverview, async (t) => {
    const c = wb.catalogue(d);
    const [counts, depts, scenes] = await Promise.all([c.counts(t), c.depts(t), c.scenes(t)]);
    return { ...counts, deptCount: depts.length, sceneCount: scenes.length };
  });
  pub('serviceScenes', 'Scenes with public service counts', z.array(GroupCount), (t) => wb.catalogue(d).groupCounts(t, 'scene', true));
  pub('serviceDepts', 'Departments with public service counts', z.array(GroupCount), (t) => wb.catalogue(d).groupCounts(t, 'dept', true));
  pub('preLoginColumn', 'Campus news for the landing page', z.array(NewsItem), async (t) => (await wb.publicNews(d, t, 'news')));
  pub('messageColumn', 'Announcements for the landing page', z.array(NewsItem), async (t) => (await wb.publicNews(d, t, 'announcement')));
  pub('commonTool', 'Common tools', z.array(ToolItem), (t) => wb.toolList(d, t));
  pub('navigationDetail', 'Enabled navigation items', z.array(NavigationItem), (t) => wb.navigationList(d, t, true));
  pub('getFooterInfo', 'Footer information', FooterInfo, (t) => wb.footer(d, t));
  pub('getJumpServer', 'Where the landing page sends a visitor to log in', z.object({ url: z.string() }), async (t) => ({ url: (await wb.preLogin(d, t)).jumpServerUrl }));
  pub('serviceOverview', 'Most visited public services', z.array(z.object({ serviceId: z.string(), serviceName: z.string(), visitCount: z.number() })), async (t) =>
    (await wb.catalogue(d).publicServices(t, 10)).map((s) => ({ serviceId: s.id, serviceName: s.service_name, visitCount: Number(s.visit_count) })),
  );
  pub('throughService/serviceList', 'Public services with their urls', z.array(z.object({ serviceId: z.string(), serviceName: z.string(), serviceUrl: z.string() })), async (t) =>
    (await wb.catalogue(d).publicServices(t, 50)).map((s) => ({ serviceId: s.id, serviceName: s.service_name, serviceUrl: s.service_url })),
  );
  pub('common/configJson', 'The landing page configuration as JSON', PreLoginIndex, preIndex);
  r.get(`${O}/nobody/preLogin/common/semesterList`, { schema: { tags, summary: 'Semesters (for the landing page calendar)', querystring: PublicTenant, response: { 200: envelope(z.array(DropListEntry)) } } }, async () => {
    const y = new Date().getUTCFullYear();
    return ok([`${y}-${y + 1}-1`, `${y - 1}-${y}-2`, `${y - 1}-${y}-1`].map((s) => ({ dictKey: s, dictValue: `${s.slice(0, 9)}学年第${s.endsWith('1') ? '一' : '二'}学期` })));
  });
  r.post(`${O}/preLogin/submit`, { config: { menu: MENU.preLogin }, schema: { tags, summary: 'Save the pre-login landing page (not in the spec)', body: PreLoginConfig, response: { 200: envelope(PreLoginConfig) } } }, async (q) => {
    const c = userOf(q);
    return ok(await wb.savePreLogin(d, c, q.body));
  });
}
