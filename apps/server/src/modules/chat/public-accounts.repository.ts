import type { Db } from '../../db/create-db.ts';

/** The public accounts of a tenant as the account list of serviceItem/getMpList finds them. */
export function publicAccountsRepository(db: Db) {
  return {
    search(tenantId: string, filter: { mpType?: number | undefined; keyword?: string | undefined }) {
      let q = db.selectFrom('chat_public_accounts').where('tenant_id', '=', tenantId);
      if (filter.mpType !== undefined) q = q.where('mp_type', '=', filter.mpType);
      // The wildcards % and _ are dropped, so a user's text never widens the match (as three-lists does).
      const keyword = filter.keyword?.replace(/[%_]/g, '');
      if (keyword) q = q.where('name', 'like', `%${keyword}%`);
      return q.select(['id', 'name', 'mp_type', 'avatar', 'intro']).orderBy('sort').orderBy('id').execute();
    },
  };
}
