import type { Db } from '../../db/create-db.ts';
import { siteSettingsRepository } from './site-settings.repository.ts';
import { DEFAULT_FOOTER } from './site-settings.service.ts';

/**
 * The site settings' part of a new tenant (modules/tenants): a footer naming the school. Theme, logo, system name
 * and the pre-login page have defaults made from the tenant's name until an administrator sets them.
 */
export async function createTenantFooter(db: Db, tenantId: string, tenantName: string): Promise<void> {
  await siteSettingsRepository(db).putSetting(tenantId, 'footer', {
    ...DEFAULT_FOOTER,
    copyright: `© ${tenantName} 版权所有`,
  });
}
