import multipart from '@fastify/multipart';
import { envelope, pageOf } from '@portal/contracts/envelope';
import { MESSAGES } from '@portal/contracts/errors';
import { COMMON_UPLOAD_MAX_BYTES, WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import {
  AccountBinding,
  CanUserRate,
  ChangeOrderRequest,
  ClickServiceRequest,
  CollectResult,
  CombIdentity,
  CombLoginRequest,
  CombTicket,
  CombTicketRequest,
  CustomPageRequest,
  FooterConfig,
  GiveScoreRequest,
  GroupListRequest,
  GuideHit,
  GuideSearchRequest,
  HeatWordRequest,
  LandingConfig,
  LandingIndex,
  LandingIndexRequest,
  MyRatesPage,
  MyRatesRequest,
  MyRecentRequest,
  RecentService,
  NavigationBarItem,
  PageRolesRequest,
  PublicServiceIdRequest,
  QueryAllServiceByTypeRequest,
  QueryServiceByTypeRequest,
  QuickScoreLabel,
  RateServiceRequest,
  RemoveBindRequest,
  RemoveBindResult,
  SearchMissPage,
  SearchMissPageRequest,
  SearchServiceRequest,
  ServiceCount,
  ServiceDetail,
  ServiceGroup,
  ServiceGroupWithServices,
  ServiceGuide,
  ServiceIconUploaded,
  ServiceIdRequest,
  ServiceItem,
  ServicePage,
  ServiceRateDetail,
  ServiceRateDetailRequest,
  ServiceRoles,
  ServicePageRequest,
  ShelfLabel,
  TenantBody,
  TenantQuery,
  ThirdPartySystem,
  ToolItem,
  TopServicesRequest,
  BIND_TEXTS,
  type GroupKind,
  SERVICE_TEXTS,
} from '@portal/contracts/services';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import * as services from './services.service.ts';
import { issueCombTicket, redeemCombTicket } from './services.comb.ts';
import { uploadServiceIcon } from './services.upload.ts';
import { visitorOf } from './visits.ts';
import { catalogueAlong, catalogueReadOf, landingAlong } from './catalogue-along.ts';
import { SERVICE_ICON_MENUS } from '@portal/contracts/services';
import { closeSearchWords, useSearcherKey } from './search-words.ts';
import { limitOf } from '../../platform/rate-limit.ts';

/**
 * The service hall, the service centers and the pre-login landing page: 7.2, 7.4, 7.5 and the comb-cygj
 * navigation and tools of 7.9. `nobody` paths answer anonymous visitors of the named tenant; the others the
 * logged-in user (or, where marked 'optional', either).
 */
export async function servicesRoutes(app: App): Promise<void> {
  const r = typed(app);
  const P = GROUPS.platform;
  const W = GROUPS.workbench;
  const C = GROUPS.cygj;
  const tags = ['services'];
  const db = app.deps.db;

  /** The caller: the user of a token, or an anonymous visitor of the named tenant. */
  const caller = (request: FastifyRequest) => {
    if (!request.tenantId) throw badRequest(MESSAGES.missingTenant);
    return services.callerFor(db, request.tenantId, request.ctx, catalogueReadOf(request.along));
  };
  const anonymous = (request: FastifyRequest) => {
    if (!request.tenantId) throw badRequest(MESSAGES.missingTenant);
    return services.callerFor(db, request.tenantId, null, catalogueReadOf(request.along));
  };
  const logged = (request: FastifyRequest) => {
    const user = userOf(request);
    return { c: services.callerFor(db, user.tenantId, user, catalogueReadOf(request.along)), user };
  };
  const optional = { access: 'optional' as const };
  // Search words are written in batches (search-words.ts): the last ones before the app stops.
  app.addHook('onClose', async () => closeSearchWords(db));
  // Who searched is stored as a hash keyed by the server's secret, the same on every node (ADR 0066).
  useSearcherKey(db, app.deps.config.tokenSecret);
  // serviceInfo/upload: one image of at most 2 MB and a few short fields (the same limits as common/upload).
  await app.register(multipart, {
    limits: { fileSize: COMMON_UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 },
  });

  // ---------------------------------------------------------------- 7.2 landing, anonymous

  r.get(
    `${P}/nobody/prepareLogin/getStatisticData`,
    {
      config: { along: catalogueAlong },
      schema: {
        tags,
        summary: 'Landing statistics: services, departments, scenes, visits',
        querystring: TenantQuery,
        response: { 200: envelope(ServiceCount) },
      },
    },
    async (request) => ok(await services.statistic(anonymous(request))),
  );
  r.post(
    `${P}/nobody/prepareLogin/searchService`,
    {
      config: { along: catalogueAlong },
      schema: {
        tags,
        summary: 'Search the services open to visitors (relevance, then heat)',
        body: SearchServiceRequest,
        response: { 200: envelope(ServicePage) },
      },
    },
    async (request) => ok(await services.search(anonymous(request), request.body, request.ip)),
  );
  r.post(
    `${P}/nobody/prepareLogin/queryThirdParty`,
    {
      schema: {
        tags,
        summary: 'Third-party systems (accessWay 3) open to visitors',
        body: TenantBody,
        response: { 200: envelope(z.array(ThirdPartySystem)) },
      },
    },
    async (request) => ok(await services.thirdParty(anonymous(request))),
  );
  r.post(
    `${P}/nobody/prepareLogin/queryServiceByType`,
    {
      schema: {
        tags,
        summary: 'Services of one scene, department or type, paged',
        body: QueryServiceByTypeRequest,
        response: { 200: envelope(ServicePage) },
      },
    },
    async (request) =>
      ok(
        await services.servicesOfGroup(
          anonymous(request),
          request.body.groupBy,
          request.body.groupId,
          request.body.current,
          request.body.size,
        ),
      ),
  );
  r.post(
    `${P}/nobody/prepareLogin/queryAllServiceByType`,
    {
      config: { along: catalogueAlong },
      schema: {
        tags,
        summary: 'Every scene, department or type with its most visited services',
        body: QueryAllServiceByTypeRequest,
        response: { 200: envelope(z.array(ServiceGroupWithServices)) },
      },
    },
    async (request) =>
      ok(await services.allGroupsWithServices(anonymous(request), request.body.groupBy, request.body.perGroup)),
  );
  r.get(
    `${P}/nobody/prepareLogin/bottomConfigDetail`,
    {
      config: { along: catalogueAlong },
      schema: {
        tags,
        summary: 'The landing page footer',
        querystring: TenantQuery,
        response: { 200: envelope(FooterConfig) },
      },
    },
    async (request) => ok(await services.footerConfig(anonymous(request))),
  );
  r.get(
    `${P}/nobody/prepareLogin/configDetail`,
    {
      config: { along: catalogueAlong },
      schema: {
        tags,
        summary: 'The landing page configuration',
        querystring: TenantQuery,
        response: { 200: envelope(LandingConfig) },
      },
    },
    async (request) => ok(await services.landingConfig(anonymous(request))),
  );
  r.post(
    `${P}/nobody/index/index`,
    {
      config: { along: landingAlong },
      schema: {
        tags,
        summary:
          "A visitor's landing page in one call: configuration, footer, statistics, hot words, navigation, tools, " +
          'newly launched, most visited, and the first browse tab’s groups',
        body: LandingIndexRequest,
        response: { 200: envelope(LandingIndex) },
      },
    },
    async (request) => ok(await services.landingIndex(anonymous(request), request.body)),
  );
  r.get(
    `${W}/baseService/getShelfLabel`,
    {
      config: optional,
      schema: {
        tags,
        summary: 'Shelf labels of services',
        querystring: TenantQuery,
        response: { 200: envelope(z.array(ShelfLabel)) },
      },
    },
    async (request) => ok(await services.shelfLabels(caller(request))),
  );

  // ---------------------------------------------------------------- 7.4 service center

  r.post(
    `${P}/serverCenter/page`,
    {
      config: { access: 'user', along: catalogueAlong },
      schema: {
        tags,
        summary: 'Services the user may see, by department, scene, type and keyword',
        body: ServicePageRequest,
        response: { 200: envelope(ServicePage) },
      },
    },
    async (request) => ok(await services.page(logged(request).c, request.body)),
  );
  r.post(
    `${P}/nobody/serverCenter/page`,
    {
      config: { along: catalogueAlong },
      schema: {
        tags,
        summary: 'Services open to visitors, by department, scene, type and keyword',
        body: ServicePageRequest,
        response: { 200: envelope(ServicePage) },
      },
    },
    async (request) => ok(await services.page(anonymous(request), request.body)),
  );
  r.post(
    `${P}/serverCenter/customPage`,
    {
      config: optional,
      schema: {
        tags,
        summary: 'Chosen services in the given order',
        body: CustomPageRequest,
        response: { 200: envelope(ServicePage) },
      },
    },
    async (request) => ok(await services.customPage(caller(request), request.body)),
  );
  r.post(
    `${P}/serverCenter/pageRoles`,
    {
      config: { access: 'user', admin: SERVICE_TEXTS.adminOnly },
      schema: {
        tags,
        summary: 'Services with the roles that see them (administrator)',
        body: PageRolesRequest,
        response: { 200: envelope(pageOf(ServiceRoles)) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.pageRoles(c, user, request.body));
    },
  );
  r.post(
    `${P}/serverCenter/details`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Service details for a logged-in user (role visibility applies)',
        body: ServiceIdRequest,
        response: { 200: envelope(ServiceDetail) },
      },
    },
    async (request) => ok(await services.details(logged(request).c, request.body.serviceId)),
  );
  r.post(
    `${P}/serverCenter/customDetails`,
    {
      config: optional,
      schema: {
        tags,
        summary: 'Service details for anonymous visitors (services open to visitors)',
        body: PublicServiceIdRequest,
        response: { 200: envelope(ServiceDetail) },
      },
    },
    async (request) => ok(await services.details(caller(request), request.body.serviceId)),
  );
  r.post(
    `${P}/serverCenter/collect`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Add a service to the favourites (idempotent)',
        body: ServiceIdRequest,
        response: { 200: envelope(CollectResult) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.collect(c, user, request.body.serviceId));
    },
  );
  r.post(
    `${P}/serverCenter/cancelCollect`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Remove a service from the favourites (idempotent)',
        body: ServiceIdRequest,
        response: { 200: envelope(CollectResult) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.cancelCollect(c, user, request.body.serviceId));
    },
  );
  r.post(
    `${P}/serverCenter/changeOrder`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Reorder the favourites: the listed ones first, in that order',
        body: ChangeOrderRequest,
        response: { 200: envelope(z.array(ServiceItem)) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.changeOrder(c, user, request.body.serviceIds));
    },
  );
  r.get(
    `${P}/serverCenter/myCollect`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The user's favourites in their order",
        response: { 200: envelope(z.array(ServiceItem)) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.myCollect(c, user));
    },
  );
  r.post(
    `${P}/serverCenter/myRecent`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'The services the caller opened lately (still open to them), latest first, with the last time and count',
        body: MyRecentRequest,
        response: { 200: envelope(z.array(RecentService)) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.myRecent(c, user, request.body.size));
    },
  );
  r.post(
    `${P}/serverCenter/myRates`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's own ratings, latest first",
        body: MyRatesRequest,
        response: { 200: envelope(MyRatesPage) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.myRates(c, user, request.body.current, request.body.size));
    },
  );
  r.post(
    `${P}/serverCenter/giveScore`,
    {
      config: { access: 'user', rateLimit: limitOf('feedback', 'rating') },
      schema: {
        tags,
        summary: 'Rate a service with a score alone',
        body: GiveScoreRequest,
        response: { 200: envelope(CanUserRate) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.rate(c, user, { ...request.body, labels: [], comment: '' }));
    },
  );
  r.post(
    `${P}/serverCenter/checkScore`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Whether the user has rated the service, and the score',
        body: ServiceIdRequest,
        response: { 200: envelope(CanUserRate) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.canUserRate(c, user, request.body.serviceId));
    },
  );
  r.post(
    `${P}/serverCenter/CASServiceList`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Services reached through unified authentication (accessWay 2)',
        body: TopServicesRequest,
        response: { 200: envelope(z.array(ServiceItem)) },
      },
    },
    async (request) =>
      ok(
        await services.top(logged(request).c, { ...request.body, size: Math.max(request.body.size, 50) }, 'sort', {
          accessWay: '2',
        }),
      ),
  );
  r.post(
    `${P}/serverCenter/queryShelfService`,
    {
      config: optional,
      schema: {
        tags,
        summary: 'Services with a shelf label (one label, or any)',
        body: TopServicesRequest,
        response: { 200: envelope(z.array(ServiceItem)) },
      },
    },
    async (request) =>
      ok(await services.top(caller(request), request.body, 'heat', { shelfLabel: request.body.shelfLabelName ?? '' })),
  );
  r.post(
    `${P}/serverCenter/searchService`,
    {
      config: { access: 'user', along: catalogueAlong },
      schema: {
        tags,
        summary: 'Search the services the user may see (relevance, then heat)',
        body: SearchServiceRequest,
        response: { 200: envelope(ServicePage) },
      },
    },
    async (request) => ok(await services.search(logged(request).c, request.body, request.ip)),
  );
  r.post(
    `${P}/serverCenter/searchMiss/page`,
    {
      config: { access: 'user', admin: SERVICE_TEXTS.adminOnly },
      schema: {
        tags,
        summary: 'Searches that found nothing, most misses first (administrator), paged',
        body: SearchMissPageRequest,
        response: { 200: envelope(SearchMissPage) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.searchMisses(c, user, request.body));
    },
  );
  for (const [path, anon] of [
    [`${P}/serverCenter`, false],
    [`${P}/nobody/serverCenter`, true],
  ] as const) {
    const who = (request: FastifyRequest) => (anon ? anonymous(request) : logged(request).c);
    r.post(
      `${path}/OSP/heatService`,
      {
        config: { access: anon ? 'public' : 'user', along: catalogueAlong },
        schema: {
          tags,
          summary: `Most visited services${anon ? ' open to visitors' : ''}`,
          body: TopServicesRequest,
          response: { 200: envelope(z.array(ServiceItem)) },
        },
      },
      async (request) => ok(await services.top(who(request), request.body, 'heat')),
    );
    r.post(
      `${path}/NewlyLaunched`,
      {
        config: { access: anon ? 'public' : 'user', along: catalogueAlong },
        schema: {
          tags,
          summary: `Newly launched services${anon ? ' open to visitors' : ''}`,
          body: TopServicesRequest,
          response: { 200: envelope(z.array(ServiceItem)) },
        },
      },
      async (request) => ok(await services.top(who(request), request.body, 'newest')),
    );
    r.post(
      `${path}/serviceCount`,
      {
        config: { access: anon ? 'public' : 'user', along: catalogueAlong },
        schema: {
          tags,
          summary: `Service counts${anon ? ' for visitors' : ''}`,
          body: TenantBody,
          response: { 200: envelope(ServiceCount) },
        },
      },
      async (request) => ok(await services.statistic(who(request))),
    );
  }
  for (const [segment, kind] of [
    ['serviceScene', 'scene'],
    ['serviceDept', 'dept'],
    ['serviceType', 'type'],
  ] as Array<[string, GroupKind]>) {
    r.post(
      `${P}/${segment}/listByUser`,
      {
        config: { ...optional, along: catalogueAlong },
        schema: {
          tags,
          summary: `The ${kind}s with the number of services the caller may see`,
          body: GroupListRequest,
          response: { 200: envelope(z.array(ServiceGroup)) },
        },
      },
      async (request) => ok(await services.groups(caller(request), kind, request.body.serviceType)),
    );
  }
  r.post(
    `${P}/accountSecurity/bindList`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's third-party account bindings (this project's, for removeBind)",
        body: TenantBody,
        response: { 200: envelope(z.array(AccountBinding)) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.bindList(c, user));
    },
  );
  r.post(
    `${P}/accountSecurity/removeBind`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Unbind the caller's third-party account of one platform",
        body: RemoveBindRequest,
        response: { 200: envelope(RemoveBindResult) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.removeBind(c, user, request.body.source), BIND_TEXTS.unbound);
    },
  );
  r.post(
    `${P}/serviceInfo/upload`,
    {
      config: { menu: { anyOf: SERVICE_ICON_MENUS }, rateLimit: limitOf('upload') },
      schema: {
        tags,
        summary:
          'Upload a service icon (administrators of the service hall or a center): png, jpg, gif, webp by content, 2 MB; an optional serviceId field before the file sets that service’s icon',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(ServiceIconUploaded) },
      },
    },
    async (request) => {
      const user = userOf(request);
      if (!request.isMultipart()) throw badRequest(WORKBENCH_MESSAGES.noImage, 'multipart/form-data expected');
      return ok(await uploadServiceIcon(app.deps, user, await request.file()));
    },
  );
  r.post(
    `${P}/userClickVisitLog/clickService`,
    {
      config: optional,
      schema: {
        tags,
        summary: 'Log a click on a service (every open); raises its visit count',
        body: ClickServiceRequest,
        response: { 200: envelope(z.object({ visitCount: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await services.click(caller(request), request.body.serviceId, visitorOf(request, app.deps.hashToken))),
  );

  // ---------------------------------------------------------------- 7.5 rating, guide, search

  r.post(
    `${W}/serverCenter/rateService`,
    {
      config: { access: 'user', rateLimit: limitOf('feedback', 'rating') },
      schema: {
        tags,
        summary: 'Rate a service: score, quick labels and comment; one rating per user and service',
        body: RateServiceRequest,
        response: { 200: envelope(CanUserRate) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.rate(c, user, request.body));
    },
  );
  r.post(
    `${W}/serverCenter/canUserRate`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Whether the user may rate the service',
        body: ServiceIdRequest,
        response: { 200: envelope(CanUserRate) },
      },
    },
    async (request) => {
      const { c, user } = logged(request);
      return ok(await services.canUserRate(c, user, request.body.serviceId));
    },
  );
  r.post(
    `${W}/serverCenter/quickScoreLabels`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Quick rating labels, each for a score range',
        response: { 200: envelope(z.array(QuickScoreLabel)) },
      },
    },
    async (request) => ok(await services.quickLabels(logged(request).c)),
  );
  r.post(
    `${W}/nobody/serverCenter/serviceRateDetail`,
    {
      schema: {
        tags,
        summary: 'Ratings of a service: average, distribution, labels and comments',
        body: ServiceRateDetailRequest,
        response: { 200: envelope(ServiceRateDetail) },
      },
    },
    async (request) =>
      ok(
        await services.rateDetail(anonymous(request), request.body.serviceId, request.body.current, request.body.size),
      ),
  );
  r.post(
    `${W}/guide/lucene/search`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Search the service guides',
        body: GuideSearchRequest,
        response: { 200: envelope(z.array(GuideHit)) },
      },
    },
    async (request) => ok(await services.searchGuides(logged(request).c, request.body.keyword, request.body.size)),
  );
  r.post(
    `${W}/guide/clientGuideInfo`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The guide of a service (sanitised rich text)',
        body: ServiceIdRequest,
        response: { 200: envelope(ServiceGuide) },
      },
    },
    async (request) => ok(await services.guide(logged(request).c, request.body.serviceId)),
  );
  // accessWay '5' (4.4): the one-time combStr a service is opened with, and its redemption by that service (7.3).
  r.post(
    `${P}/serverCenter/combTicket`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "A one-time combStr for opening an accessWay '5' service the caller may see (valid 5 minutes)",
        body: CombTicketRequest,
        response: { 200: envelope(CombTicket) },
      },
    },
    async (request) => {
      const { user } = logged(request);
      return ok(await issueCombTicket(app.deps, user, request.body.serviceId));
    },
  );
  r.post(
    `${W}/nobody/weixin/combLoginToMicroService`,
    {
      schema: {
        tags,
        summary: 'The service redeems the combStr it was opened with, once: who opened it',
        body: CombLoginRequest,
        response: { 200: envelope(CombIdentity) },
      },
    },
    async (request) => ok(await redeemCombTicket(app.deps, request.body.combStr, request.body.serviceId || undefined)),
  );
  r.post(
    `${W}/nobody/guide/clientGuideInfo`,
    {
      schema: {
        tags,
        summary: 'The guide of a service open to visitors',
        body: PublicServiceIdRequest,
        response: { 200: envelope(ServiceGuide) },
      },
    },
    async (request) => ok(await services.guide(anonymous(request), request.body.serviceId)),
  );
  r.post(
    `${W}/searchHeatWord`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The most searched words that found services',
        body: HeatWordRequest,
        response: { 200: envelope(z.array(z.string())) },
      },
    },
    async (request) => ok(await services.heatWords(logged(request).c, request.body.size)),
  );
  r.post(
    `${W}/nobody/searchHeatWord`,
    {
      schema: {
        tags,
        summary: 'The most searched words, for visitors',
        body: HeatWordRequest,
        response: { 200: envelope(z.array(z.string())) },
      },
    },
    async (request) => ok(await services.heatWords(anonymous(request), request.body.size)),
  );

  // ---------------------------------------------------------------- 7.9 comb-cygj

  r.post(
    `${C}/nobody/navigationBar/list`,
    {
      config: { along: catalogueAlong },
      schema: {
        tags,
        summary: 'Navigation bar links of the landing page',
        body: TenantBody,
        response: { 200: envelope(z.array(NavigationBarItem)) },
      },
    },
    async (request) => ok(await services.navigationBars(anonymous(request))),
  );
  r.post(
    `${C}/nobody/tools/list`,
    {
      config: { along: catalogueAlong },
      schema: { tags, summary: 'Common tools', body: TenantBody, response: { 200: envelope(z.array(ToolItem)) } },
    },
    async (request) => ok(await services.tools(anonymous(request))),
  );
}
