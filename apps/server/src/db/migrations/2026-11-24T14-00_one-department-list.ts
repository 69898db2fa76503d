import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';

/**
 * One department list per tenant (issue 16, ADR 0032): the catalogue's `svc_depts` is the list, now with parent
 * departments; the three lists' `osp_depts` keeps only what the three lists add to a department (its duties text,
 * phone and address) under the same id.
 *
 * Every `osp_depts` row is matched by name to the tenant's `svc_depts` row (the first by sort and id when the
 * catalogue has the name twice); a name the catalogue lacks becomes a new department of it, under the three lists'
 * id when that id is free. Parents the catalogue does not set come from the three lists. Duties, department
 * managers, the three lists' own services, users' departments (`user_depts`) and the `dept:<id>` audiences of
 * notices and scheduled notices follow the new ids. The catalogue's ids never change (services, clicks and
 * favourites refer to them). Then `osp_depts` drops its name, parent and order: they live in `svc_depts` only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // All or nothing: PostgreSQL runs a migration in a transaction already; SQLite (no transactional DDL in Kysely's
  // migrator) gets one here — its ALTER TABLE and DROP INDEX roll back too.
  if (db.isTransaction) await merge(db);
  else await db.transaction().execute(merge);
}

async function merge(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('svc_depts')
    .addColumn('parent_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  // Two rows may carry one name while they are re-keyed below.
  await db.schema.dropIndex('osp_depts_tenant_name').ifExists().execute();

  const osp: { id: string; tenant_id: string; parent_id: string; dept_name: string }[] = await db
    .selectFrom('osp_depts')
    .select(['id', 'tenant_id', 'parent_id', 'dept_name'])
    .orderBy('tenant_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const svc: { id: string; tenant_id: string; name: string; sort: number; parent_id: string }[] = await db
    .selectFrom('svc_depts')
    .select(['id', 'tenant_id', 'name', 'sort', 'parent_id'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const svcIds = new Set(svc.map((d) => d.id));
  const byName = new Map<string, (typeof svc)[number]>();
  for (const d of svc) if (!byName.has(`${d.tenant_id}\u0000${d.name}`)) byName.set(`${d.tenant_id}\u0000${d.name}`, d);
  const maxSort = new Map<string, number>();
  for (const d of svc) maxSort.set(d.tenant_id, Math.max(maxSort.get(d.tenant_id) ?? 0, Number(d.sort)));

  /** old osp id → id in the one list */
  const target = new Map<string, string>();
  for (const d of osp) {
    const found = byName.get(`${d.tenant_id}\u0000${d.dept_name}`);
    if (found) {
      target.set(d.id, found.id);
      continue;
    }
    const id = svcIds.has(d.id) ? randomUUID() : d.id;
    const sort = (maxSort.get(d.tenant_id) ?? 0) + 1;
    maxSort.set(d.tenant_id, sort);
    await db
      .insertInto('svc_depts')
      .values({ id, tenant_id: d.tenant_id, name: d.dept_name, icon: '', sort, parent_id: '' })
      .execute();
    const row = { id, tenant_id: d.tenant_id, name: d.dept_name, sort, parent_id: '' };
    svcIds.add(id);
    byName.set(`${d.tenant_id}\u0000${d.dept_name}`, row);
    svc.push(row);
    target.set(d.id, id);
  }
  // Parents from the three lists where the catalogue has none (never a department its own parent).
  const svcById = new Map(svc.map((d) => [d.id, d]));
  for (const d of osp) {
    const id = target.get(d.id)!;
    const parent = d.parent_id ? target.get(d.parent_id) : undefined;
    const row = svcById.get(id)!;
    if (!parent || parent === id || row.parent_id) continue;
    await db.updateTable('svc_depts').set({ parent_id: parent }).where('id', '=', id).execute();
    row.parent_id = parent;
  }

  // Re-key the three lists' rows whose id changes. A row whose old id is another row's new id moves aside first.
  const moving = osp.filter((d) => target.get(d.id) !== d.id);
  const taken = new Set(moving.map((d) => target.get(d.id)!));
  const current = new Map(osp.map((d) => [d.id, d.id]));
  for (const d of moving)
    if (taken.has(d.id)) {
      const aside = randomUUID();
      await rekey(db, d.id, aside);
      current.set(d.id, aside);
    }
  for (const d of moving) await rekey(db, current.get(d.id)!, target.get(d.id)!);

  await rewriteAudiences(db, target);

  await db.schema.alterTable('osp_depts').dropColumn('dept_name').execute();
  await db.schema.alterTable('osp_depts').dropColumn('parent_id').execute();
  await db.schema.alterTable('osp_depts').dropColumn('sort').execute();
}

