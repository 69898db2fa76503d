import { isSafeLink } from '@portal/contracts/input';
import type {
  FooterInfo,
  PreLoginConfig,
  PreLoginLinks,
  PreLoginLinksSubmit,
  Theme,
  ThemeDetail,
} from '@portal/contracts/workbench';
import { nowIso } from '../../db/sql-helpers.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { audited, expectVersion, registerAuditKind, withVersion } from '../audit/audit.service.ts';
import { tenantOfId } from '../auth/auth.service.ts';
import { assertCustomPath } from '../navigation/navigation.service.ts';
import { catalogueReadsOf, landingDefaults } from '../services/services.service.ts';
import { landingLinks, replaceLandingLinks } from '../services/catalogue-config-file.ts';
import { siteSettingsRepository } from './site-settings.repository.ts';

const repo = (deps: AppDeps) => siteSettingsRepository(deps.db);
const cat = (deps: AppDeps) => catalogueReadsOf(deps.db);

/** The tenant's name, '' for a tenant that does not exist (the landing page of an unknown tenant id). */
async function tenantName(deps: AppDeps, tenantId: string): Promise<string> {
  try {
    return (await tenantOfId(deps, tenantId)).tenantName;
  } catch (e) {
    if (e instanceof AppError) return '';
    throw e;
  }
}

// ---- the audit log (ADR 0030) ----

// A tenant setting's state is its value (`value` in an object; null when never saved); a revert saves it again.
registerAuditKind('setting', {
  async snapshot(deps, tenantId, key) {
    const value = await repo(deps).setting<unknown>(tenantId, key);
    return value === null ? null : { value };
  },
  async restore(deps, tenantId, key, state) {
    if (state) await repo(deps).putSetting(tenantId, key, state.value);
    else await repo(deps).removeSetting(tenantId, key, '');
  },
});
// The pre-login page's switches and texts (the catalogue's landing configuration) and its login redirect; its header
// links are the entity PRE_LOGIN_LINKS of the same kind, whose state is { headerLinks } in order.
export const PRE_LOGIN_LINKS = 'navigationBars';
export const PRE_LOGIN_LINKS_SUMMARY = '登录前首页页头链接';
registerAuditKind('preLogin', {
  snapshot: async (deps, tenantId, id) =>
    id === PRE_LOGIN_LINKS
      ? { headerLinks: await landingLinks(deps.db, tenantId) }
      : { ...(await preLogin(deps, tenantId)) },
  async restore(deps, tenantId, id, state) {
    if (!state) return;
    if (id === PRE_LOGIN_LINKS)
      await replaceLandingLinks(deps.db, tenantId, (state as { headerLinks: PreLoginLinks['links'] }).headerLinks);
    else await writePreLogin(deps, tenantId, state as PreLoginConfig);
  },
});

// ---- the settings store, for the keys other modules keep in it (cards: urlAllowlist, todoRemind:<column>) ----

/** A setting of the tenant (or, with ownerId, of one user); null when never saved. */
export const tenantSetting = <T>(deps: AppDeps, tenantId: string, key: string, ownerId = ''): Promise<T | null> =>
  repo(deps).setting<T>(tenantId, key, ownerId);
/** Saves a setting of the tenant (or, with ownerId, of one user). */
export const saveTenantSetting = (deps: AppDeps, tenantId: string, key: string, value: unknown, ownerId = '') =>
  repo(deps).putSetting(tenantId, key, value, ownerId);
export const DEFAULT_FOOTER: FooterInfo = { copyright: '', address: '', phone: '', email: '', links: [] };
/** The footer; a link stored before links were checked that is not http(s) or a path of this site is left out. */
export async function footer(deps: AppDeps, tenantId: string): Promise<FooterInfo> {
  const f = (await repo(deps).setting<FooterInfo>(tenantId, 'footer')) ?? DEFAULT_FOOTER;
  return { ...f, links: f.links.filter((l) => l.url === '' || isSafeLink(l.url)) };
}
export const saveFooter = (deps: AppDeps, ctx: RequestContext, f: FooterInfo) =>
  audited(deps, ctx, { kind: 'setting', id: 'footer', summary: '页脚信息' }, (tx) =>
    repo(tx).putSetting(ctx.tenantId, 'footer', f),
  );

