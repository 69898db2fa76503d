import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { migrateToLatest, migrateUpTo } from '../../db/migrate.ts';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createTestApp, createTestDb, testDatabases, type TestApp } from '../../test/test-app.ts';
import {
  SEARCHER_KEEP_DAYS,
  WORD_KEEP_DAYS,
  addressPrefix,
  flushSearchWords,
  pruneSearchRecords,
  recordSearchWord,
} from './search-words.ts';

/**
 * ADR 0066: a hot word (热门搜索, shown to every visitor) is a word searched by HOT_WORD_MIN_SEARCHERS different
 * people, not HOT_WORD_MIN_SEARCHERS searches: a user is one searcher however often they search, and so is a visitor's
 * address (an IPv6 address by its /64). The searchers are stored as keyed hashes that name nobody.
 */
const P = '/api/blade-platform';
const W = '/api/blade-workbench';
const T = DEMO_TENANT_ID;

describe.each(testDatabases)('hot words count searchers, not searches, on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  /** Each look at the hot words asks a size not asked before: a list is prepared per size for a few seconds. */
  let size = 10;

  const search = async (keyword: string, who: { account?: string; address?: string }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: who.account ? `${P}/serverCenter/searchService` : `${P}/nobody/prepareLogin/searchService`,
      payload: who.account ? { keyword } : { tenantId: T, keyword },
      headers: who.account ? bearer(tokens[who.account]!) : {},
      ...(who.address ? { remoteAddress: who.address } : {}),
    });
    expect(res.json().result.total, keyword).toBeGreaterThan(0);
  };
  const hotWords = async (): Promise<string[]> => {
    await flushSearchWords(t.db.db); // at most a second later on its own
    const res = await t.app.inject({
      method: 'POST',
      url: `${W}/nobody/searchHeatWord`,
      payload: { tenantId: T, size: size++ },
    });
    return res.json().result;
  };
  const rowOf = (keyword: string) =>
    t.db.db
      .selectFrom('svc_search_words')
      .where('tenant_id', '=', T)
      .where('keyword', '=', keyword)
      .selectAll()
      .executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const a of ['student01', 'student02', 'teacher01']) tokens[a] = (await t.login(a)).access_token;
  });
  afterAll(async () => t?.close());

  it('one student searching a word five times does not make it a hot word; three different users do', async () => {
    const word = '个税查询';
    for (let i = 0; i < 5; i++) await search(word, { account: 'student01' });
    expect(await hotWords()).not.toContain(word);
    expect(await rowOf(word)).toMatchObject({ hits: 5, searchers: 1 });
    await search(word, { account: 'student02' });
    expect(await hotWords()).not.toContain(word);
    await search(word, { account: 'teacher01' });
    expect(await hotWords()).toContain(word);
    expect(await rowOf(word)).toMatchObject({ hits: 7, searchers: 3 });
  });

  it('counts a visitor address once however often it searches, and different addresses apart', async () => {
    const word = '学费缴纳';
    for (let i = 0; i < 10; i++) await search(word, { address: '198.51.100.7' });
    expect(await hotWords()).not.toContain(word);
    expect(await rowOf(word)).toMatchObject({ hits: 10, searchers: 1 });
    await search(word, { address: '198.51.100.8' });
    await search(word, { address: '203.0.113.20' });
    expect(await hotWords()).toContain(word);
    expect(await rowOf(word)).toMatchObject({ searchers: 3 });
  });

  it('counts an IPv6 visitor by its /64 and an IPv4-mapped address as the IPv4 one', async () => {
    const word = '水电费缴纳';
    for (const address of ['2001:db8:1:2::a', '2001:db8:1:2:ffff::b', '2001:db8:1:2:1:2:3:4'])
      await search(word, { address });
    await search(word, { address: '192.0.2.1' });
    await search(word, { address: '::ffff:192.0.2.1' });
    expect(await hotWords()).not.toContain(word);
    expect(await rowOf(word)).toMatchObject({ hits: 5, searchers: 2 });
    await search(word, { address: '2001:db8:1:3::a' });
    expect(await hotWords()).toContain(word);
  });

  it('stores who searched as a hash that names nobody, one row per word and searcher', async () => {
    await search('学费缴纳', { account: 'student01' }); // who searched 个税查询 too
    await flushSearchWords(t.db.db);
    const rows = await t.db.db
      .selectFrom('svc_search_searchers')
      .where('tenant_id', '=', T)
      .where('keyword', 'in', ['个税查询', '学费缴纳'])
      .selectAll()
      .execute();
    expect(rows).toHaveLength(7);
    const students = await t.db.db.selectFrom('users').where('tenant_id', '=', T).select(['id', 'account']).execute();
    for (const r of rows) {
      expect(r.searcher).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(r.seen_on).toBe(new Date().toISOString().slice(0, 10));
      for (const s of students) expect(r.searcher).not.toContain(s.id);
      expect(r.searcher).not.toContain('198.51');
    }
    // The same person's two words are two unrelated tags: the rows cannot be joined into anyone's history.
    const tags = new Set(rows.map((r) => r.searcher));
    expect(tags.size).toBe(rows.length);
  });

  it('counts a searcher once across writes, as when two nodes write the same searcher', async () => {
    const word = '校园卡挂失';
    recordSearchWord(t.db.db, T, word, true, 'user:someone');
    await flushSearchWords(t.db.db);
    recordSearchWord(t.db.db, T, word, true, 'user:someone');
    recordSearchWord(t.db.db, T, word, true, 'user:someone');
    await flushSearchWords(t.db.db);
    expect(await rowOf(word)).toMatchObject({ hits: 3, searchers: 1 });
    recordSearchWord(t.db.db, T, word, true, 'user:someone-else');
    // A search that found nothing names no searcher.
    recordSearchWord(t.db.db, T, word, false, 'user:a-third');
    await flushSearchWords(t.db.db);
    expect(await rowOf(word)).toMatchObject({ hits: 4, misses: 1, searchers: 2 });
  });

  it(`prunes the searcher rows ${SEARCHER_KEEP_DAYS} days after they were first written`, async () => {
    const now = Date.parse('2027-06-30T12:00:00.000Z');
    const day = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString().slice(0, 10);
    // The word is still searched (a word's searchers go with the word: the test below).
    await t.db.db
      .insertInto('svc_search_words')
      .values(
        [T, 'other'].map((tenant_id) => ({
          tenant_id,
          keyword: '剪枝的词',
          hits: 3,
          misses: 0,
          last_at: new Date(now).toISOString(),
        })),
      )
      .execute();
    await t.db.db
      .insertInto('svc_search_searchers')
      .values([
        { tenant_id: T, keyword: '剪枝的词', searcher: 'old', seen_on: day(SEARCHER_KEEP_DAYS + 1) },
        { tenant_id: T, keyword: '剪枝的词', searcher: 'kept', seen_on: day(SEARCHER_KEEP_DAYS) },
        { tenant_id: 'other', keyword: '剪枝的词', searcher: 'old', seen_on: day(SEARCHER_KEEP_DAYS + 30) },
      ])
      .execute();
    await pruneSearchRecords(t.db.db, { now });
    const left = await t.db.db
      .selectFrom('svc_search_searchers')
      .where('keyword', '=', '剪枝的词')
      .select(['tenant_id', 'searcher'])
      .execute();
    expect(left).toEqual([{ tenant_id: T, searcher: 'kept' }]);
  });

  it(`forgets words not searched for ${WORD_KEEP_DAYS} days, and the least searched beyond a tenant's cap, with their searchers`, async () => {
    const now = Date.parse('2027-06-30T12:00:00.000Z');
    const at = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
    const word = (
      keyword: string,
      tenant_id: string,
      o: { searchers?: number; hits?: number; misses?: number; daysAgo?: number },
    ) => ({
      tenant_id,
      keyword,
      hits: o.hits ?? 0,
      misses: o.misses ?? 0,
      searchers: o.searchers ?? 0,
      last_at: at(o.daysAgo ?? 1),
    });
    await t.db.db
      .insertInto('svc_search_words')
      .values([
        word('剪枝-陈旧', T, { searchers: 9, hits: 40, daysAgo: WORD_KEEP_DAYS + 1 }),
        word('剪枝-热门', T, { searchers: 5, hits: 12 }),
        word('剪枝-常见未命中', T, { misses: 30 }),
        // What a flood of random words looks like: one search each, nobody found anything.
        word('剪枝-随机1', T, { misses: 1, daysAgo: 0 }),
        word('剪枝-随机2', T, { misses: 1, daysAgo: 0 }),
        // Another tenant's words count against its own cap only.
        word('剪枝-随机1', 'other', { misses: 1 }),
      ])
      .execute();
    await t.db.db
      .insertInto('svc_search_searchers')
      .values([
        { tenant_id: T, keyword: '剪枝-陈旧', searcher: 's1', seen_on: at(1).slice(0, 10) },
        { tenant_id: T, keyword: '剪枝-热门', searcher: 's1', seen_on: at(1).slice(0, 10) },
      ])
      .execute();
    const before = await t.db.db
      .selectFrom('svc_search_words')
      .where('tenant_id', '=', T)
      .where('keyword', 'not like', '剪枝-%')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // The cap leaves the tenant's other words (the seed's and earlier tests') and two of these.
    await pruneSearchRecords(t.db.db, { now, maxWords: Number(before.n) + 2 });
    const words = await t.db.db
      .selectFrom('svc_search_words')
      .where('keyword', 'like', '剪枝-%')
      .select(['tenant_id', 'keyword'])
      .orderBy('tenant_id')
      .orderBy('keyword')
      .execute();
    expect(words).toEqual([
      { tenant_id: T, keyword: '剪枝-常见未命中' },
      { tenant_id: T, keyword: '剪枝-热门' },
      { tenant_id: 'other', keyword: '剪枝-随机1' },
    ]);
    const searchers = await t.db.db
      .selectFrom('svc_search_searchers')
      .where('keyword', 'like', '剪枝-%')
      .select('keyword')
      .execute();
    expect(searchers).toEqual([{ keyword: '剪枝-热门' }]);
  });
});

