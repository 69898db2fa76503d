import { TRANSFER_TEXTS } from '@portal/contracts/transfer-texts';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../platform/app-error.ts';
import type { SheetKind, SheetRow } from './sheet-reader.ts';
import { countRows, unneutralise } from './sheet-reader.ts';
import type { RowValues } from './transfer.rows.ts';

/**
 * An import's rows, read and checked in a worker thread (ADR 0045) while the main thread writes the rows before
 * them: the sheet's parse (about 2 s of a 200,000-row import's CPU) no longer shares the thread that runs SQLite
 * and answers requests. The worker (import-rows.worker.ts) parses the sheet once and sends the rows after the
 * header line IMPORT_ROWS_BATCH at a time, each row with its
 * values by field and the reason it fails its own checks (a cell too long, a formula without its result, a
 * required value missing). It runs at most IMPORT_ROWS_AHEAD messages ahead of the rows the main thread has taken,
 * so a large sheet never piles up in memory. A file it cannot read fails the import with the same message as
 * before (a bad format, a zip bomb); the worker is ended whenever the import ends, however it ends.
 */

/**
 * Rows in one message from the worker. Small, so that the worker's rows die young: with 500-row messages they
 * lived long enough to be promoted to V8's old generation and the worker's heap grew to ~180 MB before a full
 * GC (the import's peak memory +85 MB -> +340 MB); with 50 its peak is the reader's alone.
 */
export const IMPORT_ROWS_BATCH = 50;
/** Messages the worker may send before the main thread has taken them (1,000 rows). */
export const IMPORT_ROWS_AHEAD = 20;

/** A column of the sheet that an import reads, and the field it fills. */
export type ImportColumn = { index: number; id: string; label: string; maxLength: number };

/** What the worker reads: the file, its kind, the header line, the columns, the required fields. */
export type ImportRowsSpec = {
  path: string;
  kind: SheetKind;
  headerLine: number;
  columns: ImportColumn[];
  required: { id: string; label: string }[];
};

/** A row after the header line: its cells as read, its values by field, and why it fails, if it does. */
export type ImportRow = { rowNumber: number; cells: string[]; values: RowValues; reason?: string };

/** A message from the worker. */
export type ReaderMessage =
  | { type: 'total'; total: number }
  | { type: 'rows'; rows: ImportRow[] }
  | { type: 'end' }
  | { type: 'error'; app?: { status: number; message: string; detail: string }; message: string };

/** A row's values and its own faults (checked before any data set's importer sees it). */
export function checkRow(row: SheetRow, spec: Pick<ImportRowsSpec, 'columns' | 'required'>): ImportRow {
  const values: RowValues = {};
  const problems: string[] = row.tooLong ? [TRANSFER_TEXTS.cellTooLong] : [];
  for (const col of spec.columns) {
    if (row.staleFormulas?.includes(col.index)) problems.push(`${col.label}：${TRANSFER_TEXTS.staleFormula}`);
    const v = unneutralise((row.cells[col.index] ?? '').trim());
    if (v.length > col.maxLength) problems.push(`${col.label}：${TRANSFER_TEXTS.tooLong}`);
    values[col.id] = v;
  }
  for (const f of spec.required) if (!values[f.id]) problems.push(`${TRANSFER_TEXTS.requiredMissing}：${f.label}`);
  const out: ImportRow = { rowNumber: row.rowNumber, cells: row.cells, values };
  if (problems.length) out.reason = problems.join('；');
  return out;
}

/**
 * The rows of an import, from a worker thread: total() the progress total, then the batches of rows; close() ends
 * the worker (call it when the import ends, however: a generator never started does not run its own clean-up).
 */
export type ImportRows = {
  total: () => Promise<number>;
  batches: AsyncGenerator<ImportRow[]>;
  close: () => Promise<void>;
};

const WORKER_URL = new URL('./import-rows.worker.ts', import.meta.url);

let running = 0;
/** Import readers (worker threads) of this process that have not exited: 0 once every import has ended. */
export const importReadersRunning = () => running;

/**
 * Starts the worker. The progress total of an xlsx is counted on this thread meanwhile (a scan of the sheet's
 * row tags: its inflating runs on libuv's pool, about 40 ms of this thread's CPU for 200,000 rows), while the
 * worker starts; an xls (at most 65,536 rows, read whole by SheetJS) is counted by the worker, before its rows.
 */
export function importRows(spec: ImportRowsSpec): ImportRows {
  const worker = new Worker(WORKER_URL, { workerData: spec, stdout: false, stderr: false });
  running++;
  const queue: ReaderMessage[] = [];
  let failure: Error | null = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  worker.on('message', (m: ReaderMessage) => {
    queue.push(m);
    notify();
  });
  worker.on('error', (err) => {
    failure ??= new Error(`the sheet reader failed: ${err.message}`);
    notify();
  });
  worker.on('exit', (code) => {
    running--;
    if (!ended) failure ??= new Error(`the sheet reader stopped (exit code ${code})`);
    notify();
  });
  /** Ends the worker; resolves once it has stopped. */
  const stop = async () => {
    ended = true;
    await worker.terminate();
  };
  /** The next message; throws what the worker reported (its own AppError as one) or what ended it. */
  const next = async (): Promise<ReaderMessage> => {
    for (;;) {
      const m = queue.shift();
      if (m) {
        if (m.type === 'error')
          throw m.app ? new AppError(m.app.status, m.app.message, m.app.detail) : new Error(m.message);
        return m;
      }
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  const total = async () => {
    if (spec.kind === 'xlsx') return countRows(spec.path, spec.kind, spec.headerLine);
    const first = await next();
    if (first.type !== 'total') throw new Error(`the sheet reader sent ${first.type} before its count`);
    return first.total;
  };
  async function* batches(): AsyncGenerator<ImportRow[]> {
    try {
      for (;;) {
        const m = await next();
        if (m.type === 'end') return;
        if (m.type !== 'rows') throw new Error(`the sheet reader sent ${m.type} among its rows`);
        // Taken: the worker may read one more batch.
        worker.postMessage('ack');
        yield m.rows;
      }
    } finally {
      await stop();
    }
  }
  return { total, batches: batches(), close: stop };
}

/** An error from the worker as a message: a user's refusal (AppError) keeps its status, message and detail. */
export function readerError(err: unknown): ReaderMessage {
  if (err instanceof AppError)
    return { type: 'error', app: { status: err.status, message: err.message, detail: err.detail }, message: '' };
  return { type: 'error', message: err instanceof Error ? err.message : String(err) };
}
