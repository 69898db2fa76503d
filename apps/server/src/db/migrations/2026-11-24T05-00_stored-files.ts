import type { Kysely } from 'kysely';
import { binaryColumnType, engineOf, storeUncompressed } from '../sql-helpers.ts';

/**
 * Issue 12 (ADR 0020): files in the database, for the 'database' file store (platform/file-store.ts) that every
 * node behind a load balancer reads. A file is a row of stored_files naming a blob, and the blob is its chunks
 * of about 256 KB in stored_file_chunks (bytea on PostgreSQL, blob on SQLite). Chunks are written as the upload
 * arrives under a new blob id; the stored_files row is written last, so a file is visible only once every chunk
 * is in. Chunks no row names (an upload that failed or whose process died) are swept by age.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable('stored_files')
    .addColumn('key', 'varchar(1024)', (c) => c.primaryKey())
    .addColumn('blob_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('chunks', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stored_files_blob').on('stored_files').column('blob_id').execute();
  await db.schema
    .createTable('stored_file_chunks')
    .addColumn('blob_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('data', binaryColumnType(engine), (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('stored_file_chunks_pk', ['blob_id', 'idx'])
    .execute();
  await storeUncompressed(engine, db, 'stored_file_chunks', 'data');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_file_chunks').execute();
  await db.schema.dropTable('stored_files').execute();
}
