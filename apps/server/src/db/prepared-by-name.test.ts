import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_PG_URL } from '../test/test-app.ts';
import { createDb } from './create-db.ts';

describe('statements marked PREPARED_MARK on PostgreSQL (create-db.ts)', () => {
  it('run as one named prepared statement per connection, with each call’s own parameters; others stay unnamed', async () => {
    const h = createDb({ engine: 'postgres', url: TEST_PG_URL, max: 1 });
    const marked = (n: number) => sql<{ v: number }>`/* prepared */ select ${n}::int + 1 as v`.execute(h.db);
    const named = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from pg_prepared_statements where statement like '/* prepared */%'`.execute(h.db)
      ).rows[0]!.n;
    try {
      expect(await named()).toBe(0);
      expect((await marked(1)).rows).toEqual([{ v: 2 }]);
      expect((await marked(41)).rows).toEqual([{ v: 42 }]);
      expect(await named()).toBe(1);
      await sql`select ${1}::int as plain`.execute(h.db);
      expect(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from pg_prepared_statements where statement like '%as plain%'`.execute(h.db)
        ).rows[0]!.n,
      ).toBe(0);
    } finally {
      await h.close();
    }
  });
});
