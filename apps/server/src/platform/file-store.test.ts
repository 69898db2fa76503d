import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/create-db.ts';
import { nowIso } from '../db/sql-helpers.ts';
import { createTestDb } from '../test/test-app.ts';
import {
  databaseFileStore,
  FILE_CHUNK_BYTES,
  FileKeyError,
  FileMissingError,
  FileTooLargeError,
  localFileStore,
  ORPHAN_CHUNK_AGE_MS,
  type FileStore,
} from './file-store.ts';

/** Bytes in uneven pieces, as an upload arrives. */
function pieces(data: Buffer, size = 65_537): Readable {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += size) parts.push(data.subarray(i, i + size));
  return Readable.from(parts);
}
async function bytesOf(stream: Readable): Promise<{ data: Buffer; reads: number; largest: number }> {
  const parts: Buffer[] = [];
  for await (const p of stream) parts.push(p as Buffer);
  return { data: Buffer.concat(parts), reads: parts.length, largest: Math.max(0, ...parts.map((p) => p.length)) };
}
/** Every file under a folder, hidden ones included. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

const backEnds = [
  { name: 'local', engine: null },
  { name: 'database on sqlite', engine: 'sqlite' },
  { name: 'database on postgres', engine: 'postgres' },
] as const;

describe.each(backEnds)('file store: $name', ({ engine }) => {
  let store: FileStore;
  let root: string;
  let scratch: string;
  let db: DbHandle | null = null;
  /** What the back end holds besides the file rows: chunk rows, or files on disk (leftover .part files included). */
  const leftovers = async () =>
    db
      ? (await db.db.selectFrom('stored_file_chunks').select('blob_id').execute()).length
      : (await filesUnder(join(root, 'files'))).length;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'portal-file-store-'));
    scratch = join(root, 'scratch');
    await mkdir(scratch);
    if (engine) {
      db = await createTestDb(engine, { withSeed: false });
      store = databaseFileStore(db.db, { scratchDir: scratch });
    } else store = localFileStore(join(root, 'files'));
  });
  afterAll(async () => {
    await db?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('stores a file of several chunks and gives back the same bytes, streamed', async () => {
    const data = randomBytes(3 * FILE_CHUNK_BYTES + 12_345);
    const put = await store.put('chat/000000/big', pieces(data));
    expect(put.size).toBe(data.length);
    expect(put.head).toEqual(data.subarray(0, put.head.length));
    expect(put.head.length).toBeGreaterThanOrEqual(16);
    const got = await store.get('chat/000000/big');
    expect(got?.size).toBe(data.length);
    const read = await bytesOf(got!.stream);
    expect(read.data.equals(data)).toBe(true);
    // Handed over in pieces, never as the whole file.
    expect(read.reads).toBeGreaterThan(1);
    expect(read.largest).toBeLessThanOrEqual(FILE_CHUNK_BYTES);
    expect(await store.exists('chat/000000/big')).toBe(true);
    if (db) {
      const chunks = await db.db.selectFrom('stored_file_chunks').select(['idx', 'data']).orderBy('idx').execute();
      expect(chunks.map((c) => c.idx)).toEqual([0, 1, 2, 3]);
      expect(chunks.map((c) => c.data.length)).toEqual([FILE_CHUNK_BYTES, FILE_CHUNK_BYTES, FILE_CHUNK_BYTES, 12_345]);
    } else {
      // The local layout of DATA_DIR/files, as it always was.
      expect((await readFile(join(root, 'files', 'chat', '000000', 'big'))).equals(data)).toBe(true);
    }
    await store.remove('chat/000000/big');
    expect(await store.get('chat/000000/big')).toBeNull();
    expect(await leftovers()).toBe(0);
  });

  it('stores an empty file and a file of exactly one chunk', async () => {
    expect((await store.put('t/empty', Readable.from([]))).size).toBe(0);
    const empty = await store.get('t/empty');
    expect(empty?.size).toBe(0);
    expect((await bytesOf(empty!.stream)).data.length).toBe(0);
    const one = randomBytes(FILE_CHUNK_BYTES);
    await store.put('t/one', [one]);
    expect((await bytesOf((await store.get('t/one'))!.stream)).data.equals(one)).toBe(true);
    await store.removePrefix('t');
    expect(await leftovers()).toBe(0);
  });

  it('refuses a file past the size limit and leaves nothing behind', async () => {
    const data = randomBytes(2 * FILE_CHUNK_BYTES + 10);
    const source = pieces(data);
    await expect(
      store.put('transfer/000000/too-big', source, { maxBytes: FILE_CHUNK_BYTES + 5 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(source.destroyed).toBe(true);
    expect(await store.get('transfer/000000/too-big')).toBeNull();
    expect(await store.exists('transfer/000000/too-big')).toBe(false);
    expect(await leftovers()).toBe(0);
    // At the limit exactly, it is taken.
    expect(
      (
        await store.put('transfer/000000/at-limit', pieces(data.subarray(0, FILE_CHUNK_BYTES + 5)), {
          maxBytes: FILE_CHUNK_BYTES + 5,
        })
      ).size,
    ).toBe(FILE_CHUNK_BYTES + 5);
    await store.remove('transfer/000000/at-limit');
  });

  it('leaves nothing when the upload breaks off, and keeps the file it would have replaced', async () => {
    const before = randomBytes(1000);
    await store.put('chat/000000/kept', [before]);
    async function* broken() {
      yield randomBytes(FILE_CHUNK_BYTES + 100);
      throw new Error('connection reset');
    }
    await expect(store.put('chat/000000/kept', broken())).rejects.toThrow('connection reset');
    expect((await bytesOf((await store.get('chat/000000/kept'))!.stream)).data.equals(before)).toBe(true);
    await store.remove('chat/000000/kept');
    expect(await leftovers()).toBe(0);
  });

  it('replaces a file put again under the same key', async () => {
    await store.put('img/a.png', [randomBytes(FILE_CHUNK_BYTES * 2)]);
    const second = randomBytes(500);
    await store.put('img/a.png', [second]);
    const got = await store.get('img/a.png');
    expect(got?.size).toBe(500);
    expect((await bytesOf(got!.stream)).data.equals(second)).toBe(true);
    if (db) expect(await leftovers()).toBe(1);
    await store.remove('img/a.png');
  });

  it('answers nothing for a missing key', async () => {
    expect(await store.get('chat/000000/nothing')).toBeNull();
    expect(await store.exists('chat/000000/nothing')).toBe(false);
    await expect(store.withPath('chat/000000/nothing', async () => 1)).rejects.toBeInstanceOf(FileMissingError);
    await store.remove('chat/000000/nothing');
    await store.removePrefix('nothing/here');
  });

  it('refuses keys that are not plain relative paths', async () => {
    for (const key of [
      '../secrets.json',
      '/etc/passwd',
      'chat/../../x',
      'chat/./x',
      'a//b',
      '',
      'a\\b',
      'chat/x/',
      'C:/x',
      'a\0b',
      'x'.repeat(1025),
    ]) {
      await expect(store.put(key, [Buffer.from('x')]), key).rejects.toBeInstanceOf(FileKeyError);
      await expect(store.get(key), key).rejects.toBeInstanceOf(FileKeyError);
      await expect(store.exists(key), key).rejects.toBeInstanceOf(FileKeyError);
      await expect(store.remove(key), key).rejects.toBeInstanceOf(FileKeyError);
      await expect(store.removePrefix(key), key).rejects.toBeInstanceOf(FileKeyError);
    }
    expect(await leftovers()).toBe(0);
  });

  it('removes a folder of keys and nothing beside it', async () => {
    for (const key of [
      'exports/000000/j1/a.xlsx',
      'exports/000000/j1/sub/b',
      'exports/000000/j10/c.xlsx',
      'exports/000000/j1x',
      'exports/000000/j2',
    ])
      await store.put(key, [Buffer.from(key)]);
    await store.removePrefix('exports/000000/j1');
    await store.removePrefix('exports/000000/j2');
    expect(await store.exists('exports/000000/j2')).toBe(true);
    expect(await store.exists('exports/000000/j1/a.xlsx')).toBe(false);
    expect(await store.exists('exports/000000/j1/sub/b')).toBe(false);
    expect(await store.exists('exports/000000/j10/c.xlsx')).toBe(true);
    expect(await store.exists('exports/000000/j1x')).toBe(true);
    await store.removePrefix('exports');
    expect(await leftovers()).toBe(0);
  });

  it('hands a path to readers that need one and cleans up its scratch copy', async () => {
    const data = randomBytes(FILE_CHUNK_BYTES + 3);
    await store.put('transfer/000000/up', [data]);
    let seen = '';
    const same = await store.withPath('transfer/000000/up', async (path) => {
      seen = path;
      return (await readFile(path)).equals(data);
    });
    expect(same).toBe(true);
    if (db) expect(existsSync(seen)).toBe(false);
    await expect(
      store.withPath('transfer/000000/up', async () => Promise.reject(new Error('reader failed'))),
    ).rejects.toThrow('reader failed');
    if (db) expect(await readdir(scratch)).toEqual([]);
    await store.remove('transfer/000000/up');
  });

  it('stores what a path writer produces, and nothing when it fails', async () => {
    const data = randomBytes(FILE_CHUNK_BYTES * 2 + 7);
    expect((await store.write('exports/000000/j2/out.xlsx', (path) => writeFile(path, data))).size).toBe(data.length);
    expect((await bytesOf((await store.get('exports/000000/j2/out.xlsx'))!.stream)).data.equals(data)).toBe(true);
    await expect(
      store.write('exports/000000/j3/out.xlsx', async (path) => {
        await writeFile(path, data);
        throw new Error('writer failed');
      }),
    ).rejects.toThrow('writer failed');
    expect(await store.exists('exports/000000/j3/out.xlsx')).toBe(false);
    await store.removePrefix('exports/000000');
    expect(await leftovers()).toBe(0);
    if (db) expect(await readdir(scratch)).toEqual([]);
  });

  it.runIf(engine)('sweeps chunks of uploads that never finished, once they are old', async () => {
    await store.put('chat/000000/live', [randomBytes(10)]);
    const old = nowIso(Date.now() - ORPHAN_CHUNK_AGE_MS - 60_000);
    await db!.db
      .insertInto('stored_file_chunks')
      .values({ blob_id: 'orphan-of-a-dead-node', idx: 0, data: Buffer.from('x'), created_at: old })
      .execute();
    await db!.db
      .insertInto('stored_file_chunks')
      .values({ blob_id: 'upload-in-progress', idx: 0, data: Buffer.from('y'), created_at: nowIso() })
      .execute();
    await db!.db
      .updateTable('stored_file_chunks')
      .set({ created_at: old })
      .where('blob_id', 'not in', ['orphan-of-a-dead-node', 'upload-in-progress'])
      .execute();
    expect(await store.sweep()).toBe(1);
    expect(
      (await db!.db.selectFrom('stored_file_chunks').select('blob_id').execute()).map((r) => r.blob_id),
    ).not.toContain('orphan-of-a-dead-node');
    expect(await leftovers()).toBe(2);
    expect((await bytesOf((await store.get('chat/000000/live'))!.stream)).data.length).toBe(10);
    await store.remove('chat/000000/live');
    await db!.db.deleteFrom('stored_file_chunks').execute();
  });
});
