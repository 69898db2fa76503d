import { envelope, TenantId } from '@portal/contracts/envelope';
import {
  DataOverview,
  FooterInfo,
  FooterSubmit,
  GroupCount,
  NavigationItem,
  NewsItem,
  PreLoginConfig,
  PreLoginSubmit,
  PreLoginLinks,
  PreLoginLinksSubmit,
  PreLoginIndex,
  Theme,
  ThemeSubmit,
  ThemeDetail,
  ToolItem,
  GuiseLogo,
  EmptyRequest,
} from '@portal/contracts/workbench';
import { WEB_MANIFEST_PATH, WebManifest } from '@portal/contracts/pwa';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { GROUPS, tenantOf, typed, userOf, type App } from '../../platform/http.ts';
import { catalogueReadsOf } from '../services/services.service.ts';
import * as site from './site-settings.service.ts';
import { webManifest } from './web-manifest.ts';
import * as nav from '../navigation/navigation.service.ts';
import * as cards from '../cards/cards.service.ts';
import { registerUploadParser } from '../common/common.upload.ts';

/** The configuration menu each administration call needs (section 6; 2.2 on the server). */
const MENU = {
  home: 'homePageConfig',
  preLogin: 'preLoginConfig',
} as const;
const Empty = EmptyRequest;
const PublicTenant = z
  .object({ tenantId: z.string().max(12).optional() })
  .passthrough()
  .optional();

/**
 * Footer, theme (7.4), logo, and the pre-login landing page with its configuration.
 * Every configuration call declares its configurationMenu (`config.menu`), checked by one hook before validation.
 */
