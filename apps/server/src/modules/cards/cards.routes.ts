import { envelope } from '@portal/contracts/envelope';
import {
  AdjustOrderRequest,
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
import { ok } from '../../platform/envelope.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import { catalogueReadsOf } from '../services/services.service.ts';
import * as cards from './cards.service.ts';
import * as removal from './cards.remove.ts';
import * as common from '../common/common.service.ts';
import { registerUploadParser } from '../common/common.upload.ts';

/** The configuration menu each administration call needs (section 6; 2.2 on the server). */
const MENU = {
  cards: 'cardBusinessConfig',
  home: 'homePageConfig',
} as const;
const Empty = EmptyRequest;
const Done = envelope(z.null());
const Count = envelope(CountResult);

/**
 * Cards of 7.6: cards, their columns and data, external data sources, common tools and to-do reminders.
 * Every configuration call declares its configurationMenu (`config.menu`), checked by one hook before validation.
 */
export async function cardsRoutes(app: App): Promise<void> {
  const r = typed(app);
  const O = GROUPS.osp;
  const tags = ['workbench'];
  const d = app.deps;
  await registerUploadParser(app);

  // ---- cardbasicconfig, cardbusinessconfig, indexcardconfig ----
  r.post(
    `${O}/cardbasicconfig/detail`,
    {
      config: { menu: MENU.cards },
      schema: { tags, summary: 'Basic configuration of a card', body: IdRequest, response: { 200: envelope(Card) } },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.cardDetail(d, c, q.body.id));
    },
  );
  r.post(
    `${O}/cardbasicconfig/submit`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Create or update a card (displayRows 1–3; chosen services within the item limit)',
        body: CardBasicSubmit,
        response: { 200: envelope(Card) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.submitCard(d, c, q.body));
    },
  );
  r.post(
    `${O}/cardbusinessconfig/list`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Every card of the tenant (card business configuration)',
        body: Empty,
        response: { 200: envelope(z.array(Card)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.cardList(d, c));
    },
  );

  r.post(
    `${O}/indexcardconfig/submit`,
    {
      config: { menu: MENU.home },
      schema: { tags, summary: 'Publish a card', body: IdRequest, response: { 200: envelope(Card) } },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.setCardStatus(d, c, q.body.id, 1));
    },
  );
  r.post(
    `${O}/indexcardconfig/under`,
    {
      config: { menu: MENU.home },
      schema: { tags, summary: 'Take a card down (unpublish)', body: IdRequest, response: { 200: envelope(Card) } },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.setCardStatus(d, c, q.body.id, 0));
    },
  );
  r.post(
    `${O}/indexcardconfig/remove`,
    {
      config: { menu: MENU.home },
      schema: {
        tags,
        summary: 'Delete cards with their columns and grants',
        body: IdsRequest,
        response: { 200: Count },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok({ count: await cards.removeCards(d, c, q.body.ids) });
    },
  );

  // ---- cardcolumnconfig ----
  r.post(
    `${O}/cardcolumnconfig/list`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Columns of a card',
        body: CardIdRequest,
        response: { 200: envelope(z.array(CardColumn)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.columnList(d, c, q.body.cardId));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/detail`,
    {
      config: { menu: MENU.cards },
      schema: { tags, summary: 'One column', body: IdRequest, response: { 200: envelope(CardColumn) } },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.columnDetail(d, c, q.body.id));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/getColumnDetail`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'One column with its data for the caller',
        body: IdRequest,
        response: { 200: envelope(ColumnData) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.columnWithData(d, c, q.body.id));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/submit`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Create or update a column (data source, field mapping)',
        body: CardColumnSubmit,
        response: { 200: envelope(CardColumn) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.submitColumn(d, c, q.body));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/remove`,
    {
      config: { menu: MENU.cards },
      schema: { tags, summary: 'Delete columns', body: IdsRequest, response: { 200: Count } },
    },
    async (q) => {
      const c = userOf(q);
      return ok({ count: await cards.removeColumns(d, c, q.body.ids) });
    },
  );
  r.post(
    `${O}/cardcolumnconfig/adjustOrder`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Order the columns of a card (cardId) or the cards themselves',
        body: AdjustOrderRequest,
        response: { 200: Done },
      },
    },
    async (q) => {
      const c = userOf(q);
      await cards.adjustOrder(d, c, q.body);
      return ok(null);
    },
  );
  r.post(
    `${O}/cardcolumnconfig/preview`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'A card with its data, published or not (preview dialog)',
        body: CardIdRequest.extend({ layout: Layout.default('same') }),
        response: { 200: envelope(CardView) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.previewCard(d, c, q.body.cardId, q.body.layout));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/getConfig`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "A published card granted to the caller's role, with its data",
        body: CardIdRequest.extend({ layout: Layout.default('same') }),
        response: { 200: envelope(CardView) },
      },
    },
    async (q) => ok(await cards.cardView(d, userOf(q), q.body.cardId, q.body.layout)),
  );
  r.post(
    `${O}/cardcolumnconfig/getServiceList`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Services to choose for a card',
        body: ServiceListRequest,
        response: { 200: envelope(z.array(CardService)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(
        await catalogueReadsOf(d.db).services(c.tenantId, c.roleId, { keyword: q.body.keyword, limit: q.body.size }),
      );
    },
  );
  r.post(
    `${O}/cardcolumnconfig/getApiList`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Registered external data-source APIs',
        body: Empty,
        response: { 200: envelope(z.array(ExternalApi)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.apiList(d, c));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/getApiDetail`,
    {
      config: { menu: MENU.cards },
      schema: { tags, summary: 'One external API', body: IdRequest, response: { 200: envelope(ExternalApi) } },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.apiDetail(d, c, q.body.id));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/submitApi`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Register or update an external API (not in the spec; private targets refused)',
        body: ExternalApiSubmit,
        response: { 200: envelope(ExternalApi) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.submitApi(d, c, q.body));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/getDataSourceList`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Built-in data sources and registered APIs',
        body: Empty,
        response: { 200: envelope(z.array(DataSourceEntry)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.dataSourceList(d, c));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/getParamTypeList`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Parameter types of a field mapping',
        body: Empty,
        response: { 200: envelope(z.array(DropListEntry)) },
      },
    },
    async () => {
      return ok(
        ['string', 'number', 'date', 'boolean'].map((t) => ({
          dictKey: t,
          dictValue: { string: '字符串', number: '数字', date: '日期', boolean: '布尔' }[t]!,
        })),
      );
    },
  );
  r.post(
    `${O}/cardcolumnconfig/getReturnParamByDataSource`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Fields a data source returns',
        body: DataSourceParamRequest,
        response: { 200: envelope(z.array(ParamEntry)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.returnParams(d, c, q.body.dataSource, q.body.apiId));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/getRequestParamByDataSource`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Parameters a data source takes',
        body: DataSourceParamRequest,
        response: { 200: envelope(z.array(ParamEntry)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.requestParams(d, c, q.body.dataSource, q.body.apiId));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/getFlowType`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Flow types of the to-do data',
        body: Empty,
        response: { 200: envelope(z.array(DropListEntry)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok((await cards.flowTypes(d, c)).map((f) => ({ dictKey: f, dictValue: f })));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/choseCopyColumnlist`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Columns of other cards of the same type; with columnIds, copies them onto the card',
        body: CopyColumnsRequest,
        response: { 200: envelope(z.array(CopyableColumn)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.copyColumns(d, c, q.body.cardId, q.body.columnIds));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/todoNumRemindDetail`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'The to-do reminder of a column',
        body: ColumnIdRequest,
        response: { 200: envelope(z.object({ field: z.string(), threshold: z.number(), enabled: z.boolean() })) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.todoRemind(d, c, q.body.columnId));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/todoNumRemindField`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Fields a to-do reminder may watch',
        body: Empty,
        response: { 200: envelope(z.array(DropListEntry)) },
      },
    },
    async () => {
      return ok([
        { dictKey: 'todoNum', dictValue: '待办数' },
        { dictKey: 'todoTimeoutNum', dictValue: '超时数' },
      ]);
    },
  );
  r.post(
    `${O}/cardcolumnconfig/saveTodoNumRemind`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Save the to-do reminder of a column',
        body: TodoRemindSubmit,
        response: { 200: envelope(TodoRemind) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.saveTodoRemind(d, c, q.body));
    },
  );
  r.post(
    `${O}/cardcolumnconfig/getRoleListClass`,
    {
      config: { menu: 'any' },
      schema: {
        tags,
        summary: 'Roles grouped by role type',
        body: Empty,
        response: { 200: envelope(z.array(RoleClass)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await common.roleClasses(d, c.tenantId));
    },
  );

  // Issue 16: what administrators created here can be deleted here (the UI asks first).
  const Removed = envelope(z.object({ removed: z.boolean() }));
  r.post(
    `${O}/cardcolumnconfig/removeApi`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Delete an external API (not in the spec); refused, naming them, while columns read it',
        body: IdRequest,
        response: { 200: Removed },
      },
    },
    async (q) => ok(await removal.removeApi(d, userOf(q), q.body.id)),
  );
  r.post(
    `${O}/commonTool/remove`,
    {
      config: { menu: MENU.cards },
      schema: { tags, summary: 'Delete a common tool (not in the spec)', body: IdRequest, response: { 200: Removed } },
    },
    async (q) => ok(await removal.removeTool(d, userOf(q), q.body.id)),
  );
  r.post(
    `${O}/commonTool/save`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Create or update a common tool',
        body: CommonToolSave,
        response: { 200: envelope(ToolItem.extend({ sort: z.number() })) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.saveTool(d, c, q.body));
    },
  );
  r.post(
    `${O}/commonTool/verifyUrl`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Fetch a data-source url once (private, loopback and link-local targets refused)',
        body: VerifyUrlRequest,
        response: { 200: envelope(VerifyUrlResult) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.verifyUrl(d, c, q.body.url));
    },
  );
  r.post(
    `${O}/commonTool/urlAllowlist`,
    {
      config: { menu: MENU.cards },
      schema: {
        tags,
        summary: 'Hosts exempt from the private-address refusal (not in the spec); with hosts, replaces them',
        body: z.object({ hosts: z.array(z.string().max(253)).max(50).optional() }),
        response: { 200: envelope(z.array(z.string())) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(q.body.hosts ? await cards.saveUrlAllowlist(d, c, q.body.hosts) : await cards.urlAllowlist(d, c));
    },
  );
}
