import { conflict } from './errors.ts';

/**
 * An administrator's item (a card, a home tab, a common tool, a navigation item) is its tenant's only one of that name,
 * compared trimmed: else 409 with the kind's message (已有同名…). `rows` are the tenant's items of that kind, read in the
 * write's transaction; `exceptId` is the item being renamed. Each kind asks it on save and in an audit revert.
 */
export function assertNameFree<T extends { id: string }>(
  rows: readonly T[],
  nameOf: (row: T) => string,
  name: string,
  exceptId: string | undefined,
  taken: { message: string; kind: string },
): void {
  const wanted = name.trim();
  if (rows.some((r) => r.id !== exceptId && nameOf(r).trim() === wanted))
    throw conflict(taken.message, `${taken.kind} ${wanted}`);
}
