import type { Kysely } from 'kysely';

/**
 * Holidays and service specials of the home page get tables of their own, so administrators can edit them row
 * by row (indexholidayconfig, indexservicespecialconfig) and a special is saved with its ordered services in one
 * transaction. Until now they were two JSON values in wb_settings ('holidays', 'serviceSpecial'); those move
 * here and are dropped from wb_settings (down() moves them back).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wb_holidays')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('greeting', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('wb_holidays_pk', ['tenant_id', 'id'])
    .execute();
  await db.schema.createIndex('wb_holidays_date').on('wb_holidays').columns(['tenant_id', 'end_date']).execute();

  await db.schema
    .createTable('wb_service_specials')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('img', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('wb_service_specials_pk', ['tenant_id', 'id'])
    .execute();

  await db.schema
    .createTable('wb_service_special_items')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('special_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('wb_service_special_items_pk', ['tenant_id', 'special_id', 'service_id'])
    .addForeignKeyConstraint(
      'wb_service_special_items_special',
      ['tenant_id', 'special_id'],
      'wb_service_specials',
      ['tenant_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();

  // Move the JSON values of wb_settings into the tables.
  const parse = (value: string): unknown[] => {
    try {
      const v = JSON.parse(value) as unknown;
      return Array.isArray(v) ? v : [];
    } catch {
      return [];
    }
  };
  const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
  const rows = await db
    .selectFrom('wb_settings')
    .where('owner_id', '=', '')
    .where('key', 'in', ['holidays', 'serviceSpecial'])
    .select(['tenant_id', 'key', 'value', 'updated_at'])
    .execute();
  for (const row of rows as Array<{ tenant_id: string; key: string; value: string; updated_at: string }>) {
    const list = parse(row.value) as Array<Record<string, unknown>>;
    if (row.key === 'holidays') {
      const holidays = list
        .filter(
          (h) => h && typeof h.name === 'string' && typeof h.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(h.date),
        )
        .map((h, i) => ({
          tenant_id: row.tenant_id,
          id: `holiday-${i + 1}`,
          name: text(h.name, 50),
          date: h.date as string,
          end_date: h.date as string,
          greeting: '',
          created_at: row.updated_at,
          updated_at: row.updated_at,
        }));
      if (holidays.length) await db.insertInto('wb_holidays').values(holidays).execute();
    } else {
      const seen = new Set<string>();
      for (const [i, s] of list.entries()) {
        if (!s || typeof s.title !== 'string') continue;
        const id = text(s.id, 64) || `special-${i + 1}`;
        if (seen.has(id)) continue;
        seen.add(id);
        await db
          .insertInto('wb_service_specials')
          .values({
            tenant_id: row.tenant_id,
            id,
            title: text(s.title, 100),
            description: '',
            img: text(s.img, 1000),
            sort: i + 1,
            enabled: 1,
            created_at: row.updated_at,
            updated_at: row.updated_at,
          })
          .execute();
        const serviceIds = [
          ...new Set(
            Array.isArray(s.serviceIds)
              ? s.serviceIds.filter((x): x is string => typeof x === 'string' && x.length <= 64)
              : [],
          ),
        ];
        if (serviceIds.length) {
          await db
            .insertInto('wb_service_special_items')
            .values(
              serviceIds.map((service_id, j) => ({
                tenant_id: row.tenant_id,
                special_id: id,
                service_id,
                sort: j + 1,
              })),
            )
            .execute();
        }
      }
    }
  }
  await db
    .deleteFrom('wb_settings')
    .where('owner_id', '=', '')
    .where('key', 'in', ['holidays', 'serviceSpecial'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  const holidays = (await db
    .selectFrom('wb_holidays')
    .select(['tenant_id', 'name', 'date'])
    .orderBy('tenant_id')
    .orderBy('date')
    .execute()) as Array<{ tenant_id: string; name: string; date: string }>;
  const specials = (await db
    .selectFrom('wb_service_specials')
    .select(['tenant_id', 'id', 'title', 'img'])
    .orderBy('tenant_id')
    .orderBy('sort')
    .orderBy('created_at')
    .execute()) as Array<{ tenant_id: string; id: string; title: string; img: string }>;
  const items = (await db
    .selectFrom('wb_service_special_items')
    .select(['tenant_id', 'special_id', 'service_id'])
    .orderBy('sort')
    .execute()) as Array<{ tenant_id: string; special_id: string; service_id: string }>;
  const values = new Map<string, { holidays: unknown[]; serviceSpecial: unknown[] }>();
  const of = (tenantId: string) =>
    values.get(tenantId) ?? values.set(tenantId, { holidays: [], serviceSpecial: [] }).get(tenantId)!;
  for (const h of holidays) of(h.tenant_id).holidays.push({ name: h.name, date: h.date });
  for (const s of specials) {
    const serviceIds = items
      .filter((x) => x.tenant_id === s.tenant_id && x.special_id === s.id)
      .map((x) => x.service_id);
    of(s.tenant_id).serviceSpecial.push({ id: s.id, title: s.title, serviceIds, img: s.img });
  }
  await db.schema.dropTable('wb_service_special_items').execute();
  await db.schema.dropTable('wb_service_specials').execute();
  await db.schema.dropTable('wb_holidays').execute();
  for (const [tenantId, v] of values) {
    for (const key of ['holidays', 'serviceSpecial'] as const) {
      if (!v[key].length) continue;
      await db
        .deleteFrom('wb_settings')
        .where('tenant_id', '=', tenantId)
        .where('owner_id', '=', '')
        .where('key', '=', key)
        .execute();
      await db
        .insertInto('wb_settings')
        .values({ tenant_id: tenantId, owner_id: '', key, value: JSON.stringify(v[key]), updated_at: now })
        .execute();
    }
  }
}
