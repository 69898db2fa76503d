import { CompiledQuery, sql } from 'kysely';
import { sqliteFileOf, type Db, type Engine } from '../../db/create-db.ts';
import { binaryCompare, openSqliteReader, sqliteParams } from '../../db/sqlite-reader.ts';
import { markList, markRows, sqlText } from '../../db/sql-texts.ts';
import { engineOf, nowIso } from '../../db/sql-helpers.ts';

/** A department of the one list (svc_depts) with what the three lists add to it (osp_depts, same id). */
export type ListDept = {
  id: string;
  parent_id: string;
  dept_name: string;
  responsibility: string;
  phone: string;
  address: string;
  sort: number;
};

export type DutyFilter = {
  deptIds?: string[] | null;
  dutyName?: string | null;
  keyword?: string | null;
  ids?: string[] | null;
};

/** SQL of departments, duties and their services. Every method takes the tenant first (house style 2). */
export function threeListsRepository(db: Db) {
  const dutyBase = (tenantId: string, f: DutyFilter) => {
    let q = db
      .selectFrom('osp_duties as d')
      .innerJoin('svc_depts as p', 'p.id', 'd.dept_id')
      .where('d.tenant_id', '=', tenantId)
      .where('p.tenant_id', '=', tenantId);
    if (f.deptIds) q = f.deptIds.length ? q.where('d.dept_id', 'in', f.deptIds) : q.where(sql<boolean>`1 = 0`);
    if (f.ids) q = f.ids.length ? q.where('d.id', 'in', f.ids) : q.where(sql<boolean>`1 = 0`);
    if (f.dutyName) q = q.where('d.duty_name', 'like', `%${escapeLike(f.dutyName)}%`);
    if (f.keyword) {
      const k = `%${escapeLike(f.keyword)}%`;
      q = q.where((eb) =>
        eb.or([eb('d.duty_name', 'like', k), eb('d.duty_content', 'like', k), eb('p.name', 'like', k)]),
      );
    }
    return q;
  };
  const deptBase = (tenantId: string) =>
    db
      .selectFrom('svc_depts as d')
      .leftJoin('osp_depts as o', (j) => j.onRef('o.id', '=', 'd.id').on('o.tenant_id', '=', tenantId))
      .where('d.tenant_id', '=', tenantId)
      .select(['d.id', 'd.parent_id', 'd.name', 'd.sort', 'o.responsibility', 'o.phone', 'o.address']);
  const dutyColumns = [
    'd.id',
    'd.dept_id',
    'p.name as dept_name',
    'd.duty_name',
    'd.duty_type',
    'd.duty_content',
    'd.sort',
    'd.updated_at',
  ] as const;

  const exportColumns = [
    'd.id',
    'p.name as dept_name',
    'd.duty_name',
    'd.duty_type',
    'd.duty_content',
    'd.sort',
  ] as const;

  return {
    /**
     * The tenant's departments: the one department list (svc_depts, the catalogue's, ADR 0032) with the three
     * lists' details of each where it has them.
     */
    async depts(tenantId: string): Promise<ListDept[]> {
      const rows = await deptBase(tenantId).orderBy('d.sort').orderBy('d.name').execute();
      return rows.map(listDept);
    },
    async dept(tenantId: string, id: string): Promise<ListDept | undefined> {
      const row = await deptBase(tenantId).where('d.id', '=', id).executeTakeFirst();
      return row && listDept(row);
    },
    /** The three lists' details row of a department of the one list, made empty when missing (duties refer to it). */
    async ensureDetails(tenantId: string, id: string) {
      await db
        .insertInto('osp_depts')
        .values({ id, tenant_id: tenantId, responsibility: '', phone: '', address: '', updated_at: nowIso() })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    async dutyCounts(tenantId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('osp_duties')
        .where('tenant_id', '=', tenantId)
        .groupBy('dept_id')
        .select(['dept_id', (eb) => eb.fn.countAll<number>().as('n')])
        .execute();
      return new Map(rows.map((r) => [r.dept_id, Number(r.n)]));
    },
    managedDeptIds(tenantId: string, userId: string) {
      return db
        .selectFrom('osp_dept_managers')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .select('dept_id')
        .execute()
        .then((r) => r.map((x) => x.dept_id));
    },
    async updateDept(
      tenantId: string,
      id: string,
      patch: { responsibility?: string | undefined; phone?: string | undefined; address?: string | undefined },
    ) {
      const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      await this.ensureDetails(tenantId, id);
      await db
        .updateTable('osp_depts')
        .set({ ...values, updated_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
    async dutyPage(tenantId: string, f: DutyFilter, offset: number, limit: number) {
      const base = dutyBase(tenantId, f);
      const [rows, count] = await Promise.all([
        base
          .select(dutyColumns)
          .orderBy('p.sort')
          .orderBy('d.sort')
          .orderBy('d.id')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    countDuties(tenantId: string, f: DutyFilter) {
      return dutyBase(tenantId, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },
    /**
     * The duties of an export in id order, each with the names of its services in name order joined by '、', in
     * batches of `batch` (ADR 0046). On a SQLite file: one statement streamed from a read-only connection of its
     * own, in one snapshot, with the links merged in from a second statement in duty order (no query per page, no
     * Kysely per row; the shared connection stays free). Elsewhere (PostgreSQL, `:memory:`): keyset pages with
     * the names aggregated in the same query.
     */
    async *streamDuties(tenantId: string, f: DutyFilter, batch = 2000): AsyncGenerator<DutyExportRow[]> {
      const duties = dutyBase(tenantId, f).select(exportColumns).orderBy('d.id');
      const file = sqliteFileOf(db);
      if (file) {
        yield* streamDutiesFrom(file, tenantId, duties.compile(), batch);
        return;
      }
      const names =
        engineOf(db) === 'postgres'
          ? sql<string | null>`string_agg(s.service_name, '、' ORDER BY s.service_name)`
          : sql<string | null>`group_concat(s.service_name, '、' ORDER BY s.service_name)`;
      let after = '';
      for (;;) {
        const rows = await duties
          .where('d.id', '>', after)
          .select((eb) =>
            eb
              .selectFrom('osp_duty_services as s')
              .where('s.tenant_id', '=', tenantId)
              .whereRef('s.duty_id', '=', 'd.id')
              .select(names.as('names'))
              .as('services'),
          )
          .limit(batch)
          .execute();
        if (!rows.length) return;
        yield rows.map((r) => ({ ...r, sort: Number(r.sort), services: r.services ?? '' }));
        after = rows[rows.length - 1]!.id;
        if (rows.length < batch) return;
      }
    },
    duty(tenantId: string, id: string) {
      return db
        .selectFrom('osp_duties')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst();
    },
    async servicesOf(
      tenantId: string,
      dutyIds: string[],
    ): Promise<Map<string, { serviceId: string; serviceName: string }[]>> {
      const out = new Map<string, { serviceId: string; serviceName: string }[]>();
      if (!dutyIds.length) return out;
      const rows = await db
        .selectFrom('osp_duty_services')
        .where('tenant_id', '=', tenantId)
        .where('duty_id', 'in', dutyIds)
        .select(['duty_id', 'service_id', 'service_name'])
        .orderBy('service_name')
        .execute();
      for (const r of rows) {
        const list = out.get(r.duty_id) ?? [];
        list.push({ serviceId: r.service_id, serviceName: r.service_name });
        out.set(r.duty_id, list);
      }
      return out;
    },
    /**
     * Services a duty can be tied to: the service catalogue's services on the shelf, and nothing else — one
     * catalogue, so every service a duty names can be opened (issue 16; the three lists' own list of services is
     * no longer linkable).
     */
    linkable(tenantId: string) {
      const catalogue = db
        .selectFrom('svc_services as c')
        .leftJoin('svc_depts as d', (j) => j.onRef('d.id', '=', 'c.dept_id').on('d.tenant_id', '=', tenantId))
        .where('c.tenant_id', '=', tenantId)
        .where('c.status', '=', 1)
        .select([
          'c.id as id',
          'c.service_name as service_name',
          'c.dept_id as dept_id',
          'd.name as dept_name',
          sql<number>`0`.as('src'),
        ]);
      return db.selectFrom(catalogue.as('u'));
    },
    listServices(tenantId: string, ids: string[]) {
      if (!ids.length) return Promise.resolve([]);
      return this.linkable(tenantId).where('u.id', 'in', ids).select(['u.id', 'u.service_name']).execute();
    },
    /** Linkable services by name, for an import. */
    async servicesByName(tenantId: string) {
      const rows = await this.linkable(tenantId)
        .select(['u.id', 'u.service_name'])
        .orderBy('u.src')
        .orderBy('u.id')
        .execute();
      const out = new Map<string, string>();
      for (const r of rows) if (!out.has(r.service_name)) out.set(r.service_name, r.id);
      return out;
    },
    async servicePage(
      tenantId: string,
      f: { serviceName?: string | null; deptId?: string | null },
      offset: number,
      limit: number,
    ) {
      let base = this.linkable(tenantId);
      if (f.serviceName) base = base.where('u.service_name', 'like', `%${escapeLike(f.serviceName)}%`);
      if (f.deptId) base = base.where('u.dept_id', '=', f.deptId);
      const [rows, count] = await Promise.all([
        base
          .select(['u.id', 'u.service_name', 'u.dept_id', 'u.dept_name'])
          .orderBy('u.service_name')
          .orderBy('u.id')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    serviceDeptRelation(tenantId: string) {
      return db
        .selectFrom('osp_duty_services as s')
        .innerJoin('osp_duties as d', 'd.id', 's.duty_id')
        .innerJoin('svc_depts as p', 'p.id', 'd.dept_id')
        .where('s.tenant_id', '=', tenantId)
        .where('d.tenant_id', '=', tenantId)
        .select(['s.service_id', 's.service_name', 'p.id as dept_id', 'p.name as dept_name'])
        .distinct()
        .orderBy('p.name')
        .orderBy('s.service_name')
        .execute();
    },
    /** Whether the department has a duty of this name besides `exceptId` (an edit keeps its own name). */
    async dutyNameTaken(tenantId: string, deptId: string, dutyName: string, exceptId?: string): Promise<boolean> {
      let q = db
        .selectFrom('osp_duties')
        .where('tenant_id', '=', tenantId)
        .where('dept_id', '=', deptId)
        .where('duty_name', '=', dutyName);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return !!(await q.select('id').limit(1).executeTakeFirst());
    },
    async insertDuty(
      tenantId: string,
      row: { id: string; dept_id: string; duty_name: string; duty_type: string; duty_content: string; sort: number },
      services: { id: string; service_name: string }[],
      trx: Db = db,
    ) {
      const now = nowIso();
      await threeListsRepository(trx).ensureDetails(tenantId, row.dept_id);
      await trx
        .insertInto('osp_duties')
        .values({ ...row, tenant_id: tenantId, created_at: now, updated_at: now })
        .execute();
      if (services.length) {
        await trx
          .insertInto('osp_duty_services')
          .values(
            services.map((s) => ({
              tenant_id: tenantId,
              duty_id: row.id,
              service_id: s.id,
              service_name: s.service_name,
            })),
          )
          .execute();
      }
    },
    async updateDuty(
      tenantId: string,
      id: string,
      patch: { dept_id: string; duty_name: string; duty_type: string; duty_content: string; sort: number },
      services: { id: string; service_name: string }[] | null,
      trx: Db = db,
    ) {
      await threeListsRepository(trx).ensureDetails(tenantId, patch.dept_id);
      await trx
        .updateTable('osp_duties')
        .set({ ...patch, updated_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
      if (services) {
        await trx.deleteFrom('osp_duty_services').where('tenant_id', '=', tenantId).where('duty_id', '=', id).execute();
        if (services.length) {
          await trx
            .insertInto('osp_duty_services')
            .values(
              services.map((s) => ({
                tenant_id: tenantId,
                duty_id: id,
                service_id: s.id,
                service_name: s.service_name,
              })),
            )
            .execute();
        }
      }
    },
    async removeDuties(tenantId: string, ids: string[]) {
      if (!ids.length) return 0;
      await db.deleteFrom('osp_duty_services').where('tenant_id', '=', tenantId).where('duty_id', 'in', ids).execute();
      const r = await db
        .deleteFrom('osp_duties')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    config(tenantId: string) {
      return db.selectFrom('three_list_configs').where('tenant_id', '=', tenantId).selectAll().executeTakeFirst();
    },
    async saveConfig(
      tenantId: string,
      c: {
        page_title: string;
        introduction: string;
        page_title_en: string;
        introduction_en: string;
        show_services: number;
        duty_type_must: number;
      },
    ) {
      const values = { ...c, updated_at: nowIso() };
      await db
        .insertInto('three_list_configs')
        .values({ tenant_id: tenantId, ...values })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
        .execute();
    },
    tenantName(tenantId: string) {
      return db
        .selectFrom('tenants')
        .where('tenant_id', '=', tenantId)
        .select('tenant_name')
        .executeTakeFirst()
        .then((r) => r?.tenant_name ?? '');
    },

    // ------------------------------------------------------------ bulk import (three-lists.bulk.ts)
    /**
     * Duties whose column `by` is one of `values`, with the given key columns: with the duty name (its index
     * answers the IN list) every duty; otherwise the first duty (least id) of each key, grouped in SQL.
     */
    async dutiesByKey(tenantId: string, by: DutyKeyColumn, values: string[], columns: DutyKeyColumn[]) {
      if (by === 'duty_name') {
        // The import's hot path (once per 500 rows): a SQL text made once per list length, not built per call.
        const engine = engineOf(db);
        const { rows } = await db.executeQuery<{ id: string } & Record<DutyKeyColumn, string>>(
          CompiledQuery.raw(dutiesByNameText(engine, values.length), [tenantId, ...values]),
        );
        return rows;
      }
      const rows = await db
        .selectFrom('osp_duties')
        .where('tenant_id', '=', tenantId)
        .where(by, 'in', values)
        .select([...columns, (eb) => eb.fn.min<string>('id').as('id')])
        .groupBy(columns)
        .execute();
      return rows as ({ id: string } & Partial<Record<DutyKeyColumn, string>>)[];
    },
    /**
     * New duties with their service links, in multi-row inserts (200 duties, 500 links a statement) whose SQL texts
     * are made once per row count (the import's hot path: building them with Kysely per batch was 0.45 s of a
     * 200,000-row import, issue 13); on SQLite each text is a statement prepared once (node-sqlite.ts).
     */
    async insertDuties(
      tenantId: string,
      entries: { row: DutyRow; services: { id: string; service_name: string }[] }[],
    ) {
      const now = nowIso();
      const engine = engineOf(db);
      for (const deptId of new Set(entries.map((e) => e.row.dept_id))) await this.ensureDetails(tenantId, deptId);
      for (let i = 0; i < entries.length; i += 200) {
        const end = Math.min(i + 200, entries.length);
        const params: unknown[] = [];
        let links = 0;
        for (let k = i; k < end; k++) {
          const { row, services } = entries[k]!;
          params.push(
            row.id,
            tenantId,
            row.dept_id,
            row.duty_name,
            row.duty_type,
            row.duty_content,
            row.sort,
            now,
            now,
          );
          links += services.length;
        }
        await db.executeQuery(CompiledQuery.raw(insertText(engine, 'osp_duties', DUTY_COLUMNS, end - i), params));
        if (!links) continue;
        let linkParams: unknown[] = [];
        for (let k = i; k < end; k++) {
          const { row, services } = entries[k]!;
          for (const s of services) {
            linkParams.push(tenantId, row.id, s.id, s.service_name);
            if (linkParams.length === 500 * LINK_COLUMNS.length) {
              await db.executeQuery(
                CompiledQuery.raw(insertText(engine, 'osp_duty_services', LINK_COLUMNS, 500), linkParams),
              );
              linkParams = [];
            }
          }
        }
        if (linkParams.length)
          await db.executeQuery(
            CompiledQuery.raw(
              insertText(engine, 'osp_duty_services', LINK_COLUMNS, linkParams.length / LINK_COLUMNS.length),
              linkParams,
            ),
          );
      }
    },
    /** The three lists' details of a department of the one list, as an import sets them. */
    async setDetails(tenantId: string, id: string, values: { responsibility: string; phone: string; address: string }) {
      await this.ensureDetails(tenantId, id);
      await db
        .updateTable('osp_depts')
        .set({ ...values, updated_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
  };
}

const DUTY_COLUMNS = [
  'id',
  'tenant_id',
  'dept_id',
  'duty_name',
  'duty_type',
  'duty_content',
  'sort',
  'created_at',
  'updated_at',
] as const;
const LINK_COLUMNS = ['tenant_id', 'duty_id', 'service_id', 'service_name'] as const;

/** A multi-row insert of `rows` rows into `table` (the import's hot path, one text per engine and row count). */
const insertText = (engine: Engine, table: string, columns: readonly string[], rows: number): string =>
  sqlText(
    engine,
    `import insert ${table} ${rows}`,
    () => `insert into ${table} (${columns.join(', ')}) values ${markRows(rows, columns.length)}`,
  );

/** The duties of a tenant (first parameter) whose name is one of `count` names (the next parameters). */
const dutiesByNameText = (engine: Engine, count: number): string =>
  sqlText(
    engine,
    `import byName ${count}`,
    () =>
      `select id, dept_id, duty_name, duty_type from osp_duties where tenant_id = ? and duty_name in (${markList(count)})`,
  );

/** Columns a duty import may use to find an existing duty (its check fields). */
export type DutyKeyColumn = 'dept_id' | 'duty_name' | 'duty_type';
export type DutyRow = {
  id: string;
  dept_id: string;
  duty_name: string;
  duty_type: string;
  duty_content: string;
  sort: number;
};

export type ThreeListsRepository = ReturnType<typeof threeListsRepository>;

function listDept(r: {
  id: string;
  parent_id: string;
  name: string;
  sort: number;
  responsibility: string | null;
  phone: string | null;
  address: string | null;
}): ListDept {
  return {
    id: r.id,
    parent_id: r.parent_id,
    dept_name: r.name,
    sort: r.sort,
    responsibility: r.responsibility ?? '',
    phone: r.phone ?? '',
    address: r.address ?? '',
  };
}

/** A duty as an export writes it (streamDuties). */
export type DutyExportRow = {
  id: string;
  dept_name: string;
  duty_name: string;
  duty_type: string;
  duty_content: string;
  sort: number;
  services: string;
};

/** streamDuties on a SQLite file: see there. */
function* streamDutiesFrom(
  file: string,
  tenantId: string,
  duties: { sql: string; parameters: readonly unknown[] },
  batch: number,
): Generator<DutyExportRow[]> {
  const reader = openSqliteReader(file);
  try {
    const dutyRows = reader.db.prepare(duties.sql);
    dutyRows.setReturnArrays(true);
    // Every link of the tenant in duty order (the primary key's): one pass beside the duties, which are in the
    // same (BINARY) order; links of duties outside the filter are passed over.
    const linkRows = reader.db.prepare(
      'SELECT duty_id, service_name FROM osp_duty_services WHERE tenant_id = ? ORDER BY duty_id',
    );
    linkRows.setReturnArrays(true);
    const links = linkRows.iterate(tenantId) as Iterator<[string, string]>;
    let link = links.next();
    let out: DutyExportRow[] = [];
    for (const r of dutyRows.iterate(...sqliteParams(duties.parameters)) as Iterable<
      [string, string, string, string, string, number]
    >) {
      const id = r[0];
      while (!link.done && binaryCompare(link.value[0], id) < 0) link = links.next();
      let services = '';
      if (!link.done && link.value[0] === id) {
        const names: string[] = [];
        while (!link.done && link.value[0] === id) {
          names.push(link.value[1]);
          link = links.next();
        }
        services = names.length > 1 ? names.sort(binaryCompare).join('、') : names[0]!;
      }
      out.push({
        id,
        dept_name: r[1],
        duty_name: r[2],
        duty_type: r[3],
        duty_content: r[4],
        sort: Number(r[5]),
        services,
      });
      if (out.length >= batch) {
        yield out;
        out = [];
      }
    }
    if (out.length) yield out;
  } finally {
    reader.close();
  }
}

/** A search term for LIKE: the wildcards % and _ are dropped, so a user's text never widens the match. */
function escapeLike(s: string): string {
  return s.replace(/[%_]/g, '');
}
