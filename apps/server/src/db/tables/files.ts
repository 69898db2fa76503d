/** Tables of the 'database' file store (platform/file-store.ts, migration 2026-11-24T05-00_stored-files, ADR 0020). */
export interface FileTables {
  stored_files: StoredFileTable;
  stored_file_chunks: StoredFileChunkTable;
}

/** One stored file: its key (a relative path such as chat/{tenant}/{id}) and the blob holding its bytes. */
export interface StoredFileTable {
  key: string;
  blob_id: string;
  size: number;
  /** How many chunks the blob has (idx 0 … chunks-1). */
  chunks: number;
  created_at: string;
}

/** One chunk of a blob, about 256 KB (the last one shorter). */
export interface StoredFileChunkTable {
  blob_id: string;
  idx: number;
  /** Buffer from PostgreSQL (bytea), Uint8Array from SQLite (blob). */
  data: Uint8Array;
  created_at: string;
}
