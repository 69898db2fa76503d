import { envelope } from '@portal/contracts/envelope';
import {
  AuthConfigRequest,
  Card,
  CardIdRequest,
  IdRequest,
  IdsRequest,
  IndexType,
  IndexTypeOrderRequest,
  IndexTypeSubmit,
  ServiceCardConfig,
  ServiceCardConfigRequest,
  SubmitCardsRequest,
  UnderRequest,
  HomeLayout,
  EmptyRequest,
} from '@portal/contracts/workbench';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import * as home from './home-config.service.ts';
import * as cards from '../cards/cards.service.ts';
import { registerUploadParser } from '../common/common.upload.ts';

/** The configuration menu each administration call needs (section 6; 2.2 on the server). */
const MENU = {
  home: 'homePageConfig',
} as const;
const Empty = EmptyRequest;
const Done = envelope(z.null());

/**
 * The home layout of 7.6: index types (home tabs) with the cards placed on them, and 7.4's card-service call.
 * Every configuration call declares its configurationMenu (`config.menu`), checked by one hook before validation.
 */
export async function homeConfigRoutes(app: App): Promise<void> {
  const r = typed(app);
  const O = GROUPS.osp;
  const P = GROUPS.platform;
  const tags = ['workbench'];
  const d = app.deps;
  await registerUploadParser(app);

  r.post(
    `${O}/indexcardconfig/list`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's home page: index types with their published cards granted to the caller's role",
        body: Empty,
        response: { 200: envelope(HomeLayout) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok({ types: await home.indexTypes(d, c.tenantId, c.roleId) });
    },
  );

  // ---- indextypeconfig ----
  r.post(
    `${O}/indextypeconfig/list`,
    {
      config: { menu: MENU.home },
      schema: {
        tags,
        summary: 'Index types with every card placed on them',
        body: Empty,
        response: { 200: envelope(z.array(IndexType)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await home.indexTypes(d, c.tenantId, null));
    },
  );
  r.post(
    `${O}/indextypeconfig/getCardList`,
    {
      config: { menu: MENU.home },
      schema: { tags, summary: 'Cards that can be placed', body: Empty, response: { 200: envelope(z.array(Card)) } },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cards.cardList(d, c));
    },
  );
  r.post(
    `${O}/indextypeconfig/submit`,
    {
      config: { menu: MENU.home },
      schema: {
        tags,
        summary: 'Create or update an index type',
        body: IndexTypeSubmit,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok({ id: await home.submitIndexType(d, c, q.body) });
    },
  );
  r.post(
    `${O}/indextypeconfig/under`,
    {
      config: { menu: MENU.home },
      schema: { tags, summary: 'Show (1) or take down (0) an index type', body: UnderRequest, response: { 200: Done } },
    },
    async (q) => {
      const c = userOf(q);
      await home.setIndexTypeStatus(d, c, q.body.id, q.body.status);
      return ok(null);
    },
  );
  r.post(
    `${O}/indextypeconfig/submitCard`,
    {
      config: { menu: MENU.home },
      schema: {
        tags,
        summary: 'The cards of an index type, in order',
        body: SubmitCardsRequest,
        response: { 200: Done },
      },
    },
    async (q) => {
      const c = userOf(q);
      await home.submitIndexCards(d, c, q.body.typeId, q.body.cardIds, q.body.cardsVersion);
      return ok(null);
    },
  );
  r.post(
    `${O}/indextypeconfig/authConfig`,
    {
      config: { menu: MENU.home },
      schema: { tags, summary: 'Grant a card to roles', body: AuthConfigRequest, response: { 200: Done } },
    },
    async (q) => {
      const c = userOf(q);
      await cards.authConfig(d, c, q.body.cardId, q.body.roleIds);
      return ok(null);
    },
  );
  r.post(
    `${O}/indextypeconfig/getAuthConfig`,
    {
      config: { menu: MENU.home },
      schema: {
        tags,
        summary: 'Roles a card is granted to',
        body: CardIdRequest,
        response: { 200: envelope(z.object({ cardId: z.string(), roleIds: z.array(z.string()) })) },
      },
    },
    async (q) => {
      const c = userOf(q);
      const card = await cards.cardDetail(d, c, q.body.cardId);
      return ok({ cardId: card.id, roleIds: card.roleIds });
    },
  );
  r.post(
    `${O}/indextypeconfig/remove`,
    {
      config: { menu: MENU.home },
      schema: { tags, summary: 'Take cards off every index type', body: IdsRequest, response: { 200: Done } },
    },
    async (q) => {
      const c = userOf(q);
      const own = (await cards.cardList(d, c)).map((x) => x.id);
      if (q.body.ids.some((id) => !own.includes(id))) throw notFound();
      await cards.removePlacements(d, c, q.body.ids);
      return ok(null);
    },
  );
  r.post(
    `${O}/indextypeconfig/removeType`,
    {
      config: { menu: MENU.home },
      schema: {
        tags,
        summary: 'Delete index types (never every tab, nor the default tab: another is made the default first)',
        body: IdsRequest,
        response: { 200: Done },
      },
    },
    async (q) => {
      const c = userOf(q);
      await home.removeIndexTypes(d, c, q.body.ids);
      return ok(null);
    },
  );
  r.post(
    `${O}/indextypeconfig/setDefault`,
    {
      config: { menu: MENU.home },
      schema: {
        tags,
        summary: 'Make an index type the tab the home page opens on, for every user (not in the spec)',
        body: IdRequest,
        response: { 200: Done },
      },
    },
    async (q) => {
      await home.setDefaultIndexType(d, userOf(q), q.body.id);
      return ok(null);
    },
  );
  r.post(
    `${O}/indextypeconfig/adjustOrder`,
    {
      config: { menu: MENU.home },
      schema: {
        tags,
        summary: 'Order the index types: every tab of the tenant, once each (not in the spec)',
        body: IndexTypeOrderRequest,
        response: { 200: Done },
      },
    },
    async (q) => {
      await home.adjustIndexTypeOrder(d, userOf(q), q.body.ids);
      return ok(null);
    },
  );

  r.post(
    `${P}/platformCardServiceConfig/queryServiceCardConfigDetail`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The services a service card shows the caller',
        body: ServiceCardConfigRequest,
        response: { 200: envelope(ServiceCardConfig) },
      },
    },
    async (q) => {
      const c = userOf(q);
      const placed = (await home.indexTypes(d, c.tenantId, c.roleId)).flatMap((t) => t.cardConfigs);
      const card = placed.find((x) =>
        q.body.cardId ? x.id === q.body.cardId : x.cardType === (q.body.cardType ?? 'businessExpress'),
      );
      if (!card) throw notFound();
      const view = await cards.cardView(d, c, card.id, 'same');
      return ok({
        cardId: card.id,
        cardName: card.basicConfig.cardName,
        displayRows: card.basicConfig.displayRows,
        services: view.services,
      });
    },
  );
}
