import { sql, type Insertable, type Updateable } from 'kysely';
import { nowIso, transact } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/create-db.ts';
import type { WbCardColumnTable, WbCardTable, WbExternalApiTable, WbToolTable } from '../../db/tables/workbench.ts';

/**
 * SQL of the card tables: cards, their columns, role grants and placements on index types, external data sources,
 * common tools, and the to-do and news rows cards show. Every method takes the tenant first (house style 2).
 */
export function cardsRepository(db: Db) {
  return {
    cards: (tenantId: string) =>
      db
        .selectFrom('wb_cards')
        .where('tenant_id', '=', tenantId)
        .selectAll()
        .orderBy('sort')
        .orderBy('created_at')
        .execute(),
    card: (tenantId: string, id: string) =>
      db.selectFrom('wb_cards').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst(),
    insertCard: (row: Insertable<WbCardTable>) => db.insertInto('wb_cards').values(row).execute(),
    updateCard: (tenantId: string, id: string, set: Updateable<WbCardTable>) =>
      db.updateTable('wb_cards').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute(),
    async removeCards(tenantId: string, ids: string[]) {
      await transact(db, async (trx) => {
        for (const t of ['wb_card_columns', 'wb_card_roles', 'wb_index_cards'] as const)
          await trx.deleteFrom(t).where('tenant_id', '=', tenantId).where('card_id', 'in', ids).execute();
        await trx.deleteFrom('wb_cards').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
      });
    },
    maxCardSort: async (tenantId: string) =>
      Number(
        (
          await db
            .selectFrom('wb_cards')
            .where('tenant_id', '=', tenantId)
            .select((eb) => eb.fn.max<number>('sort').as('m'))
            .executeTakeFirst()
        )?.m ?? 0,
      ),

    columns: (tenantId: string, cardIds: string[]) =>
      cardIds.length
        ? db
            .selectFrom('wb_card_columns')
            .where('tenant_id', '=', tenantId)
            .where('card_id', 'in', cardIds)
            .selectAll()
            .orderBy('sort')
            .orderBy('id')
            .execute()
        : Promise.resolve([]),
    column: (tenantId: string, id: string) =>
      db
        .selectFrom('wb_card_columns')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst(),
    columnsByIds: (tenantId: string, ids: string[]) =>
      db.selectFrom('wb_card_columns').where('tenant_id', '=', tenantId).where('id', 'in', ids).selectAll().execute(),
    insertColumn: (row: Insertable<WbCardColumnTable>) => db.insertInto('wb_card_columns').values(row).execute(),
    updateColumn: (tenantId: string, id: string, set: Updateable<WbCardColumnTable>) =>
      db.updateTable('wb_card_columns').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute(),
    removeColumns: (tenantId: string, ids: string[]) =>
      db.deleteFrom('wb_card_columns').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst(),
    removeColumnsOfCard: (tenantId: string, cardId: string) =>
      db.deleteFrom('wb_card_columns').where('tenant_id', '=', tenantId).where('card_id', '=', cardId).execute(),
    async setSort(tenantId: string, table: 'wb_card_columns' | 'wb_cards', ids: string[]) {
      await transact(db, async (trx) => {
        for (const [i, id] of ids.entries())
          await trx
            .updateTable(table)
            .set({ sort: i + 1 })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', id)
            .execute();
      });
    },

    cardRoles: (tenantId: string, cardIds: string[]) =>
      cardIds.length
        ? db
            .selectFrom('wb_card_roles')
            .where('tenant_id', '=', tenantId)
            .where('card_id', 'in', cardIds)
            .select(['card_id', 'role_id'])
            .execute()
        : Promise.resolve([]),
    async setCardRoles(tenantId: string, cardId: string, roleIds: string[]) {
      await transact(db, async (trx) => {
        await trx.deleteFrom('wb_card_roles').where('tenant_id', '=', tenantId).where('card_id', '=', cardId).execute();
        if (roleIds.length)
          await trx
            .insertInto('wb_card_roles')
            .values(roleIds.map((role_id) => ({ tenant_id: tenantId, card_id: cardId, role_id })))
            .execute();
      });
    },
    indexCards: (tenantId: string) =>
      db.selectFrom('wb_index_cards').where('tenant_id', '=', tenantId).selectAll().orderBy('sort').execute(),
    async setIndexCards(tenantId: string, typeId: string, cardIds: string[]) {
      await transact(db, async (trx) => {
        await trx
          .deleteFrom('wb_index_cards')
          .where('tenant_id', '=', tenantId)
          .where('type_id', '=', typeId)
          .execute();
        if (cardIds.length)
          await trx
            .insertInto('wb_index_cards')
            .values(cardIds.map((card_id, i) => ({ tenant_id: tenantId, type_id: typeId, card_id, sort: i + 1 })))
            .execute();
      });
    },
    /**
     * Puts one card on a tab as the tab is now: at `position` among its cards (from 0), or last. Only the cards after
     * it move down; nothing else of the tab is written. The caller holds the tab (lockPlacementTab) in its transaction.
     */
    async insertIndexCard(tenantId: string, typeId: string, cardId: string, position?: number) {
      await transact(db, async (trx) => {
        const placed = await trx
          .selectFrom('wb_index_cards')
          .where('tenant_id', '=', tenantId)
          .where('type_id', '=', typeId)
          .select(['card_id', 'sort'])
          .orderBy('sort')
          .orderBy('card_id')
          .execute();
        const at = Math.min(position ?? placed.length, placed.length);
        const sort = (placed[at - 1]?.sort ?? 0) + 1;
        let next = sort + 1;
        for (const p of placed.slice(at)) {
          if (p.sort >= next) break; // the rest are further down already
          await trx
            .updateTable('wb_index_cards')
            .set({ sort: next })
            .where('tenant_id', '=', tenantId)
            .where('type_id', '=', typeId)
            .where('card_id', '=', p.card_id)
            .execute();
          next += 1;
        }
        await trx
          .insertInto('wb_index_cards')
          .values({ tenant_id: tenantId, type_id: typeId, card_id: cardId, sort })
          .execute();
      });
    },
    removeIndexCard: (tenantId: string, cardIds: string[]) =>
      db.deleteFrom('wb_index_cards').where('tenant_id', '=', tenantId).where('card_id', 'in', cardIds).execute(),
    removeIndexCardsOfTypes: (tenantId: string, typeIds: string[]) =>
      db.deleteFrom('wb_index_cards').where('tenant_id', '=', tenantId).where('type_id', 'in', typeIds).execute(),

    /** The columns (with their card's name) that read an external API: it cannot be deleted while they do. */
    columnsUsingApi: (tenantId: string, apiId: string) =>
      db
        .selectFrom('wb_card_columns as c')
        .innerJoin('wb_cards as k', (j) => j.onRef('k.id', '=', 'c.card_id').onRef('k.tenant_id', '=', 'c.tenant_id'))
        .where('c.tenant_id', '=', tenantId)
        .where('c.api_id', '=', apiId)
        .select(['k.card_name', 'c.column_name'])
        .orderBy('k.card_name')
        .orderBy('c.column_name')
        .execute(),
    removeApi: async (tenantId: string, id: string) =>
      Number(
        (
          await db
            .deleteFrom('wb_external_apis')
            .where('tenant_id', '=', tenantId)
            .where('id', '=', id)
            .executeTakeFirst()
        ).numDeletedRows,
      ) > 0,
    removeTool: async (tenantId: string, id: string) =>
      Number(
        (await db.deleteFrom('wb_tools').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst())
          .numDeletedRows,
      ) > 0,
    apis: (tenantId: string) =>
      db.selectFrom('wb_external_apis').where('tenant_id', '=', tenantId).selectAll().orderBy('api_name').execute(),
    api: (tenantId: string, id: string) =>
      db
        .selectFrom('wb_external_apis')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst(),
    async upsertApi(row: Insertable<WbExternalApiTable> & { id: string; tenant_id: string }) {
      const exists = await db
        .selectFrom('wb_external_apis')
        .where('tenant_id', '=', row.tenant_id)
        .where('id', '=', row.id)
        .select('id')
        .executeTakeFirst();
      if (exists)
        await db
          .updateTable('wb_external_apis')
          .set(row)
          .where('tenant_id', '=', row.tenant_id)
          .where('id', '=', row.id)
          .execute();
      else await db.insertInto('wb_external_apis').values(row).execute();
    },

    tools: (tenantId: string) =>
      db.selectFrom('wb_tools').where('tenant_id', '=', tenantId).selectAll().orderBy('sort').orderBy('id').execute(),
    tool: (tenantId: string, id: string) =>
      db.selectFrom('wb_tools').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst(),
    insertTool: (row: Insertable<WbToolTable>) => db.insertInto('wb_tools').values(row).execute(),
    updateTool: (tenantId: string, id: string, set: Updateable<WbToolTable>) =>
      db.updateTable('wb_tools').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute(),

    async todoCounts(tenantId: string, userId: string, kind: string, flowType: string) {
      let q = db
        .selectFrom('wb_todos')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('kind', '=', kind);
      if (flowType) q = q.where('flow_type', '=', flowType);
      const r = await q
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('is_timeout').as('t')])
        .executeTakeFirst();
      return { total: Number(r?.n ?? 0), timeout: Number(r?.t ?? 0) };
    },
    todos(tenantId: string, userId: string, kind: string, flowType: string, limit: number) {
      let q = db
        .selectFrom('wb_todos')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('kind', '=', kind);
      if (flowType) q = q.where('flow_type', '=', flowType);
      return q
        .select(['id', 'title', 'flow_type', 'matter_status', 'is_timeout', 'created_at'])
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },
    flowTypes: async (tenantId: string) =>
      (
        await db
          .selectFrom('wb_todos')
          .where('tenant_id', '=', tenantId)
          .where('flow_type', '<>', '')
          .select('flow_type')
          .distinct()
          .orderBy('flow_type')
          .execute()
      ).map((r) => r.flow_type),

    /** Released items only (an administrator may write one for later); the body stays out of the list (has_content). */
    news(tenantId: string, kind: string, category: string, limit: number) {
      let q = db
        .selectFrom('wb_news')
        .where('tenant_id', '=', tenantId)
        .where('kind', '=', kind)
        .where('release_time', '<=', nowIso());
      if (category) q = q.where('category', '=', category);
      return q
        .select([
          'id',
          'tenant_id',
          'kind',
          'category',
          'title',
          'field_set',
          'important',
          'url',
          'release_time',
          'created_at',
        ])
        .select(sql<number>`case when content <> '' then 1 else 0 end`.as('has_content'))
        .orderBy(kind === 'OfficialAccount' ? 'created_at' : 'release_time', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type CardsRepository = ReturnType<typeof cardsRepository>;
