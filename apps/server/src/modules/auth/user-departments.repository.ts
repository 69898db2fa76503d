import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';

/** A LIKE pattern matching the text anywhere, its wildcards taken literally (escaped with \). */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL of the users' departments page (ADR 0035). Every method takes the tenant first (house style 2). */
export function userDepartmentsRepository(db: Db) {
  return {
    /** A page of the tenant's users by name, nickname or account, optionally only members of one department. */
    async page(tenantId: string, f: { keyword?: string; deptIds?: string[]; offset: number; limit: number }) {
      let q = db
        .selectFrom('users as u')
        .innerJoin('roles as r', 'r.id', 'u.role_id')
        .where('u.tenant_id', '=', tenantId);
      if (f.keyword) {
        const like = contains(f.keyword);
        q = q.where((eb) =>
          eb.or(
            (['u.user_name', 'u.nick_name', 'u.account'] as const).map(
              (c) => sql<boolean>`lower(${sql.ref(c)}) like ${like} escape '\\'`,
            ),
          ),
        );
      }
      if (f.deptIds?.length) {
        const deptIds = f.deptIds;
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('user_depts as d')
              .whereRef('d.user_id', '=', 'u.id')
              .where('d.tenant_id', '=', tenantId)
              .where('d.dept_id', 'in', deptIds)
              .select('d.user_id'),
          ),
        );
      }
      const [rows, count] = await Promise.all([
        q
          .select(['u.id', 'u.account', 'u.user_name', 'r.role_name'])
          .orderBy('u.account')
          .orderBy('u.id')
          .offset(f.offset)
          .limit(f.limit)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** The memberships of these users (dept ids with their source), in the order of the department list's ids. */
    memberships(tenantId: string, userIds: string[]) {
      if (!userIds.length) return Promise.resolve([]);
      return db
        .selectFrom('user_depts')
        .where('tenant_id', '=', tenantId)
        .where('user_id', 'in', userIds)
        .select(['user_id', 'dept_id', 'source'])
        .orderBy('dept_id')
        .execute();
    },
  };
}
