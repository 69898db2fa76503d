import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { createTestDb, testDatabases } from '../../test/test-app.ts';
import { chatRepository, markReadText, readCountsQuery } from './chat.repository.ts';

/**
 * Issue 13, the stall of ADR 0034: a read marker's `seen` counts (readCounts) must find the messages by id and their
 * inbox entries by message, however many messages one read covers. With `tenant_id = ?` on the inbox, SQLite's
 * planner (no statistics on the chat tables, as in production) switched at four ids to reading every inbox entry of
 * the tenant, on the main thread, for each read marker: a server whose users came back to a few unread messages
 * each froze. The plan is read on a mailbox of 2,000 messages to 10 users each (20,000 entries).
 */
const T = DEMO_TENANT_ID;
const MESSAGES = 2_000;

describe.each(testDatabases)('read marker counts: query plan at %s', (engine) => {
  let h: DbHandle;

  beforeAll(async () => {
    h = await createTestDb(engine);
    const db = h.db;
    const series = (n: number) =>
      engine === 'postgres'
        ? sql`select g as n from generate_series(1, ${sql.lit(n)}) as g`
        : sql`with recursive series(n) as (select 1 union all select n + 1 from series where n < ${sql.lit(n)}) select n from series`;
    await sql`
      insert into chat_messages (id, tenant_id, message_id_web, from_user_id, from_user_name, from_resource, to_user_id,
        to_user_name, to_user_type, type, content, time_send)
      select 'plan-m' || g.n, ${T}, 'web-' || g.n, 'plan-u' || (g.n % 10), 'sender', 'pc', 'plan-g', 'group', 2, 1, 'text',
        '2026-11-24T00:00:00.000Z'
      from (${series(MESSAGES)}) g`.execute(db);
    await sql`
      insert into chat_inbox (tenant_id, user_id, seq, message_id, peer_id, from_user_id, read_at, delivered_at, deleted)
      select ${T}, 'plan-u' || u.n, m.n, 'plan-m' || m.n, 'plan-g', 'plan-u' || (m.n % 10), null, null, 0
      from (${series(MESSAGES)}) m cross join (${series(10)}) u`.execute(db);
  }, 120_000);
  afterAll(async () => h?.close());

  /** SQLite's plan lines that read chat_inbox or chat_messages other than by message id. */
  async function tenantWideReads(ids: string[], group: boolean): Promise<string[]> {
    const c = readCountsQuery(h.db, ids, group).compile();
    const { rows } = await h.db.executeQuery<{ detail: string }>({ ...c, sql: `explain query plan ${c.sql}` });
    return rows
      .map((r) => r.detail)
      .filter((d) => /^(SCAN|SEARCH) [im]\b/.test(d))
      .filter(
        (d) =>
          !/^SEARCH m USING INDEX \S+ \(id=\?\)$/.test(d) && !/^SEARCH i USING INDEX \S+ \(message_id=\?\)$/.test(d),
      );
  }

  // PostgreSQL plans from statistics (on a table this small it may rightly hash-join whole tables); the stall was
  // SQLite's planner guessing without them, so the plan is read there.
  it.runIf(engine === 'sqlite')(
    'finds the messages by id and their entries by message, for 1 to 500 messages, one to one and in a group',
    async () => {
      for (const k of [1, 3, 4, 5, 21, 200, 500]) {
        const ids = Array.from({ length: k }, (_, i) => `plan-m${i + 1}`);
        for (const group of [false, true])
          expect(await tenantWideReads(ids, group), `${k} ids, group ${group}`).toEqual([]);
      }
    },
  );

  it.runIf(engine === 'sqlite')(
    "a read marker finds the conversation's unread entries through the index of unread entries",
    async () => {
      for (const share of [true, false]) {
        const text = markReadText(share);
        const params = share ? ['n', 'n', T, 'plan-u1', 'plan-g'] : ['n', T, 'plan-u1', 'plan-g'];
        const { rows } = await h.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${text}`, params),
        );
        expect(rows.map((r) => r.detail)).toEqual([
          'SEARCH chat_inbox USING INDEX chat_inbox_unread_by_peer (tenant_id=? AND user_id=? AND peer_id=?)',
        ]);
      }
    },
  );

  it('counts within the tenant only', async () => {
    const ids = ['plan-m1', 'plan-m2', 'plan-m3', 'plan-m4', 'plan-m5'];
    const repo = chatRepository(h.db);
    const counts = await repo.readCounts(T, ids, false);
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    // Each message is held by its 10 users, its sender left out; nobody read it yet.
    expect([...counts.values()].map((c) => [c.memberCount, c.readCount])).toEqual(ids.map(() => [9, 0]));
    expect((await repo.readCounts('other-tenant', ids, false)).size).toBe(0);
  });

  it("a read marker marks the conversation's unread entries, and only those", async () => {
    const repo = chatRepository(h.db);
    const first = await repo.markRead(T, 'plan-u3', 'plan-g');
    // plan-u3 holds all 2,000 messages; those it sent itself count too (its own entries were unread in this data).
    expect(first.read.length).toBe(MESSAGES);
    expect((await repo.markRead(T, 'plan-u3', 'plan-g')).read).toEqual([]);
    expect((await repo.markRead(T, 'plan-u4', 'another-peer')).read).toEqual([]);
  });
});