/** Moves one osp_depts row to a new id with everything that points at it (foreign keys have no ON UPDATE). */
async function rekey(db: Kysely<any>, from: string, to: string): Promise<void> {
  await sql`INSERT INTO osp_depts (id, tenant_id, parent_id, dept_name, responsibility, phone, address, sort, updated_at)
    SELECT ${to}, tenant_id, parent_id, dept_name, responsibility, phone, address, sort, updated_at
    FROM osp_depts WHERE id = ${from}`.execute(db);
  await db.updateTable('osp_duties').set({ dept_id: to }).where('dept_id', '=', from).execute();
  await db.updateTable('osp_list_services').set({ dept_id: to }).where('dept_id', '=', from).execute();
  await db.updateTable('osp_depts').set({ parent_id: to }).where('parent_id', '=', from).execute();
  for (const table of ['osp_dept_managers', 'user_depts']) {
    // Primary key (tenant_id, dept_id, user_id): a user already on the target keeps one row.
    await sql`DELETE FROM ${sql.table(table)} WHERE dept_id = ${from} AND EXISTS (
      SELECT 1 FROM ${sql.table(table)} t WHERE t.tenant_id = ${sql.table(table)}.tenant_id
        AND t.user_id = ${sql.table(table)}.user_id AND t.dept_id = ${to})`.execute(db);
    await db.updateTable(table).set({ dept_id: to }).where('dept_id', '=', from).execute();
  }
  await db.deleteFrom('osp_depts').where('id', '=', from).execute();
}

/** `dept:<old>` in notice audiences and in scheduled notices' deptIds become the new ids. */
async function rewriteAudiences(db: Kysely<any>, target: Map<string, string>): Promise<void> {
  if (![...target].some(([from, to]) => from !== to)) return;
  const notices: { message_id: string; audience: string }[] = await db
    .selectFrom('notices')
    .where('audience', 'like', '%dept:%')
    .select(['message_id', 'audience'])
    .execute();
  for (const n of notices) {
    const parts = n.audience
      .split(',')
      .map((p) => (p.startsWith('dept:') ? `dept:${target.get(p.slice(5)) ?? p.slice(5)}` : p));
    const audience = [...new Set(parts)].sort().join(',');
    if (audience !== n.audience)
      await db.updateTable('notices').set({ audience }).where('message_id', '=', n.message_id).execute();
  }
  const scheduled: { id: string; payload: string }[] = await db
    .selectFrom('scheduled_notices')
    .where('payload', 'like', '%deptIds%')
    .select(['id', 'payload'])
    .execute();
  for (const s of scheduled) {
    let payload: { deptIds?: unknown };
    try {
      payload = JSON.parse(s.payload) as { deptIds?: unknown };
    } catch {
      continue;
    }
    if (!Array.isArray(payload.deptIds)) continue;
    const deptIds = [...new Set(payload.deptIds.map((d) => (typeof d === 'string' ? (target.get(d) ?? d) : d)))];
    const next = JSON.stringify({ ...payload, deptIds });
    if (next !== s.payload)
      await db.updateTable('scheduled_notices').set({ payload: next }).where('id', '=', s.id).execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('2026-11-24T14-00_one-department-list merges two lists into one and cannot be undone');
}