export async function siteSettingsRoutes(app: App): Promise<void> {
  const r = typed(app);
  const O = GROUPS.osp;
  const P = GROUPS.platform;
  const tags = ['workbench'];
  const d = app.deps;
  await registerUploadParser(app);

  // The installable portal (issue 18): the tenant's web app manifest, revalidated on every use. Outside /api/, so
  // the tenant is checked here: a malformed id is a 400, an unknown tenant a 404, both in the envelope.
  r.get(
    WEB_MANIFEST_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The tenant's web app manifest (name, theme colour, icons)",
        querystring: z.object({ tenantId: TenantId }),
        response: { 200: WebManifest },
      },
    },
    async (q, reply) => {
      const manifest = await webManifest(d, q.query.tenantId);
      reply.header('content-type', 'application/manifest+json; charset=utf-8').header('cache-control', 'no-cache');
      return manifest;
    },
  );

  // ---- footer, tools, theme ----
  r.post(
    `${O}/indexfooterinfo/detail`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Footer information', body: Empty, response: { 200: envelope(FooterInfo) } },
    },
    async (q) => ok(await site.footer(d, userOf(q).tenantId)),
  );
  r.post(
    `${O}/indexfooterinfo/submit`,
    {
      config: { menu: MENU.home },
      schema: { tags, summary: 'Save the footer', body: FooterSubmit, response: { 200: envelope(FooterInfo) } },
    },
    async (q) => {
      const c = userOf(q);
      await site.saveFooter(d, c, q.body);
      return ok(q.body);
    },
  );

  r.post(
    `${O}/themeSetUp/detail`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The caller's theme: their own, else the tenant's, else #008cff; with whether it is their own and the tenant's theme",
        body: Empty,
        response: { 200: envelope(ThemeDetail) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await site.themeDetail(d, c.tenantId, c.userId));
    },
  );
  r.post(
    `${O}/themeSetUp/submit`,
    {
      config: { menu: MENU.home },
      schema: { tags, summary: "Set the tenant's theme", body: ThemeSubmit, response: { 200: envelope(Theme) } },
    },
    async (q) => {
      const c = userOf(q);
      await site.saveTenantTheme(d, c, q.body);
      return ok(q.body);
    },
  );
  r.post(
    `${P}/userThemeSetUp/submit`,
    {
      config: { access: 'user' },
      schema: { tags, summary: "Set the caller's own theme", body: ThemeSubmit, response: { 200: envelope(Theme) } },
    },
    async (q) => {
      await site.saveUserTheme(d, userOf(q), q.body);
      return ok(q.body);
    },
  );
  r.post(
    `${P}/userThemeSetUp/remove`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Drop the caller's own theme and follow the tenant's again (not in the spec); answers the theme now shown",
        body: Empty,
        response: { 200: envelope(ThemeDetail) },
      },
    },
    async (q) => ok(await site.removeUserTheme(d, userOf(q))),
  );

  r.post(
    `${P}/platformapplyguiselogo/detail`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Logo, system name and theme colour of the tenant',
        body: Empty,
        response: { 200: envelope(GuiseLogo) },
      },
    },
    async (q) => ok(await site.guiseLogo(d, userOf(q).tenantId)),
  );

  r.post(
    `${O}/homePage/getFooterInfo`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Footer information', body: Empty, response: { 200: envelope(FooterInfo) } },
    },
    async (q) => ok(await site.footer(d, userOf(q).tenantId)),
  );

  // ---- pre-login landing page (nobody/preLogin) ----
  const pub = <T extends z.ZodType>(
    path: string,
    summary: string,
    result: T,
    fn: (tenantId: string) => Promise<z.input<T>>,
  ) =>
    app.post(
      `${O}/nobody/preLogin/${path}`,
      { schema: { tags, summary, body: PublicTenant, response: { 200: envelope(result) } } },
      async (q) => ok(await fn(tenantOf(q))),
    );
  const preIndex = async (t: string) => ({
    config: await site.preLogin(d, t),
    footer: await site.footer(d, t),
    navigation: await nav.navigationList(d, t, true),
  });
  pub('getPreLoginIndex', 'Pre-login landing page: config, footer, navigation', PreLoginIndex, preIndex);
  pub('getPreLoginPage', 'Pre-login landing page configuration', PreLoginConfig, (t) => site.preLogin(d, t));
  pub('dataOverview', 'Counts of the catalogue', DataOverview, async (t) => {
    const c = catalogueReadsOf(d.db);
    const [counts, depts, scenes] = await Promise.all([c.counts(t), c.depts(t), c.scenes(t)]);
    return { ...counts, deptCount: depts.length, sceneCount: scenes.length };
  });
  pub('serviceScenes', 'Scenes with public service counts', z.array(GroupCount), (t) =>
    catalogueReadsOf(d.db).groupCounts(t, 'scene', true),
  );
  pub('serviceDepts', 'Departments with public service counts', z.array(GroupCount), (t) =>
    catalogueReadsOf(d.db).groupCounts(t, 'dept', true),
  );
  pub(
    'preLoginColumn',
    'Campus news for the landing page',
    z.array(NewsItem),
    async (t) => await cards.publicNews(d, t, 'news'),
  );
  pub(
    'messageColumn',
    'Announcements for the landing page',
    z.array(NewsItem),
    async (t) => await cards.publicNews(d, t, 'announcement'),
  );
  pub('commonTool', 'Common tools', z.array(ToolItem), (t) => cards.toolList(d, t));
  pub('navigationDetail', 'Enabled navigation items', z.array(NavigationItem), (t) => nav.navigationList(d, t, true));
  pub('getFooterInfo', 'Footer information', FooterInfo, (t) => site.footer(d, t));
  pub(
    'getJumpServer',
    'Where the landing page sends a visitor to log in',
    z.object({ url: z.string() }),
    async (t) => ({ url: (await site.preLogin(d, t)).jumpServerUrl }),
  );
  pub(
    'serviceOverview',
    'Most visited public services',
    z.array(z.object({ serviceId: z.string(), serviceName: z.string(), visitCount: z.number() })),
    async (t) =>
      (await catalogueReadsOf(d.db).publicServices(t, 10)).map((s) => ({
        serviceId: s.id,
        serviceName: s.service_name,
        visitCount: Number(s.visit_count),
      })),
  );
  pub(
    'throughService/serviceList',
    'Public services with their urls',
    z.array(z.object({ serviceId: z.string(), serviceName: z.string(), serviceUrl: z.string() })),
    async (t) =>
      (await catalogueReadsOf(d.db).publicServices(t, 50)).map((s) => ({
        serviceId: s.id,
        serviceName: s.service_name,
        serviceUrl: s.service_url,
      })),
  );
  pub('common/configJson', 'The landing page configuration as JSON', PreLoginIndex, preIndex);
  r.post(
    `${O}/preLogin/submit`,
    {
      config: { menu: MENU.preLogin },
      schema: {
        tags,
        summary: 'Save the pre-login landing page (not in the spec)',
        body: PreLoginSubmit,
        response: { 200: envelope(PreLoginConfig) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await site.savePreLogin(d, c, q.body));
    },
  );
  r.post(
    `${O}/preLogin/links`,
    {
      config: { menu: MENU.preLogin },
      schema: {
        tags,
        summary: 'The pre-login landing page’s header links, in order, with their version (not in the spec)',
        response: { 200: envelope(PreLoginLinks) },
      },
    },
    async (q) => ok(await site.preLoginLinks(d, userOf(q).tenantId)),
  );
  r.post(
    `${O}/preLogin/submitLinks`,
    {
      config: { menu: MENU.preLogin },
      schema: {
        tags,
        summary:
          'Replace the header links in this order, each with its English; 409 when `version` is stale (not in the spec)',
        body: PreLoginLinksSubmit,
        response: { 200: envelope(PreLoginLinks) },
      },
    },
    async (q) => ok(await site.savePreLoginLinks(d, userOf(q), q.body)),
  );
}
