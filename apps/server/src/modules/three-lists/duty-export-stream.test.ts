import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../db/create-db.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seed } from '../../db/seed/index.ts';
import { binaryCompare } from '../../db/sqlite-reader.ts';
import { createTestDb } from '../../test/test-app.ts';
import { threeListsRepository, type DutyExportRow, type DutyFilter } from './three-lists.repository.ts';

const T = '000000';
const NOW = '2026-11-24T00:00:00.000Z';

/**
 * The export's stream of duties (ADR 0046) gives the same rows on every store: a SQLite file (one statement from a
 * read-only connection of its own, the links merged in), SQLite in memory and PostgreSQL (keyset pages with the
 * links aggregated): id order, each duty's service names in name order joined by '、', the filters applied.
 */
const stores = ['sqlite file', 'sqlite memory', 'postgres'] as const;

describe.each(stores)('duties streamed for an export on %s', (store) => {
  let h: DbHandle;
  let dir = '';
  let depts: Map<string, string>;

  beforeAll(async () => {
    if (store === 'sqlite file') {
      dir = mkdtempSync(join(tmpdir(), 'duty-stream-'));
      h = createDb({ engine: 'sqlite', filename: join(dir, 'portal.db') });
      await migrateToLatest(h.db);
      await seed(h.db);
    } else h = await createTestDb(store === 'postgres' ? 'postgres' : 'sqlite');
    const rows = await h.db.selectFrom('svc_depts').where('tenant_id', '=', T).select(['id', 'name']).execute();
    depts = new Map(rows.map((d) => [d.name, d.id]));
    await h.db.deleteFrom('osp_duty_services').execute();
    await h.db.deleteFrom('osp_duties').execute();
    // Seven duties over two departments; links (with the names they were linked under) on some, given out of order.
    const duty = (n: number, dept: string) => ({
      id: `stream-${n}`,
      tenant_id: T,
      dept_id: depts.get(dept)!,
      duty_name: `Duty ${n}`,
      duty_type: '职责',
      duty_content: n === 4 ? 'keyword inside' : `content ${n}`,
      sort: n * 10,
      created_at: NOW,
      updated_at: NOW,
    });
    await h.db
      .insertInto('osp_duties')
      .values([7, 3, 1, 6, 2, 5, 4].map((n) => duty(n, n % 2 ? '教务处' : '人事处')))
      .execute();
    const link = (n: number, service: string, name: string) => ({
      tenant_id: T,
      duty_id: `stream-${n}`,
      service_id: service,
      service_name: name,
    });
    await h.db
      .insertInto('osp_duty_services')
      .values([
        link(2, '000000-svc-xjzm', 'B status'),
        link(2, '000000-svc-cjd', 'A print'),
        link(5, '000000-svc-cjd', 'C only'),
        link(7, '000000-svc-xjzm', 'E last'),
        link(7, '000000-svc-cjd', 'D first'),
      ])
      .execute();
  });
  afterAll(async () => {
    await h?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const streamed = async (f: DutyFilter, batch: number) => {
    const batches: DutyExportRow[][] = [];
    for await (const b of threeListsRepository(h.db).streamDuties(T, f, batch)) batches.push(b);
    return batches;
  };
  const expected = (n: number, services: string): DutyExportRow => ({
    id: `stream-${n}`,
    dept_name: n % 2 ? '教务处' : '人事处',
    duty_name: `Duty ${n}`,
    duty_type: '职责',
    duty_content: n === 4 ? 'keyword inside' : `content ${n}`,
    sort: n * 10,
    services,
  });
  const all = [
    expected(1, ''),
    expected(2, 'A print、B status'),
    expected(3, ''),
    expected(4, ''),
    expected(5, 'C only'),
    expected(6, ''),
    expected(7, 'D first、E last'),
  ];

  it('gives every duty in id order with its service names in name order, in batches of the size asked', async () => {
    const batches = await streamed({}, 3);
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(batches.flat()).toEqual(all);
    expect((await streamed({}, 2000)).flat()).toEqual(all);
  });

  it('applies the filters: chosen ids, departments, a keyword; links of duties left out stay out', async () => {
    expect((await streamed({ ids: ['stream-7', 'stream-3', 'stream-2'] }, 2)).flat()).toEqual([all[1], all[2], all[6]]);
    expect((await streamed({ ids: [] }, 2)).flat()).toEqual([]);
    expect((await streamed({ deptIds: [depts.get('人事处')!] }, 2)).flat()).toEqual([all[1], all[3], all[5]]);
    expect((await streamed({ keyword: 'keyword' }, 2)).flat()).toEqual([all[3]]);
  });

  it.runIf(store === 'sqlite file')(
    'reads one snapshot without holding the shared connection: writes go on between batches, uncommitted ones unseen',
    async () => {
      const repo = threeListsRepository(h.db);
      const out: DutyExportRow[] = [];
      const open = await h.db.startTransaction().execute();
      try {
        // A transaction holds the only connection of Kysely's SQLite driver; the stream needs none of it.
        await open.deleteFrom('osp_duties').where('id', '=', 'stream-1').execute();
        for await (const b of repo.streamDuties(T, {}, 2)) {
          out.push(...b);
          if (out.length === 2) await open.updateTable('osp_duties').set({ duty_name: 'changed' }).execute();
        }
      } finally {
        await open.rollback().execute();
      }
      expect(out).toEqual(all);
      // Committed writes after the stream began are not in it either.
      const later: DutyExportRow[] = [];
      for await (const b of repo.streamDuties(T, {}, 2)) {
        later.push(...b);
        if (later.length === 2)
          await h.db.updateTable('osp_duties').set({ sort: 1 }).where('id', '=', 'stream-7').execute();
      }
      expect(later).toEqual(all);
      expect((await streamed({ ids: ['stream-7'] }, 2)).flat()[0]!.sort).toBe(1);
    },
  );
});

describe('binaryCompare', () => {
  it("orders texts as SQLite's BINARY collation does (code points), where UTF-16 order differs", async () => {
    const texts = ['\u{20000}b', '\uff5e', 'a', '\u{20000}', 'ab', '\ue000'];
    const h = createDb({ engine: 'sqlite', filename: ':memory:' });
    try {
      const { rows } = await sql<{
        value: string;
      }>`SELECT value FROM json_each(${JSON.stringify(texts)}) ORDER BY value`.execute(h.db);
      const sqlite = rows.map((r) => r.value);
      expect([...texts].sort(binaryCompare)).toEqual(sqlite);
      expect([...texts].sort()).not.toEqual(sqlite);
    } finally {
      await h.close();
    }
  });
});