describe('addressPrefix', () => {
  it('keeps an IPv4 address, unmaps an IPv4-mapped one and cuts IPv6 to its /64', () => {
    expect(addressPrefix('203.0.113.9')).toBe('203.0.113.9');
    expect(addressPrefix('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressPrefix('2001:db8:0:12::1')).toBe('2001:db8:0:12::/64');
    expect(addressPrefix('2001:0DB8:0000:0012:abcd:1:2:3')).toBe('2001:db8:0:12::/64');
    expect(addressPrefix('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressPrefix('::1')).toBe('0:0:0:0::/64');
    expect(addressPrefix('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressPrefix('not an address')).toBe('not an address');
  });
});

describe.each(testDatabases)('migration 2026-11-25T06-00_hot-word-searchers on %s', (engine) => {
  let h: DbHandle | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('keeps the counts and credits each word that found something with one searcher', async () => {
    h = await createTestDb(engine, { migrated: false });
    await migrateUpTo(h.db, '2026-11-25T04-00_chat-unread-by-peer');
    const db = h.db as unknown as Kysely<any>;
    const at = '2026-11-20T08:00:00.000Z';
    await db
      .insertInto('svc_search_words')
      .values([
        { tenant_id: 't1', keyword: '请假', hits: 120, misses: 0, last_at: at },
        { tenant_id: 't1', keyword: '无此服务', hits: 0, misses: 7, last_at: at },
        { tenant_id: 't2', keyword: '请假', hits: 2, misses: 1, last_at: at },
      ])
      .execute();
    await migrateToLatest(h.db);
    const rows = await h.db
      .selectFrom('svc_search_words')
      .select(['tenant_id', 'keyword', 'hits', 'misses', 'searchers', 'last_at'])
      .orderBy('tenant_id')
      .orderBy('hits', 'desc')
      .execute();
    expect(
      rows.map((r) => ({ ...r, hits: Number(r.hits), misses: Number(r.misses), searchers: Number(r.searchers) })),
    ).toEqual([
      { tenant_id: 't1', keyword: '请假', hits: 120, misses: 0, searchers: 1, last_at: at },
      { tenant_id: 't1', keyword: '无此服务', hits: 0, misses: 7, searchers: 0, last_at: at },
      { tenant_id: 't2', keyword: '请假', hits: 2, misses: 1, searchers: 1, last_at: at },
    ]);
    expect(await h.db.selectFrom('svc_search_searchers').selectAll().execute()).toEqual([]);
  });
});
