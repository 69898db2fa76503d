import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { WbCardColumnTable, WbCardTable, WbExternalApiTable, WbHolidayTable, WbNavigationTable, WbServiceSpecialTable, WbToolTable } from '../../db/tables/workbench.ts';
import { nowIso } from '../../db/sql-helpers.ts';

/** SQL of the workbench tables. Every method takes the tenant first (house style 2). */
export function workbenchRepository(db: Db) {
  return {
    cards: (tenantId: string) => db.selectFrom('wb_cards').where('tenant_id', '=', tenantId).selectAll().orderBy('sort').orderBy('created_at').execute(),
    card: (tenantId: string, id: string) => db.selectFrom('wb_cards').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst(),
    insertCard: (row: Insertable<WbCardTable>) => db.insertInto('wb_cards').values(row).execute(),
    updateCard: (tenantId: string, id: string, set: Updateable<WbCardTable>) => db.updateTable('wb_cards').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute(),
    async removeCards(tenantId: string, ids: string[]) {
      await db.transaction().execute(async (trx) => {
        for (const t of ['wb_card_columns', 'wb_card_roles', 'wb_index_cards'] as const) await trx.deleteFrom(t).where('tenant_id', '=', tenantId).where('card_id', 'in', ids).execute();
        await trx.deleteFrom('wb_cards').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
      });
    },
    maxCardSort: async (tenantId: string) =>
      Number((await db.selectFrom('wb_cards').where('tenant_id', '=', tenantId).select((eb) => eb.fn.max<number>('sort').as('m')).executeTakeFirst())?.m ?? 0),

    columns: (tenantId: string, cardIds: string[]) =>
      cardIds.length ? db.selectFrom('wb_card_columns').where('tenant_id', '=', tenantId).where('card_id', 'in', cardIds).selectAll().orderBy('sort').orderBy('id').execute() : Promise.resolve([]),
    column: (tenantId: string, id: string) => db.selectFrom('wb_card_columns').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst(),
    columnsByIds: (tenantId: string, ids: string[]) => db.selectFrom('wb_card_columns').where('tenant_id', '=', tenantId).where('id', 'in', ids).selectAll().execute(),
    insertColumn: (row: Insertable<WbCardColumnTable>) => db.insertInto('wb_card_columns').values(row).execute(),
    updateColumn: (tenantId: string, id: string, set: Updateable<WbCardColumnTable>) => db.updateTable('wb_card_columns').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute(),
    removeColumns: (tenantId: string, ids: string[]) => db.deleteFrom('wb_card_columns').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst(),
    async setSort(tenantId: string, table: 'wb_card_columns' | 'wb_cards' | 'wb_navigation' | 'wb_index_types', ids: string[]) {
      await db.transaction().execute(async (trx) => {
        for (const [i, id] of ids.entries()) await trx.updateTable(table).set({ sort: i + 1 }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
      });
    },

    cardRoles: (tenantId: string, cardIds: string[]) =>
      cardIds.length ? db.selectFrom('wb_card_roles').where('tenant_id', '=', tenantId).where('card_id', 'in', cardIds).select(['card_id', 'role_id']).execute() : Promise.resolve([]),
    async setCardRoles(tenantId: string, cardId: string, roleIds: string[]) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('wb_card_roles').where('tenant_id', '=', tenantId).where('card_id', '=', cardId).execute();
        if (roleIds.length) await trx.insertInto('wb_card_roles').values(roleIds.map((role_id) => ({ tenant_id: tenantId, card_id: cardId, role_id }))).execute();
      });
    },
    roles: (tenantId: string) => db.selectFrom('roles').where('tenant_id', '=', tenantId).select(['id', 'role_name', 'role_type']).orderBy('sort').execute(),

    indexTypes: (tenantId: string) => db.selectFrom('wb_index_types').where('tenant_id', '=', tenantId).selectAll().orderBy('sort').orderBy('id').execute(),
    indexType: (tenantId: string, id: string) => db.selectFrom('wb_index_types').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst(),
    insertIndexType: (row: { id: string; tenant_id: string; type_name: string; layout: string; status: number; sort: number }) => db.insertInto('wb_index_types').values(row).execute(),
    updateIndexType: (tenantId: string, id: string, set: { type_name?: string; layout?: string; status?: number; sort?: number }) =>
      db.updateTable('wb_index_types').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute(),
    async removeIndexTypes(tenantId: string, ids: string[]) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('wb_index_cards').where('tenant_id', '=', tenantId).where('type_id', 'in', ids).execute();
        await trx.deleteFrom('wb_index_types').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
      });
    },
    indexCards: (tenantId: string) => db.selectFrom('wb_index_cards').where('tenant_id', '=', tenantId).selectAll().orderBy('sort').execute(),
    async setIndexCards(tenantId: string, typeId: string, cardIds: string[]) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('wb_index_cards').where('tenant_id', '=', tenantId).where('type_id', '=', typeId).execute();
        if (cardIds.length) await trx.insertInto('wb_index_cards').values(cardIds.map((card_id, i) => ({ tenant_id: tenantId, type_id: typeId, card_id, sort: i + 1 }))).execute();
      });
    },
    removeIndexCard: (tenantId: string, cardIds: string[]) => db.deleteFrom('wb_index_cards').where('tenant_id', '=', tenantId).where('card_id', 'in', cardIds).execute(),

    navigation: (tenantId: string) => db.selectFrom('wb_navigation').where('tenant_id', '=', tenantId).selectAll().orderBy('sort').orderBy('id').execute(),
    navigationItem: (tenantId: string, id: string) => db.selectFrom('wb_navigation').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst(),
    insertNavigation: (row: Insertable<WbNavigationTable>) => db.insertInto('wb_navigation').values(row).execute(),
    updateNavigation: (tenantId: string, id: string, set: Updateable<WbNavigationTable>) => db.updateTable('wb_navigation').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute(),
    removeNavigation: (tenantId: string, ids: string[]) => db.deleteFrom('wb_navigation').where('tenant_id', '=', tenantId).where('id', 'in', ids).where('is_built', '=', 2).executeTakeFirst(),
    customNavigationCount: async (tenantId: string) =>
      Number((await db.selectFrom('wb_navigation').where('tenant_id', '=', tenantId).where('is_built', '=', 2).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0),

    async setting<T>(tenantId: string, key: string, ownerId = ''): Promise<T | null> {
      const r = await db.selectFrom('wb_settings').where('tenant_id', '=', tenantId).where('owner_id', '=', ownerId).where('key', '=', key).select('value').executeTakeFirst();
      return r ? (JSON.parse(r.value) as T) : null;
    },
    async putSetting(tenantId: string, key: string, value: unknown, ownerId = '') {
      const row = { tenant_id: tenantId, owner_id: ownerId, key, value: JSON.stringify(value), updated_at: nowIso() };
      await db.insertInto('wb_settings').values(row).onConflict((oc) => oc.columns(['tenant_id', 'owner_id', 'key']).doUpdateSet({ value: row.value, updated_at: row.updated_at })).execute();
    },

    removeSetting: (tenantId: string, key: string, ownerId: string) =>
      db.deleteFrom('wb_settings').where('tenant_id', '=', tenantId).where('owner_id', '=', ownerId).where('key', '=', key).execute(),

    tenantName: async (tenantId: string) => (await db.selectFrom('tenants').where('tenant_id', '=', tenantId).select('tenant_name').executeTakeFirst())?.tenant_name ?? '',
    apis: (tenantId: string) => db.selectFrom('wb_external_apis').where('tenant_id', '=', tenantId).selectAll().orderBy('api_name').execute(),
    api: (tenantId: string, id: string) => db.selectFrom('wb_external_apis').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst(),
    async upsertApi(row: Insertable<WbExternalApiTable> & { id: string; tenant_id: string }) {
      const exists = await db.selectFrom('wb_external_apis').where('tenant_id', '=', row.tenant_id).where('id', '=', row.id).select('id').executeTakeFirst();
      if (exists) await db.updateTable('wb_external_apis').set(row).where('tenant_id', '=', row.tenant_id).where('id', '=', row.id).execute();
      else await db.insertInto('wb_external_apis').values(row).execute();
    },

    tools: (tenantId: string) => db.selectFrom('wb_tools').where('tenant_id', '=', tenantId).selectAll().orderBy('sort').orderBy('id').execute(),
    tool: (tenantId: string, id: string) => db.selectFrom('wb_tools').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst(),
    insertTool: (row: Insertable<WbToolTable>) => db.insertInto('wb_tools').values(row).execute(),
    updateTool: (tenantId: string, id: string, set: Updateable<WbToolTable>) => db.updateTable('wb_tools').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute(),

    async todoCounts(tenantId: string, userId: string, kind: string, flowType: string) {
      let q = db.selectFrom('wb_todos').where('tenant_id', '=', tenantId).where('user_id', '=', userId).where('kind', '=', kind);
      if (flowType) q = q.where('flow_type', '=', flowType);
      const r = await q.select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('is_timeout').as('t')]).executeTakeFirst();
      return { total: Number(r?.n ?? 0), timeout: Number(r?.t ?? 0) };
    },
    todos(tenantId: string, userId: string, kind: string, flowType: string, limit: number) {
      let q = db.selectFrom('wb_todos').where('tenant_id', '=', tenantId).where('user_id', '=', userId).where('kind', '=', kind);
      if (flowType) q = q.where('flow_type', '=', flowType);
      return q.select(['id', 'title', 'flow_type', 'matter_status', 'is_timeout', 'created_at']).orderBy('created_at', 'desc').limit(limit).execute();
    },
    flowTypes: async (tenantId: string) =>
      (await db.selectFrom('wb_todos').where('tenant_id', '=', tenantId).where('flow_type', '<>', '').select('flow_type').distinct().orderBy('flow_type').execute()).map((r) => r.flow_type),

    holidays: (tenantId: string) => db.selectFrom('wb_holidays').where('tenant_id', '=', tenantId).selectAll().orderBy('date').orderBy('created_at').execute(),
    /** Holidays whose last day is on or after `day` (YYYY-MM-DD). */
    holidaysFrom: (tenantId: string, day: string) =>
      db.selectFrom('wb_holidays').where('tenant_id', '=', tenantId).where('end_date', '>=', day).selectAll().orderBy('date').orderBy('created_at').execute(),
    holiday: (tenantId: string, id: string) => db.selectFrom('wb_holidays').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst(),
    insertHoliday: (row: Insertable<WbHolidayTable>) => db.insertInto('wb_holidays').values(row).execute(),
    updateHoliday: (tenantId: string, id: string, set: Updateable<WbHolidayTable>) => db.updateTable('wb_holidays').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst(),
    removeHolidays: (tenantId: string, ids: string[]) => db.deleteFrom('wb_holidays').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst(),

    /** Service specials by sort; only the enabled ones when `enabledOnly`; at most `limit`. */
    specials: (tenantId: string, opts: { enabledOnly?: boolean; limit?: number } = {}) =>
      db
        .selectFrom('wb_service_specials')
        .where('tenant_id', '=', tenantId)
        .$if(!!opts.enabledOnly, (q) => q.where('enabled', '=', 1))
        .selectAll()
        .orderBy('sort')
        .orderBy('created_at')
        .orderBy('id')
        .$if(!!opts.limit, (q) => q.limit(opts.limit!))
        .execute(),
    special: (tenantId: string, id: string) => db.selectFrom('wb_service_specials').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst(),
    specialItems: (tenantId: string, specialIds: string[]) =>
      specialIds.length
        ? db.selectFrom('wb_service_special_items').where('tenant_id', '=', tenantId).where('special_id', 'in', specialIds).select(['special_id', 'service_id']).orderBy('special_id').orderBy('sort').execute()
        : Promise.resolve([]),
    maxSpecialSort: async (tenantId: string) =>
      Number((await db.selectFrom('wb_service_specials').where('tenant_id', '=', tenantId).select((eb) => eb.fn.max<number>('sort').as('m')).executeTakeFirst())?.m ?? 0),
    /**
     * Inserts or updates a special and replaces its services (in the given order) in one transaction: a
     * failure anywhere leaves the special as it was. Answers false when `update` names no special of the tenant.
     */
    async saveSpecial(row: Insertable<WbServiceSpecialTable> & { tenant_id: string; id: string }, serviceIds: string[], update: boolean): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (update) {
          const { tenant_id, id, created_at: _created, ...set } = row;
          const r = await trx.updateTable('wb_service_specials').set(set).where('tenant_id', '=', tenant_id).where('id', '=', id).executeTakeFirst();
          if (!Number(r.numUpdatedRows)) return false;
          await trx.deleteFrom('wb_service_special_items').where('tenant_id', '=', tenant_id).where('special_id', '=', id).execute();
        } else {
          await trx.insertInto('wb_service_specials').values(row).execute();
        }
        if (serviceIds.length) {
          await trx
            .insertInto('wb_service_special_items')
            .values(serviceIds.map((service_id, i) => ({ tenant_id: row.tenant_id, special_id: row.id, service_id, sort: i + 1 })))
            .execute();
        }
        return true;
      });
    },
    async removeSpecials(tenantId: string, ids: string[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('wb_service_special_items').where('tenant_id', '=', tenantId).where('special_id', 'in', ids).execute();
        return Number((await trx.deleteFrom('wb_service_specials').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
      });
    },

    news(tenantId: string, kind: string, category: string, limit: number) {
      let q = db.selectFrom('wb_news').where('tenant_id', '=', tenantId).where('kind', '=', kind);
      if (category) q = q.where('category', '=', category);
      return q.selectAll().orderBy(kind === 'OfficialAccount' ? 'created_at' : 'release_time', 'desc').limit(limit).execute();
    },
  };
}
export type WorkbenchRepository = ReturnType<typeof workbenchRepository>;
