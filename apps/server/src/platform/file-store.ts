import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/create-db.ts';
import { isUniqueViolation, nowIso } from '../db/sql-helpers.ts';

/**
 * Where every file of the portal lives — chat files, uploaded images, import uploads, export results and
 * failed-rows files — behind one interface with two back ends (ADR 0020):
 * - 'local': DATA_DIR/files/{key}, the layout the portal always had (one node, or a shared directory);
 * - 'database': chunks of about 256 KB in the database (stored_files + stored_file_chunks), which every node
 *   behind a load balancer reaches; the default in cluster mode.
 * Keys are relative paths ('chat/{tenant}/{id}'); a key with '..', '.', an empty segment, a backslash or a leading
 * '/' is refused (FileKeyError). Files are streamed both ways: neither back end holds a whole file in memory.
 */
export interface FileStore {
  readonly kind: 'local' | 'database';
  /**
   * Stores what `source` gives under `key` (replacing a file there), streamed. Past `maxBytes` the source is
   * destroyed, nothing is left behind and FileTooLargeError is thrown; any other failure leaves nothing either.
   * Answers the size and the first HEAD_BYTES bytes (to tell a file's type by its content).
   */
  put(key: string, source: FileSource, opts?: PutOptions): Promise<PutResult>;
  /** The file as a stream and its size, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes one file; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Removes every file under the folder `prefix` (keys starting with `${prefix}/`). */
  removePrefix(prefix: string): Promise<void>;
  /**
   * Runs `fn` with a file path holding the stored file, for readers that need a path (spreadsheet readers). The
   * local back end hands its own file (read it, do not change it); the database copies the file to a scratch
   * file, streamed, and deletes it once `fn` has settled. FileMissingError when there is no such file.
   */
  withPath<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
  /**
   * Stores a file that a writer needing a path produces (the streamed xlsx writer): `produce` writes to the
   * scratch path it is given, then the file is stored under `key`. Nothing is stored when `produce` fails.
   */
  write(key: string, produce: (path: string) => Promise<void>): Promise<{ size: number }>;
  /** Removes leftovers of uploads that never finished (a process that died mid-upload); how many went. */
  sweep(now?: number): Promise<number>;
}

/** A stream, or bytes in pieces (a Buffer in an array for bytes already in memory). */
export type FileSource = Readable | Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
export type PutOptions = { maxBytes?: number };
export type PutResult = { size: number; head: Buffer };
export type StoredFile = { stream: Readable; size: number };

/** Bytes of a chunk in the database back end. */
export const FILE_CHUNK_BYTES = 256 * 1024;
/** Chunks read per query (1 MB): a download holds at most this much of a file at once. */
const READ_BATCH = 4;
/** How many first bytes put() answers, for content sniffing. */
export const HEAD_BYTES = 64;
export const FILE_KEY_MAX_CHARS = 1024;
/** Chunks of an unfinished upload older than this are swept. */
export const ORPHAN_CHUNK_AGE_MS = 24 * 3600_000;

export class FileKeyError extends Error {
  constructor(key: string) {
    super(`not a file key: ${JSON.stringify(String(key).slice(0, 100))}`);
  }
}
export class FileTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}
export class FileMissingError extends Error {
  constructor(key: string) {
    super(`no stored file ${key}`);
  }
}

/** The key, checked: a relative path of plain segments. */
export function checkKey(key: string): string {
  if (typeof key !== 'string' || !key || key.length > FILE_KEY_MAX_CHARS) throw new FileKeyError(key);
  if (key.startsWith('/') || key.includes('\\') || key.includes('\0') || /^[A-Za-z]:/.test(key))
    throw new FileKeyError(key);
  for (const segment of key.split('/'))
    if (!segment || segment === '.' || segment === '..') throw new FileKeyError(key);
  return key;
}

/** The store the configuration asks for (FILE_STORE): 'local' under DATA_DIR/files unless told 'database'. */
export function createFileStore(config: Pick<Config, 'fileStore' | 'dataDir'>, db: Db): FileStore {
  return config.fileStore === 'database' ? databaseFileStore(db) : localFileStore(resolve(config.dataDir, 'files'));
}

