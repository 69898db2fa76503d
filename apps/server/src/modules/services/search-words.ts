import type { Db } from '../../db/create-db.ts';
import { nowIso } from '../../db/sql-helpers.ts';

/**
 * Search words are counted off the request path (ADR 0018): a search adds its word to a buffer per database
 * handle, written in one INSERT … ON CONFLICT DO UPDATE every FLUSH_MS or as soon as FLUSH_WORDS distinct
 * words wait. Reads of the counts (hot words, zero-result searches) flush first, so this node's searches are
 * always in them; the app flushes on close. A failed write keeps the words for the next flush (up to
 * MAX_BUFFERED, beyond which new words are dropped rather than memory grown without bound).
 */
export const FLUSH_MS = 1000;
export const FLUSH_WORDS = 200;
const MAX_BUFFERED = 20_000;

type Tally = { tenant_id: string; keyword: string; hits: number; misses: number; last_at: string };
type Buffer = { words: Map<string, Tally>; timer: NodeJS.Timeout | null; flushing: Promise<void> | null };

const buffers = new WeakMap<object, Buffer>();

function bufferOf(db: Db): Buffer {
  let b = buffers.get(db);
  if (!b) buffers.set(db, (b = { words: new Map(), timer: null, flushing: null }));
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
  if (b.words.size >= FLUSH_WORDS) void flushSearchWords(db).catch(() => {});
  else if (!b.timer) {
    b.timer = setTimeout(() => {
      b.timer = null;
      void flushSearchWords(db).catch(() => {});
    }, FLUSH_MS);
    b.timer.unref();
  }
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
  const batch = [...b.words.values()];
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
