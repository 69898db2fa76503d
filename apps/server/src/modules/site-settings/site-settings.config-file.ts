import type { ConfigFileSettings } from '@portal/contracts/config-transfer';
import type { FooterInfo, Theme } from '@portal/contracts/workbench';
import { nowIso } from '../../db/sql-helpers.ts';
import type { AppDeps } from '../../platform/http.ts';
import type { AuditTarget } from '../audit/audit.service.ts';
import { assertCustomPath } from '../navigation/navigation.service.ts';
import { catalogueReadsOf } from '../services/services.service.ts';
import { siteSettingsRepository } from './site-settings.repository.ts';
import { PRE_LOGIN_LINKS, PRE_LOGIN_LINKS_SUMMARY, preLogin } from './site-settings.service.ts';

/**
 * The site's part of the workbench configuration file (ADR 0031): footer, tenant theme (never a user's own), logo and
 * system name, and the pre-login page. The import writes with the `deps.db` given: the import's transaction.
 */
export async function exportSiteConfig(deps: AppDeps, tenantId: string): Promise<ConfigFileSettings> {
  const r = siteSettingsRepository(deps.db);
  const footer = await r.setting<FooterInfo>(tenantId, 'footer');
  const theme = await r.setting<Theme>(tenantId, 'theme');
  const logo = await r.setting<{ logo?: string; systemName?: string }>(tenantId, 'guiseLogo');
  return {
    footer,
    theme,
    guiseLogo: logo ? { logo: logo.logo ?? '', systemName: logo.systemName ?? '' } : null,
    preLogin: await preLogin(deps, tenantId),
  };
}

/** The settings the file carries, as items of the audit log (ADR 0075: an import records an entry per item). */
export const siteAuditTargets = async (deps: AppDeps, tenantId: string): Promise<AuditTarget[]> => [
  { kind: 'setting', id: 'footer', summary: '页脚信息' },
  {
    kind: 'setting',
    id: 'theme',
    summary: `主题「${(await siteSettingsRepository(deps.db).setting<Theme>(tenantId, 'theme'))?.themeName ?? ''}」`,
  },
  { kind: 'setting', id: 'guiseLogo', summary: '标识与系统名称' },
  { kind: 'preLogin', id: 'preLogin', summary: '登录前首页配置' },
  // The landing page's header links (the file's landing part, written by the catalogue's import).
  { kind: 'preLogin', id: PRE_LOGIN_LINKS, summary: PRE_LOGIN_LINKS_SUMMARY },
];

/** Replaces them with a file's: a part the file leaves empty goes back to the default. Returns how many were saved. */
export async function importSiteConfig(deps: AppDeps, tenantId: string, s: ConfigFileSettings): Promise<number> {
  const r = siteSettingsRepository(deps.db);
  let saved = 0;
  for (const [key, value] of [
    ['footer', s.footer],
    ['theme', s.theme],
    ['guiseLogo', s.guiseLogo],
  ] as const) {
    if (value) {
      await r.putSetting(tenantId, key, value);
      saved++;
    } else await r.removeSetting(tenantId, key, '');
  }
  if (s.preLogin) {
    if (s.preLogin.jumpServerUrl) assertCustomPath(s.preLogin.jumpServerUrl);
    const { jumpServerUrl, ...landing } = s.preLogin;
    const cat = catalogueReadsOf(deps.db);
    const current = (await cat.landingConfig(tenantId)) ?? {};
    await cat.saveLandingConfig(tenantId, { ...current, ...landing }, nowIso());
    await r.putSetting(tenantId, 'preLogin', { jumpServerUrl });
    saved++;
  }
  return saved;
}

/** Removes settings of the tenant by key (the to-do reminders of columns an import replaced). */
export async function removeTenantSettings(deps: AppDeps, tenantId: string, keys: string[]): Promise<void> {
  const r = siteSettingsRepository(deps.db);
  for (const key of keys) await r.removeSetting(tenantId, key, '');
}
