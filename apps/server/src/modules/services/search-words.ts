import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { nowIso } from '../../db/sql-helpers.ts';

/**
 * Search words are counted off the request path (ADR 0018): a search adds its word to a buffer per database
 * handle, written in one INSERT … ON CONFLICT DO UPDATE every FLUSH_MS or as soon as FLUSH_WORDS distinct
 * words wait. A search that found nothing starts the write at once (after the current turn of the event loop,
 * so a burst of them is one write, and while a write runs the next ones wait for it and go together): the
 * administrator's 未命中搜索 list reads the table, and on several nodes the node that answered the search is not
 * the one that answers the list — it must not wait for another node's timer (a cluster journey read the list
 * 1–2 s after the search and missed it). Reads of the counts flush this node's buffer first; the app flushes on
 * close. A failed write keeps the words and tries again FLUSH_MS later (up to MAX_BUFFERED, beyond which new
 * words are dropped rather than memory grown without bound). Rows are written in key order, so two nodes
 * writing the same words lock them in the same order (PostgreSQL would otherwise abort one as a deadlock).
 *
 * Hot words rank by searchers, not searches (ADR 0066): a search that found something also notes who searched
 * (searcherOf: the user, or for a visitor the address) in the buffer. The flush stores each (word, searcher) once in
 * svc_search_searchers, as a keyed hash of tenant, word and searcher (searcherTag) that names nobody and cannot be
 * joined to the same searcher's other words, and raises the word's `searchers` by the rows it inserted
 * (insert-or-nothing in the same transaction, so two nodes count a searcher once). A row is kept
 * SEARCHER_KEEP_DAYS from the day it was first written, then pruned: the same searcher may count again for a word
 * after that.
 */
export const FLUSH_MS = 1000;
export const FLUSH_WORDS = 200;
const MAX_BUFFERED = 20_000;
/** Searchers waiting in the buffer, over all words; beyond it a searcher is not noted (the search still counts). */
const MAX_BUFFERED_SEARCHERS = 50_000;
/** How long a (word, searcher) row is kept: a searcher counts at most once per word within it. */
export const SEARCHER_KEEP_DAYS = 180;
/** How long a word nobody searches again is kept (its last search, `last_at`). */
export const WORD_KEEP_DAYS = 365;
/** The most words kept per tenant (pruneSearchRecords). */
export const MAX_WORDS_PER_TENANT = 20_000;
const PRUNE_EVERY_MS = 3600_000;

type Tally = {
  tenant_id: string;
  keyword: string;
  hits: number;
  misses: number;
  last_at: string;
  /** Who searched it and found something (searcherOf), not yet written. */
  searchers: Set<string>;
};
type Buffer = {
  words: Map<string, Tally>;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  /** A zero-result search's write is queued for the next setImmediate. */
  queued: boolean;
  /** Those writes until they are done (searchWordsSettled). */
  pending: Set<Promise<void>>;
  /** The app closed (closeSearchWords): no more timers for this handle. */
  closed: boolean;
  /** Searchers noted over all words (MAX_BUFFERED_SEARCHERS). */
  searcherCount: number;
  /** The key of searcherTag (useSearcherKey); a random one for this process until it is given. */
  key: KeyObject;
  /** When this handle last pruned the search records (pruneSearchRecords, ms). */
  prunedAt: number;
};

const buffers = new WeakMap<object, Buffer>();

function bufferOf(db: Db): Buffer {
  let b = buffers.get(db);
  if (!b)
    buffers.set(
      db,
      (b = {
        words: new Map(),
        timer: null,
        flushing: null,
        queued: false,
        pending: new Set(),
        closed: false,
        searcherCount: 0,
        key: createSecretKey(randomBytes(32)),
        prunedAt: 0,
      }),
    );
  return b;
}

/**
 * The key this handle's searcher tags are made with, derived from the server's TOKEN_SECRET (the routes give it), so
 * that every node sharing the database tags a searcher alike and nobody without the secret can test an address or a
 * user against the table.
 */
export function useSearcherKey(db: Db, secret: string): void {
  bufferOf(db).key = createSecretKey(createHmac('sha256', secret).update('svc_search_searchers').digest());
}

/**
 * Who searched, as noted in the buffer (raw, in memory only until the flush): the logged-in user, else the client
 * address, else nobody (not counted as a searcher).
 */
export function searcherOf(userId: string | null | undefined, address: string | undefined): string | null {
  return userId ? `user:${userId}` : address ? `address:${address}` : null;
}

/**
 * The address a visitor counts as: an IPv4 address as it is (an IPv4-mapped IPv6 one as IPv4), an IPv6 address by
 * its /64 — one host is commonly given a whole /64 and could search from a new address each time.
 */
