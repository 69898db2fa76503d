import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { WbNewsTable } from '../../db/tables/workbench.ts';

/** `LIKE` with the user's % and _ taken literally. */
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL of the news and announcements administrators write (wb_news; issue 16). Tenant first (house style 2). */
export function newsRepository(db: Db) {
  return {
    async page(tenantId: string, kind: string | undefined, keyword: string | undefined, limit: number, offset: number) {
      let base = db
        .selectFrom('wb_news')
        .where('tenant_id', '=', tenantId)
        .where('kind', 'in', ['news', 'announcement']);
      if (kind) base = base.where('kind', '=', kind);
      if (keyword) base = base.where(sql<SqlBool>`title like ${likeOf(keyword)} escape '\\'`);
      const [rows, total] = await Promise.all([
        base
          .select(['id', 'kind', 'title', 'category', 'field_set', 'important', 'release_time', 'url'])
          .select(sql<number>`case when content <> '' then 1 else 0 end`.as('has_content'))
          .orderBy('release_time', 'desc')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** One written item (news or announcement) of the tenant; `releasedBy` keeps an unreleased one from readers. */
    item(tenantId: string, id: string, releasedBy?: string) {
      let q = db
        .selectFrom('wb_news')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('kind', 'in', ['news', 'announcement']);
      if (releasedBy) q = q.where('release_time', '<=', releasedBy);
      return q.selectAll().executeTakeFirst();
    },

    insert: (row: Insertable<WbNewsTable>) => db.insertInto('wb_news').values(row).execute(),
    update: (tenantId: string, id: string, set: Updateable<WbNewsTable>) =>
      db.updateTable('wb_news').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute(),
    async remove(tenantId: string, id: string): Promise<boolean> {
      const res = await db
        .deleteFrom('wb_news')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('kind', 'in', ['news', 'announcement'])
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}
