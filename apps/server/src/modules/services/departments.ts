import type { Db } from '../../db/create-db.ts';
import { newId } from '../../platform/crypto.ts';
import { bumpCatalogue, WHOLE_CATALOGUE } from './catalogue-version.ts';
import { departmentsRepository } from './departments.repository.ts';

/** A department of the tenant's one list: '' parent at the top. */
export type Department = { id: string; name: string; parentId: string; sort: number };

/** The given departments and every department under them (a notice to 教务处 reaches 考试中心 too). */
export function withSubDepartments(
  list: readonly Pick<Department, 'id' | 'parentId'>[],
  ids: Iterable<string>,
): Set<string> {
  const out = new Set(ids);
  for (let grew = true; grew;) {
    grew = false;
    for (const d of list)
      if (d.parentId && out.has(d.parentId) && !out.has(d.id)) {
        out.add(d.id);
        grew = true;
      }
  }
  return out;
}

/**
 * The tenant's one department list (issue 16, ADR 0032). The catalogue owns it (`svc_depts`); the three lists,
 * their bulk import, efficiency and notices use these functions (or read the table where READ_GRANTS say so),
 * never a list of their own. Each takes the database or the caller's transaction.
 */
export function departments(db: Db) {
  const r = departmentsRepository(db);
  return {
    async list(tenantId: string): Promise<Department[]> {
      return (await r.list(tenantId)).map((d) => ({ id: d.id, name: d.name, parentId: d.parent_id, sort: d.sort }));
    },
    /** Adds a department at the end of the list; the catalogue's department filter shows it from now on. */
    async create(tenantId: string, name: string, parentId = ''): Promise<string> {
      const id = newId();
      await r.insert(tenantId, { id, name, parent_id: parentId, sort: (await r.maxSort(tenantId)) + 1 });
      await bumpCatalogue(db, tenantId, WHOLE_CATALOGUE);
      return id;
    },
    /**
     * Moves a department under another ('' to the top). False (and nothing changed) when the parent is the
     * department itself or one of its own sub-departments.
     */
    async setParent(tenantId: string, id: string, parentId: string): Promise<boolean> {
      if (parentId) {
        const all = await r.list(tenantId);
        const parentOf = new Map(all.map((d) => [d.id, d.parent_id]));
        const seen = new Set<string>();
        for (let p: string | undefined = parentId; p && !seen.has(p); p = parentOf.get(p)) {
          if (p === id) return false;
          seen.add(p);
        }
      }
      await r.setParent(tenantId, id, parentId);
      return true;
    },
  };
}
