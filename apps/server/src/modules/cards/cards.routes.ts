import {
  AdjustOrderRequest,
  Card,
  CardBasicSubmit,
  CardColumn,
  CardCreated,
  CardCreateRequest,
  CardColumnSubmit,
  CardIdRequest,
  CardService,
  CardView,
  CardViews,
  CardViewsRequest,
  ColumnData,
  ColumnIdRequest,
  CommonToolSave,
  CopyColumnsRequest,
  CopyableColumn,
  DataSourceEntry,
  DataSourceParamRequest,
  DropListEntry,
  ExternalApi,
  ExternalApiSubmit,
  IdRequest,
  IdsRequest,
  Layout,
  ParamEntry,
  RoleClass,
  ServiceListRequest,
  TodoRemind,
  TodoRemindSubmit,
  ToolItem,
  VerifyUrlRequest,
  VerifyUrlResult,
  EmptyRequest,
  CountResult,
} from '@portal/contracts/workbench';
import { z } from 'zod';
import { GROUPS, type App } from '../../platform/http.ts';
import { catalogueReadsOf } from '../services/services.service.ts';
import * as cards from './cards.service.ts';
import * as removal from './cards.remove.ts';
import { createCard } from './cards.create.ts';
import * as common from '../common/common.service.ts';
import { registerUploadParser } from '../common/common.upload.ts';
import { postCalls } from '../common/config-routes.ts';

/** The configuration menu each administration call needs (section 6; 2.2 on the server). */
const MENU = {
  cards: 'cardBusinessConfig',
  home: 'homePageConfig',
} as const;
const Empty = EmptyRequest;

/**
 * Cards of 7.6: cards, their columns and data, external data sources, common tools and to-do reminders.
 * Every configuration call declares its configurationMenu (`config.menu`), checked by one hook before validation.
 */
