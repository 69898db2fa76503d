import { parentPort, workerData } from 'node:worker_threads';
import {
  checkRow,
  IMPORT_ROWS_AHEAD,
  IMPORT_ROWS_BATCH,
  readerError,
  type ImportRow,
  type ImportRowsSpec,
  type ReaderMessage,
} from './import-rows.ts';
import { countRows, readRows } from './sheet-reader.ts';

/**
 * The worker thread of an import (import-rows.ts, ADR 0045): reads the sheet once and sends its rows after the
 * header line, checked, IMPORT_ROWS_BATCH at a time, never more than IMPORT_ROWS_AHEAD
 * batches ahead of what the main thread has taken ('ack'). Whatever fails is sent as an error message.
 */
const port = parentPort!;
const spec = workerData as ImportRowsSpec;
const post = (m: ReaderMessage) => port.postMessage(m);

let sent = 0;
let taken = 0;
let wake: (() => void) | null = null;
port.on('message', (m) => {
  if (m !== 'ack') return;
  taken++;
  const w = wake;
  wake = null;
  w?.();
});

async function run() {
  // An xlsx is counted by the main thread while this one starts (import-rows.ts); an xls here.
  if (spec.kind === 'xls') post({ type: 'total', total: await countRows(spec.path, spec.kind, spec.headerLine) });
  let batch: ImportRow[] = [];
  const send = async () => {
    post({ type: 'rows', rows: batch });
    batch = [];
    sent++;
    while (sent - taken >= IMPORT_ROWS_AHEAD) await new Promise<void>((resolve) => (wake = resolve));
  };
  for await (const row of readRows(spec.path, spec.kind)) {
    if (row.rowNumber <= spec.headerLine) continue;
    batch.push(checkRow(row, spec));
    if (batch.length >= IMPORT_ROWS_BATCH) await send();
  }
  if (batch.length) await send();
  post({ type: 'end' });
}

run().catch((err: unknown) => post(readerError(err)));
