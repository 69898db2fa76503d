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
 */
export const FLUSH_MS = 1000;
export const FLUSH_WORDS = 200;
const MAX_BUFFERED = 20_000;

type Tally = { tenant_id: string; keyword: string; hits: number; misses: number; last_at: string };
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
};

const buffers = new WeakMap<object, Buffer>();

function bufferOf(db: Db): Buffer {
  let b = buffers.get(db);
  if (!b)
    buffers.set(
      db,
      (b = { words: new Map(), timer: null, flushing: null, queued: false, pending: new Set(), closed: false }),
    );
  return b;
}

function merge(b: Buffer, t: Tally): void {
  const key = `${t.tenant_id}\u0000${t.keyword}`;
  const had = b.words.get(key);
  if (had) {
    had.hits += t.hits;
    had.misses += t.misses;
    if (t.last_at > had.last_at) had.last_at = t.last_at;
  } else if (b.words.size < MAX_BUFFERED) b.words.set(key, { ...t });
}

/** Counts one search of `keyword` (found or not); written with the next flush. */
export function recordSearchWord(db: Db, tenantId: string, keyword: string, found: boolean): void {
  if (!keyword) return;
  const b = bufferOf(db);
  merge(b, { tenant_id: tenantId, keyword, hits: found ? 1 : 0, misses: found ? 0 : 1, last_at: nowIso() });
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

/** Writes the buffered words now (one transaction, one statement per 500 words); resolves when they are in the database. */
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
  const write = (async () => {
    try {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < batch.length; i += 500) {
          await trx
            .insertInto('svc_search_words')
            .values(batch.slice(i, i + 500))
            .onConflict((oc) =>
              oc.columns(['tenant_id', 'keyword']).doUpdateSet((eb) => ({
                hits: eb('svc_search_words.hits', '+', eb.ref('excluded.hits')),
                misses: eb('svc_search_words.misses', '+', eb.ref('excluded.misses')),
                last_at: eb.ref('excluded.last_at'),
              })),
            )
            .execute();
        }
      });
    } catch (err) {
      for (const t of batch) merge(b, t);
      throw err;
    }
  })();
  b.flushing = write;
  try {
    await write;
  } finally {
    b.flushing = null;
  }
}