export async function cardsRoutes(app: App): Promise<void> {
  const d = app.deps;
  await registerUploadParser(app);
  const post = postCalls(app, { prefix: GROUPS.osp, tags: ['workbench'], guard: { menu: MENU.cards } });

  // ---- cardbasicconfig, cardbusinessconfig, indexcardconfig ----
  post(
    'cardbasicconfig/detail',
    { summary: 'Basic configuration of a card', body: IdRequest, result: Card },
    (c, body) => cards.cardDetail(d, c, body.id),
  );
  post(
    'cardbasicconfig/submit',
    {
      summary: 'Create or update a card (displayRows 1–3; chosen services within the item limit)',
      body: CardBasicSubmit,
      result: Card,
    },
    (c, body) => cards.submitCard(d, c, body),
  );
  // The card dialog's one call for a new card (ADR 0071): the guard and limits of cardbasicconfig/submit, whose card
  // it makes; the roles, the column and the place are the new card's own, and it is unpublished until 首页配置
  // publishes it.
  post(
    'cardbasicconfig/create',
    {
      summary:
        'Create a card with its roles, first column and place on a home tab, all or nothing (not in the spec; ADR 0071)',
      body: CardCreateRequest,
      result: CardCreated,
    },
    (c, body) => createCard(d, c, body),
  );
  post(
    'cardbusinessconfig/list',
    { summary: 'Every card of the tenant (card business configuration)', body: Empty, result: z.array(Card) },
    (c) => cards.cardList(d, c),
  );

  post(
    'indexcardconfig/submit',
    { summary: 'Publish a card', body: IdRequest, result: Card, guard: { menu: MENU.home } },
    (c, body) => cards.setCardStatus(d, c, body.id, 1),
  );
  post(
    'indexcardconfig/under',
    { summary: 'Take a card down (unpublish)', body: IdRequest, result: Card, guard: { menu: MENU.home } },
    (c, body) => cards.setCardStatus(d, c, body.id, 0),
  );
  post(
    'indexcardconfig/remove',
    {
      summary: 'Delete cards with their columns and grants',
      body: IdsRequest,
      result: CountResult,
      guard: { menu: MENU.home },
    },
    async (c, body) => ({ count: await cards.removeCards(d, c, body.ids) }),
  );

  // ---- cardcolumnconfig ----
  post(
    'cardcolumnconfig/list',
    { summary: 'Columns of a card', body: CardIdRequest, result: z.array(CardColumn) },
    (c, body) => cards.columnList(d, c, body.cardId),
  );
  post('cardcolumnconfig/detail', { summary: 'One column', body: IdRequest, result: CardColumn }, (c, body) =>
    cards.columnDetail(d, c, body.id),
  );
  post(
    'cardcolumnconfig/getColumnDetail',
    { summary: 'One column with its data for the caller', body: IdRequest, result: ColumnData },
    (c, body) => cards.columnWithData(d, c, body.id),
  );
  post(
    'cardcolumnconfig/submit',
    { summary: 'Create or update a column (data source, field mapping)', body: CardColumnSubmit, result: CardColumn },
    (c, body) => cards.submitColumn(d, c, body),
  );
  post(
    'cardcolumnconfig/remove',
    { summary: 'Delete columns', body: IdsRequest, result: CountResult },
    async (c, body) => ({ count: await cards.removeColumns(d, c, body.ids) }),
  );
  post(
    'cardcolumnconfig/adjustOrder',
    {
      summary: 'Order the columns of a card (cardId) or the cards themselves',
      body: AdjustOrderRequest,
      result: z.null(),
    },
    async (c, body) => {
      await cards.adjustOrder(d, c, body);
      return null;
    },
  );
  post(
    'cardcolumnconfig/preview',
    {
      summary: 'A card with its data, published or not (preview dialog)',
      body: CardIdRequest.extend({ layout: Layout.default('same') }),
      result: CardView,
    },
    (c, body) => cards.previewCard(d, c, body.cardId, body.layout),
  );
  post(
    'cardcolumnconfig/getConfig',
    {
      summary: "A published card granted to the caller's role, with its data",
      body: CardIdRequest.extend({ layout: Layout.default('same') }),
      result: CardView,
      guard: { access: 'user' },
    },
    (c, body) => cards.cardView(d, c, body.cardId, body.layout),
  );
  post(
    'cardcolumnconfig/getConfigs',
    {
      summary:
        "The caller's home page cards in one call: each card as getConfig answers it (the view, or that card's error)",
      body: CardViewsRequest,
      result: CardViews,
      guard: { access: 'user' },
    },
    async (c, body) => ({
      list: await cards.cardViews(d, c, body.cardIds, body.layout, (err, cardId) =>
        app.log.error({ err, cardId }, 'unexpected fault in a card of getConfigs'),
      ),
    }),
  );
  post(
    'cardcolumnconfig/getServiceList',
    { summary: 'Services to choose for a card', body: ServiceListRequest, result: z.array(CardService) },
    (c, body) => catalogueReadsOf(d.db).services(c.tenantId, c.roleId, { keyword: body.keyword, limit: body.size }),
  );
  post(
    'cardcolumnconfig/getApiList',
    { summary: 'Registered external data-source APIs', body: Empty, result: z.array(ExternalApi) },
    (c) => cards.apiList(d, c),
  );
  post(
    'cardcolumnconfig/getApiDetail',
    { summary: 'One external API', body: IdRequest, result: ExternalApi },
    (c, body) => cards.apiDetail(d, c, body.id),
  );
  post(
    'cardcolumnconfig/submitApi',
    {
      summary: 'Register or update an external API (not in the spec; private targets refused)',
      body: ExternalApiSubmit,
      result: ExternalApi,
    },
    (c, body) => cards.submitApi(d, c, body),
  );
  post(
    'cardcolumnconfig/getDataSourceList',
    { summary: 'Built-in data sources and registered APIs', body: Empty, result: z.array(DataSourceEntry) },
    (c) => cards.dataSourceList(d, c),
  );
  post(
    'cardcolumnconfig/getParamTypeList',
    { summary: 'Parameter types of a field mapping', body: Empty, result: z.array(DropListEntry) },
    async () =>
      ['string', 'number', 'date', 'boolean'].map((t) => ({
        dictKey: t,
        dictValue: { string: '字符串', number: '数字', date: '日期', boolean: '布尔' }[t]!,
      })),
  );
  post(
    'cardcolumnconfig/getReturnParamByDataSource',
    { summary: 'Fields a data source returns', body: DataSourceParamRequest, result: z.array(ParamEntry) },
    (c, body) => cards.returnParams(d, c, body.dataSource, body.apiId),
  );
  post(
    'cardcolumnconfig/getRequestParamByDataSource',
    { summary: 'Parameters a data source takes', body: DataSourceParamRequest, result: z.array(ParamEntry) },
    (c, body) => cards.requestParams(d, c, body.dataSource, body.apiId),
  );
  post(
    'cardcolumnconfig/getFlowType',
    { summary: 'Flow types of the to-do data', body: Empty, result: z.array(DropListEntry) },
    async (c) => (await cards.flowTypes(d, c)).map((f) => ({ dictKey: f, dictValue: f })),
  );
  post(
    'cardcolumnconfig/choseCopyColumnlist',
    {
      summary: 'Columns of other cards of the same type; with columnIds, copies them onto the card',
      body: CopyColumnsRequest,
      result: z.array(CopyableColumn),
    },
    (c, body) => cards.copyColumns(d, c, body.cardId, body.columnIds),
  );
  post(
    'cardcolumnconfig/todoNumRemindDetail',
    {
      summary: 'The to-do reminder of a column',
      body: ColumnIdRequest,
      result: z.object({ field: z.string(), threshold: z.number(), enabled: z.boolean() }),
    },
    (c, body) => cards.todoRemind(d, c, body.columnId),
  );
  post(
    'cardcolumnconfig/todoNumRemindField',
    { summary: 'Fields a to-do reminder may watch', body: Empty, result: z.array(DropListEntry) },
    async () => [
      { dictKey: 'todoNum', dictValue: '待办数' },
      { dictKey: 'todoTimeoutNum', dictValue: '超时数' },
    ],
  );
  post(
    'cardcolumnconfig/saveTodoNumRemind',
    { summary: 'Save the to-do reminder of a column', body: TodoRemindSubmit, result: TodoRemind },
    (c, body) => cards.saveTodoRemind(d, c, body),
  );
  post(
    'cardcolumnconfig/getRoleListClass',
    { summary: 'Roles grouped by role type', body: Empty, result: z.array(RoleClass), guard: { menu: 'any' } },
    (c) => common.roleClasses(d, c.tenantId),
  );

  // Issue 16: what administrators created here can be deleted here (the UI asks first).
  const RemovedResult = z.object({ removed: z.boolean() });
  post(
    'cardcolumnconfig/removeApi',
    {
      summary: 'Delete an external API (not in the spec); refused, naming them, while columns read it',
      body: IdRequest,
      result: RemovedResult,
    },
    (c, body) => removal.removeApi(d, c, body.id),
  );
  post(
    'commonTool/remove',
    { summary: 'Delete a common tool (not in the spec)', body: IdRequest, result: RemovedResult },
    (c, body) => removal.removeTool(d, c, body.id),
  );
  post(
    'commonTool/save',
    { summary: 'Create or update a common tool', body: CommonToolSave, result: ToolItem.extend({ sort: z.number() }) },
    (c, body) => cards.saveTool(d, c, body),
  );
  post(
    'commonTool/verifyUrl',
    {
      summary: 'Fetch a data-source url once (private, loopback and link-local targets refused)',
      body: VerifyUrlRequest,
      result: VerifyUrlResult,
    },
    (c, body) => cards.verifyUrl(d, c, body.url),
  );
  post(
    'commonTool/urlAllowlist',
    {
      summary: 'Hosts exempt from the private-address refusal (not in the spec); with hosts, replaces them',
      body: z.object({ hosts: z.array(z.string().max(253)).max(50).optional() }),
      result: z.array(z.string()),
    },
    async (c, body) => (body.hosts ? await cards.saveUrlAllowlist(d, c, body.hosts) : await cards.urlAllowlist(d, c)),
  );
}