export function addressPrefix(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(bare)) return bare;
  const [head = '', tail] = bare.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) is two groups; it lies past the /64 unless the address is nearly all zeros.
  const width = (g: string[]) => g.reduce((n, x) => n + (x.includes('.') ? 2 : 1), 0);
  const groups = tail === undefined ? left : [...left, ...Array(8 - width(left) - width(right)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (g.includes('.') ? g : g.replace(/^0+(?=.)/, '')))
    .join(':')}::/64`;
}

/**
 * What svc_search_searchers stores of one searcher of one word: 96 bits of HMAC-SHA256 under the handle's key of
 * tenant, word and searcher (a visitor's address by addressPrefix). The same searcher of another word is another tag.
 */
export function searcherTag(key: KeyObject, tenantId: string, keyword: string, searcher: string): string {
  const who = searcher.startsWith('address:') ? `address:${addressPrefix(searcher.slice(8))}` : searcher;
  return createHmac('sha256', key)
    .update(`${tenantId}\u0000${keyword}\u0000${who}`)
    .digest()
    .subarray(0, 12)
    .toString('base64url');
}

function tallyOf(b: Buffer, tenantId: string, keyword: string): Tally | undefined {
  const key = `${tenantId}\u0000${keyword}`;
  let t = b.words.get(key);
  if (!t && b.words.size < MAX_BUFFERED)
    b.words.set(key, (t = { tenant_id: tenantId, keyword, hits: 0, misses: 0, last_at: '', searchers: new Set() }));
  return t;
}

function noteSearcher(b: Buffer, t: Tally, searcher: string): void {
  if (b.searcherCount >= MAX_BUFFERED_SEARCHERS || t.searchers.has(searcher)) return;
  t.searchers.add(searcher);
  b.searcherCount++;
}

function merge(b: Buffer, t: Tally): void {
  const had = tallyOf(b, t.tenant_id, t.keyword);
  if (!had) return;
  had.hits += t.hits;
  had.misses += t.misses;
  if (t.last_at > had.last_at) had.last_at = t.last_at;
  for (const s of t.searchers) noteSearcher(b, had, s);
}

/**
 * Counts one search of `keyword` (found or not) and, when it found something, its searcher (searcherOf); written
 * with the next flush. In memory only: no hashing, no I/O on the request path.
 */
export function recordSearchWord(
  db: Db,
  tenantId: string,
  keyword: string,
  found: boolean,
  searcher: string | null = null,
): void {
  if (!keyword) return;
  const b = bufferOf(db);
  const t = tallyOf(b, tenantId, keyword);
  if (t) {
    if (found) t.hits++;
    else t.misses++;
    const at = nowIso();
    if (at > t.last_at) t.last_at = at;
    if (found && searcher) noteSearcher(b, t, searcher);
  }
  if (!found || b.words.size >= FLUSH_WORDS) flushSoon(db, b);
  else schedule(db, b);
}

function schedule(db: Db, b: Buffer): void {
  if (b.timer || b.closed) return;
  b.timer = setTimeout(() => {
    b.timer = null;
    void flushSearchWords(db).catch(() => schedule(db, b));
  }, FLUSH_MS);
  b.timer.unref();
}

function flushSoon(db: Db, b: Buffer): void {
  if (b.queued) return;
  b.queued = true;
  const write = new Promise<void>((resolve) =>
    setImmediate(() => {
      b.queued = false;
      flushSearchWords(db)
        .catch(() => schedule(db, b))
        .finally(resolve);
    }),
  );
  b.pending.add(write);
  void write.then(() => b.pending.delete(write));
}

/** The app's close: writes what waits, then schedules nothing more for this handle. */
export async function closeSearchWords(db: Db): Promise<void> {
  await searchWordsSettled(db);
  await flushSearchWords(db);
  const b = buffers.get(db);
  if (!b) return;
  b.closed = true;
  if (b.timer) clearTimeout(b.timer);
  b.timer = null;
}

/** Resolves once the writes that zero-result searches asked for are done; starts none (for tests). */
export async function searchWordsSettled(db: Db): Promise<void> {
  const b = buffers.get(db);
  while (b?.pending.size) await Promise.all([...b.pending]);
}

/**
 * Writes the buffered words now (one transaction: one statement per 500 words, one per 500 new searchers and one to
 * add them to their words); resolves when they are in the database.
 */
export async function flushSearchWords(db: Db): Promise<void> {
  const b = buffers.get(db);
  if (!b) return;
  while (b.flushing) await b.flushing;
  if (!b.words.size) return;
  if (b.timer) {
    clearTimeout(b.timer);
    b.timer = null;
  }
  const batch = [...b.words.entries()].sort(([a], [z]) => (a < z ? -1 : a > z ? 1 : 0)).map(([, t]) => t);
  b.words.clear();
  b.searcherCount = 0;
  const write = (async () => {
    try {
      const words = batch.map(({ tenant_id, keyword, hits, misses, last_at }) => ({
        tenant_id,
        keyword,
        hits,
        misses,
        last_at,
      }));
      const seenOn = nowIso().slice(0, 10);
      const pairs = batch.flatMap((t) =>
        [...t.searchers]
          .map((s) => searcherTag(b.key, t.tenant_id, t.keyword, s))
          .sort()
          .map((searcher) => ({ tenant_id: t.tenant_id, keyword: t.keyword, searcher, seen_on: seenOn })),
      );
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < words.length; i += 500) {
          await trx
            .insertInto('svc_search_words')
            .values(words.slice(i, i + 500))
            .onConflict((oc) =>
              oc.columns(['tenant_id', 'keyword']).doUpdateSet((eb) => ({
                hits: eb('svc_search_words.hits', '+', eb.ref('excluded.hits')),
                misses: eb('svc_search_words.misses', '+', eb.ref('excluded.misses')),
                last_at: eb.ref('excluded.last_at'),
              })),
            )
            .execute();
        }
        // Each searcher once per word: only the rows inserted (not already there, from this node or another) count.
        const added = new Map<string, { tenant_id: string; keyword: string; n: number }>();
        for (let i = 0; i < pairs.length; i += 500) {
          const inserted = await trx
            .insertInto('svc_search_searchers')
            .values(pairs.slice(i, i + 500))
            .onConflict((oc) => oc.columns(['tenant_id', 'keyword', 'searcher']).doNothing())
            .returning(['tenant_id', 'keyword'])
            .execute();
          for (const r of inserted) {
            const key = `${r.tenant_id}\u0000${r.keyword}`;
            const had = added.get(key);
            if (had) had.n++;
            else added.set(key, { ...r, n: 1 });
          }
        }
        // One statement per distinct number added (nearly always one: 1).
        const byN = new Map<number, { tenant_id: string; keyword: string }[]>();
        for (const a of added.values()) {
          const keys = byN.get(a.n);
          if (keys) keys.push(a);
          else byN.set(a.n, [a]);
        }
        for (const [n, keys] of byN)
          for (let i = 0; i < keys.length; i += 500)
            await trx
              .updateTable('svc_search_words')
              .set((eb) => ({ searchers: eb('searchers', '+', n) }))
              .where((eb) =>
                eb(
                  eb.refTuple('tenant_id', 'keyword'),
                  'in',
                  keys.slice(i, i + 500).map((k) => eb.tuple(k.tenant_id, k.keyword)),
                ),
              )
              .execute();
      });
    } catch (err) {
      for (const t of batch) merge(b, t);
      throw err;
    }
    if (Date.now() - b.prunedAt >= PRUNE_EVERY_MS) {
      b.prunedAt = Date.now();
      await pruneSearchRecords(db).catch(() => undefined);
    }
  })();
  b.flushing = write;
  try {
    await write;
  } finally {
    b.flushing = null;
  }
}

/**
 * Keeps the search records bounded (every tenant's), hourly from each node's flush:
 * - the (word, searcher) rows first written more than SEARCHER_KEEP_DAYS before `now`;
 * - the words nobody searched for WORD_KEEP_DAYS: neither a hot word nor a miss worth an administrator's look;
 * - beyond MAX_WORDS_PER_TENANT words in a tenant, the least searched: every distinct word a visitor types is a row
 *   (search is not rate-limited), so random words would otherwise grow the table without end. They go first because
 *   they rank last (no searcher, one search), so a flood of them cannot push out the hot words or the common misses.
 * A word's searcher rows go with it, so that the word counts its searchers anew if it comes back.
 */
export async function pruneSearchRecords(
  db: Db,
  { now = Date.now(), maxWords = MAX_WORDS_PER_TENANT }: { now?: number; maxWords?: number } = {},
): Promise<void> {
  const cutoff = nowIso(now - SEARCHER_KEEP_DAYS * 86_400_000).slice(0, 10);
  await db.deleteFrom('svc_search_searchers').where('seen_on', '<', cutoff).execute();
  await db
    .deleteFrom('svc_search_words')
    .where('last_at', '<', nowIso(now - WORD_KEEP_DAYS * 86_400_000))
    .execute();
  await sql`delete from svc_search_words where (tenant_id, keyword) in (
      select tenant_id, keyword from (
        select tenant_id, keyword, row_number() over (
          partition by tenant_id order by searchers desc, hits + misses desc, last_at desc, keyword
        ) as place from svc_search_words
      ) ranked where place > ${maxWords}
    )`.execute(db);
  await db
    .deleteFrom('svc_search_searchers')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('svc_search_words as w')
            .whereRef('w.tenant_id', '=', 'svc_search_searchers.tenant_id')
            .whereRef('w.keyword', '=', 'svc_search_searchers.keyword')
            .select('w.keyword'),
        ),
      ),
    )
    .execute();
}