/** Counts bytes as they pass, keeps the first HEAD_BYTES, and fails past `maxBytes`. */
function meter(maxBytes: number | undefined) {
  let size = 0;
  let head = Buffer.alloc(0);
  const transform = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) return done(new FileTooLargeError(maxBytes));
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  return { transform, result: (): PutResult => ({ size, head }) };
}

const sourceOf = (source: FileSource) =>
  source instanceof Readable ? source : Readable.from(source, { objectMode: false });

/** A scratch folder of its own for `fn`, removed afterwards whatever happens. */
async function inScratch<T>(scratchRoot: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(scratchRoot, 'portal-file-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ local

/** Files under `root` (DATA_DIR/files), one file per key, written beside the target and renamed into place. */
export function localFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    const path = resolve(root, checkKey(key));
    if (!path.startsWith(root + sep)) throw new FileKeyError(key);
    return path;
  };
  const partOf = (target: string) =>
    join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
  const isFile = async (path: string) => (await stat(path).catch(() => null))?.isFile() ?? false;

  return {
    kind: 'local',
    async put(key, source, opts = {}) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const part = partOf(target);
      const m = meter(opts.maxBytes);
      try {
        await pipeline(sourceOf(source), m.transform, createWriteStream(part, { flags: 'wx' }));
        await rename(part, target);
      } catch (err) {
        await rm(part, { force: true });
        throw err;
      }
      return m.result();
    },
    async get(key) {
      const fh = await open(pathOf(key), 'r').catch(() => null);
      if (!fh) return null;
      const info = await fh.stat();
      if (!info.isFile()) {
        await fh.close();
        return null;
      }
      return { stream: fh.createReadStream(), size: info.size };
    },
    exists: async (key) => isFile(pathOf(key)),
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async removePrefix(prefix) {
      const dir = pathOf(prefix);
      // The folder only: a file named like the folder is not under it (as on the database store).
      if ((await stat(dir).catch(() => null))?.isDirectory()) await rm(dir, { recursive: true, force: true });
    },
    async withPath(key, fn) {
      const path = pathOf(key);
      if (!(await isFile(path))) throw new FileMissingError(key);
      return fn(path);
    },
    async write(key, produce) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const part = partOf(target);
      try {
        await produce(part);
        const { size } = await stat(part);
        await rename(part, target);
        return { size };
      } catch (err) {
        await rm(part, { force: true });
        throw err;
      }
    },
    // A write interrupted by a crash leaves a hidden .part file beside its target; they are not looked for.
    sweep: async () => 0,
  };
}

// ------------------------------------------------------------------ database

const bufferOf = (data: Uint8Array) =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * Files as chunks in the database (ADR 0020): put() writes FILE_CHUNK_BYTES chunks under a new blob id as the
 * stream arrives, then names the blob in stored_files in one short transaction (replacing, then deleting, an
 * older blob of the key); get() reads READ_BATCH chunks per query as the reader asks for them.
 */