export const DEFAULT_THEME: Theme = {
  themeName: '默认',
  themeId: 'default',
  themeColor: '#008cff',
  themeImg: '',
  themeImgBorderColor: '',
  WaitingForMeToHandleBCImg: '',
};
export async function theme(deps: AppDeps, tenantId: string, userId: string | null): Promise<Theme> {
  const r = repo(deps);
  const own = userId ? await r.setting<Theme>(tenantId, 'theme', userId) : null;
  return own ?? (await r.setting<Theme>(tenantId, 'theme')) ?? DEFAULT_THEME;
}
/** The theme the caller sees, whether it is their own, and the tenant's (the default every user starts from). */
export async function themeDetail(deps: AppDeps, tenantId: string, userId: string): Promise<ThemeDetail> {
  const r = repo(deps);
  const [own, tenant] = await Promise.all([
    r.setting<Theme>(tenantId, 'theme', userId),
    r.setting<Theme>(tenantId, 'theme'),
  ]);
  const base = tenant ?? DEFAULT_THEME;
  return { ...(own ?? base), personal: own !== null, tenant: base };
}
export const saveTenantTheme = (deps: AppDeps, ctx: RequestContext, t: Theme) =>
  audited(deps, ctx, { kind: 'setting', id: 'theme', summary: `主题「${t.themeName}」` }, (tx) =>
    repo(tx).putSetting(ctx.tenantId, 'theme', t),
  );
export const saveUserTheme = (deps: AppDeps, ctx: RequestContext, t: Theme) =>
  repo(deps).putSetting(ctx.tenantId, 'theme', t, ctx.userId);
/** The caller drops their own theme and follows the tenant's again. */
export async function removeUserTheme(deps: AppDeps, ctx: RequestContext): Promise<ThemeDetail> {
  await repo(deps).removeSetting(ctx.tenantId, 'theme', ctx.userId);
  return themeDetail(deps, ctx.tenantId, ctx.userId);
}

/** preLoginConfig: the catalogue's landing configuration plus the login redirect kept by the workbench. */
export async function preLogin(deps: AppDeps, tenantId: string): Promise<PreLoginConfig> {
  const [landing, own, name] = await Promise.all([
    cat(deps).landingConfig(tenantId),
    repo(deps).setting<{ jumpServerUrl: string }>(tenantId, 'preLogin'),
    tenantName(deps, tenantId),
  ]);
  const defaults: PreLoginConfig = { ...landingDefaults(name), jumpServerUrl: '/login' };
  const merged = { ...defaults, ...(landing ?? {}), jumpServerUrl: own?.jumpServerUrl ?? defaults.jumpServerUrl };
  return Object.fromEntries(
    Object.keys(defaults).map((k) => [k, (merged as Record<string, unknown>)[k]]),
  ) as PreLoginConfig;
}
export async function savePreLogin(deps: AppDeps, ctx: RequestContext, c: PreLoginConfig): Promise<PreLoginConfig> {
  if (c.jumpServerUrl) assertCustomPath(c.jumpServerUrl);
  return audited(deps, ctx, { kind: 'preLogin', id: 'preLogin', summary: '登录前首页配置' }, async (tx) => {
    await writePreLogin(tx, ctx.tenantId, c);
    return preLogin(tx, ctx.tenantId);
  });
}
/** preLogin/links (not in the spec): the landing page's header links in order, with their version (ADR 0075). */
export const preLoginLinks = async (deps: AppDeps, tenantId: string): Promise<PreLoginLinks> =>
  withVersion({ links: await landingLinks(deps.db, tenantId) });

/**
 * preLogin/submitLinks (not in the spec): the header links replaced in the given order, each a path of this site or
 * an http(s) address the navigation's rule accepts; recorded on 配置变更记录 (revertible) and refused with 409 when
 * `version` is given and the links changed since it was read.
 */
export async function savePreLoginLinks(
  deps: AppDeps,
  ctx: RequestContext,
  input: PreLoginLinksSubmit,
): Promise<PreLoginLinks> {
  for (const l of input.links) assertCustomPath(l.url);
  return audited(deps, ctx, { kind: 'preLogin', id: PRE_LOGIN_LINKS, summary: PRE_LOGIN_LINKS_SUMMARY }, async (tx) => {
    await expectVersion(tx, `preLoginLinks:${ctx.tenantId}`, input.version, async () => ({
      links: await landingLinks(tx.db, ctx.tenantId),
    }));
    await replaceLandingLinks(tx.db, ctx.tenantId, input.links);
    return preLoginLinks(tx, ctx.tenantId);
  });
}

async function writePreLogin(deps: AppDeps, tenantId: string, c: PreLoginConfig): Promise<void> {
  const { jumpServerUrl, ...landing } = c;
  const current = (await cat(deps).landingConfig(tenantId)) ?? {};
  await cat(deps).saveLandingConfig(tenantId, { ...current, ...landing }, nowIso());
  await repo(deps).putSetting(tenantId, 'preLogin', { jumpServerUrl });
}

/** 7.4 platformapplyguiselogo/detail: configured logo and name, else the tenant's name; the tenant theme colour. */
export async function guiseLogo(deps: AppDeps, tenantId: string) {
  const r = repo(deps);
  const own = await r.setting<{ logo: string; systemName: string }>(tenantId, 'guiseLogo');
  const name = await tenantName(deps, tenantId);
  return {
    logo: own?.logo ?? '',
    systemName: own?.systemName || `${name}网上办事服务大厅`,
    themeColor: (await theme(deps, tenantId, null)).themeColor,
  };
}
