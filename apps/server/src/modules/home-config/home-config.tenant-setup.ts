import type { Db } from '../../db/create-db.ts';
import { newId } from '../../platform/crypto.ts';
import { homeConfigRepository } from './home-config.repository.ts';

/**
 * The home layout's part of a new tenant (modules/tenants): one tab, 工作台, with no cards yet; the administrator
 * makes cards (卡片业务配置) and places them on it (首页配置).
 */
export async function createFirstHomeTab(db: Db, tenantId: string): Promise<void> {
  await homeConfigRepository(db).insertIndexType({
    id: newId(),
    tenant_id: tenantId,
    type_name: '工作台',
    type_name_en: 'Workbench',
    layout: 'same',
    status: 1,
    sort: 1,
  });
}