export function databaseFileStore(db: Db, { scratchDir = tmpdir() }: { scratchDir?: string } = {}): FileStore {
  const dropBlob = (blobId: string) => db.deleteFrom('stored_file_chunks').where('blob_id', '=', blobId).execute();

  /** Names `blobId` as the file `key`; answers the blob the key named before, if any. */
  async function commit(key: string, blobId: string, size: number, chunks: number): Promise<string | undefined> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(async (trx) => {
          const old = await trx
            .deleteFrom('stored_files')
            .where('key', '=', key)
            .returning('blob_id')
            .executeTakeFirst();
          await trx
            .insertInto('stored_files')
            .values({ key, blob_id: blobId, size, chunks, created_at: nowIso() })
            .execute();
          return old?.blob_id;
        });
      } catch (err) {
        // Two puts of one key at once: the later insert met the earlier one's row; take its place.
        if (attempt >= 3 || !isUniqueViolation(err)) throw err;
      }
    }
  }

  const store: FileStore = {
    kind: 'database',
    async put(key, source, opts = {}) {
      checkKey(key);
      const blobId = randomUUID();
      const m = meter(opts.maxBytes);
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let idx = 0;
      const insert = async (data: Buffer) => {
        await db
          .insertInto('stored_file_chunks')
          .values({ blob_id: blobId, idx, data, created_at: nowIso() })
          .execute();
        idx++;
      };
      /** Writes whole chunks from what has arrived; with `all`, the rest too. */
      const flush = async (all: boolean) => {
        if (pendingBytes < FILE_CHUNK_BYTES && !(all && pendingBytes > 0)) return;
        let buf = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        while (buf.length >= FILE_CHUNK_BYTES) {
          await insert(buf.subarray(0, FILE_CHUNK_BYTES));
          buf = buf.subarray(FILE_CHUNK_BYTES);
        }
        if (buf.length && all) await insert(buf);
        else if (buf.length) {
          pending = [buf];
          pendingBytes = buf.length;
        }
      };
      const sink = async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          await flush(false);
        }
        await flush(true);
      };
      let old: string | undefined;
      try {
        await pipeline(sourceOf(source), m.transform, sink);
        old = await commit(key, blobId, m.result().size, idx);
      } catch (err) {
        await dropBlob(blobId).catch(() => undefined);
        throw err;
      }
      if (old && old !== blobId) await dropBlob(old);
      return m.result();
    },
    async get(key) {
      checkKey(key);
      const row = await db
        .selectFrom('stored_files')
        .where('key', '=', key)
        .select(['blob_id', 'size', 'chunks'])
        .executeTakeFirst();
      if (!row) return null;
      const { blob_id: blobId, chunks } = row;
      const size = Number(row.size);
      async function* read() {
        let sent = 0;
        for (let from = 0; from < chunks; from += READ_BATCH) {
          const batch = await db
            .selectFrom('stored_file_chunks')
            .where('blob_id', '=', blobId)
            .where('idx', '>=', from)
            .where('idx', '<', from + READ_BATCH)
            .orderBy('idx')
            .select(['idx', 'data'])
            .execute();
          if (batch.length !== Math.min(READ_BATCH, chunks - from) || batch.some((c, i) => c.idx !== from + i)) {
            throw new Error(`stored file ${key} changed or lost chunks while it was read`);
          }
          for (const c of batch) {
            const data = bufferOf(c.data);
            sent += data.length;
            yield data;
          }
        }
        if (sent !== size) throw new Error(`stored file ${key} holds ${sent} bytes, not ${size}`);
      }
      return { stream: Readable.from(read(), { objectMode: false }), size };
    },
    async exists(key) {
      checkKey(key);
      return !!(await db.selectFrom('stored_files').where('key', '=', key).select('key').executeTakeFirst());
    },
    async remove(key) {
      checkKey(key);
      const gone = await db.deleteFrom('stored_files').where('key', '=', key).returning('blob_id').executeTakeFirst();
      if (gone) await dropBlob(gone.blob_id);
    },
    async removePrefix(prefix) {
      const folder = `${checkKey(prefix)}/`;
      // substr, not LIKE: exact and case-sensitive on both engines ('_' and '%' are plain characters here).
      const under = sql<boolean>`substr(${sql.ref('key')}, 1, ${sql.lit(folder.length)}) = ${folder}`;
      const gone = await db.deleteFrom('stored_files').where(under).returning('blob_id').execute();
      for (const g of gone) await dropBlob(g.blob_id);
    },
    async withPath(key, fn) {
      const file = await store.get(key);
      if (!file) throw new FileMissingError(key);
      return inScratch(scratchDir, async (dir) => {
        const path = join(dir, basename(key));
        await pipeline(file.stream, createWriteStream(path, { flags: 'wx' }));
        return fn(path);
      });
    },
    async write(key, produce) {
      checkKey(key);
      return inScratch(scratchDir, async (dir) => {
        const path = join(dir, basename(key));
        await produce(path);
        const { size } = await store.put(key, createReadStream(path));
        return { size };
      });
    },
    async sweep(now = Date.now()) {
      const before = nowIso(now - ORPHAN_CHUNK_AGE_MS);
      const res = await db
        .deleteFrom('stored_file_chunks')
        .where('created_at', '<', before)
        .where('blob_id', 'not in', (eb) => eb.selectFrom('stored_files').select('blob_id'))
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
  return store;
}
