import type { TransferDataset, TransferField } from '@portal/contracts/transfer';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/create-db.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';

/** What every data set of import and export is made of (the data sets themselves: transfer.datasets.ts). */

export type Scope = { dataRange: number; search: Record<string, unknown>; ids: string[] };
export type RowValues = Record<string, string>;
export type RowOutcome = 'insert' | 'update' | 'skip';
/** A row that cannot be applied; the reason goes to the failed-rows file. */
export class RowError extends Error {}

export type Importer = {
  /**
   * Applies rows in order inside `trx`; each row whole or not at all. A row's own fault is its RowError in the
   * answer; anything else throws (and the caller retries the rows one by one).
   */
  applyBatch(trx: Db, rows: RowValues[], ruleNum: number, checkFields: string[]): Promise<(RowOutcome | RowError)[]>;
  /** Runs once when the import ends, whatever its outcome (e.g. to drop a cache of the data set). */
  done?(): Promise<void> | void;
};

/** An importer that applies one row at a time. */
export const rowByRow = (
  apply: (trx: Db, v: RowValues, ruleNum: number, checkFields: string[]) => Promise<RowOutcome>,
): Importer => ({
  async applyBatch(trx, rows, ruleNum, checkFields) {
    const out: (RowOutcome | RowError)[] = [];
    for (const v of rows) {
      try {
        out.push(await apply(trx, v, ruleNum, checkFields));
      } catch (err) {
        if (!(err instanceof RowError)) throw err;
        out.push(err);
      }
    }
    return out;
  },
});

export type Dataset = {
  name: TransferDataset;
  title: string;
  menu: string;
  fields: TransferField[];
  /** Fields that are exported but never imported (e.g. counters the system keeps); absent from field matching. */
  exportOnly?: string[];
  /** Only administrators (roleType admin) holding the menu may export or import it. */
  adminOnly?: boolean;
  maxLength: Record<string, number>;
  count(deps: AppDeps, ctx: RequestContext, scope: Scope): Promise<number>;
  rows(deps: AppDeps, ctx: RequestContext, scope: Scope): AsyncIterable<RowValues[]>;
  /** Absent for a data set that is exported only. */
  importer?(deps: AppDeps, ctx: RequestContext): Promise<Importer>;
  sample: RowValues;
};

/** The fields an import of the data set offers for matching (and its template shows). */
export const importFields = (ds: Pick<Dataset, 'fields' | 'exportOnly'>) =>
  ds.fields.filter((f) => !ds.exportOnly?.includes(f.id));

export const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
/** Separates several names in one cell (services of a duty, roles of a service). */
export const LIST_SEPARATOR = /[、,，;；\n]+/;
/** The distinct names of a list cell. */
export const namesOf = (cell: string | undefined) => [
  ...new Set(
    (cell ?? '')
      .split(LIST_SEPARATOR)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

let lastMs = 0;
let seq = 0;
let timeHex = '';
/**
 * Random hex digits drawn 4 KiB of bytes at a time, as text: one randomBytes() call per id was a tenth of an
 * import's CPU, and a Buffer per id written and turned into hex still 0.6-1.7 µs an id (issue 13).
 */
let pool = '';
let poolAt = 0;
function randomHex(digits: number): string {
  if (poolAt + digits > pool.length) {
    pool = randomBytes(4096).toString('hex');
    poolAt = 0;
  }
  poolAt += digits;
  return pool.slice(poolAt - digits, poolAt);
}
const VARIANT = '89ab';
/**
 * A time-ordered id (UUID version 7 layout) for rows an import adds: consecutive ids land side by side in the
 * primary-key index instead of at random places, which keeps a 200,000-row import's inserts cheap. 48 bits of
 * milliseconds, the version 7, a 12-bit counter within the millisecond, the variant, 62 random bits.
 */
export function orderedId(now = Date.now()): string {
  if (now !== lastMs) {
    seq = 0;
    lastMs = now;
    timeHex = now.toString(16).padStart(12, '0').slice(-12);
    timeHex = `${timeHex.slice(0, 8)}-${timeHex.slice(8)}`;
  } else seq++;
  const random = randomHex(4);
  const variant = VARIANT[parseInt(random[0]!, 16) & 3]!;
  return `${timeHex}-7${(seq & 0xfff).toString(16).padStart(3, '0')}-${variant}${random.slice(1, 4)}-${randomHex(12)}`;
}
