import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { createTestDb, testDatabases } from '../../test/test-app.ts';
import { chatRepository, type ChatRepository } from './chat.repository.ts';

/**
 * Issue 13: acknowledgements of one device and read markers of one conversation that come while one of them still
 * waits for the group commit join it instead of queueing facts of their own (a slowed server otherwise got one of
 * each per message, which kept it slow). What they ask for is still done: the cursor reaches the highest position,
 * the conversation is read, and only the first caller gets the rows to tell others about.
 */
const T = DEMO_TENANT_ID;

describe.each(testDatabases)('group commit joins waiting acknowledgements and read markers at %s', (engine) => {
  let h: DbHandle;
  let repo: ChatRepository;

  beforeAll(async () => {
    h = await createTestDb(engine);
    repo = chatRepository(h.db);
    await repo.openCursor(T, 'co-u1', 'pc');
    await repo.openCursor(T, 'co-u1', 'mobile');
  });
  afterAll(async () => h?.close());

  const cursor = async (resource: string) =>
    Number(
      (
        await h.db
          .selectFrom('chat_device_cursors')
          .where('tenant_id', '=', T)
          .where('user_id', '=', 'co-u1')
          .where('resource', '=', resource)
          .select('acked_seq')
          .executeTakeFirstOrThrow()
      ).acked_seq,
    );

  it('acknowledgements of one device waiting together are one fact that moves the cursor to the highest', async () => {
    const before = { ...repo.commits.stats };
    const acks = [3, 7, 5].map((upTo) => repo.acknowledge(T, 'co-u1', 'pc', upTo));
    // Another device's acknowledgement is a fact of its own.
    acks.push(repo.acknowledge(T, 'co-u1', 'mobile', 2));
    await Promise.all(acks);
    expect(repo.commits.stats.jobs - before.jobs).toBe(2);
    expect(await cursor('pc')).toBe(7);
    expect(await cursor('mobile')).toBe(2);
    // Once that fact ran, the next acknowledgement is a fact again.
    await repo.acknowledge(T, 'co-u1', 'pc', 9);
    expect(repo.commits.stats.jobs - before.jobs).toBe(3);
    expect(await cursor('pc')).toBe(9);
  });

  it('read markers of one conversation waiting together are one fact; the others are told they joined', async () => {
    const before = { ...repo.commits.stats };
    const [first, second, other] = await Promise.all([
      repo.markRead(T, 'co-u1', 'co-peer'),
      repo.markRead(T, 'co-u1', 'co-peer'),
      repo.markRead(T, 'co-u1', 'co-other'),
    ]);
    expect(repo.commits.stats.jobs - before.jobs).toBe(2);
    expect(first.joined).toBeUndefined();
    expect(second).toEqual({ share: first.share, read: [], joined: true });
    expect(other.joined).toBeUndefined();
  });
});
