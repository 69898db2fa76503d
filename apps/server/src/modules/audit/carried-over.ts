import { stableJson } from './audit.service.ts';

/**
 * What a replacement carries over (ADR 0078). An import of the workbench configuration file replaces a tenant's
 * items with the file's; the file has no ids, so an item is known by its natural key (a card, tool, tab or
 * navigation item by its name, a column by its card and name, a holiday by its name and day, a special by its
 * title). An item of the file whose key one of the tenant's items has keeps that item's id and its creation time,
 * and its update time too when nothing of it changes. The audit log then records only what changed, as updates of
 * the items it changed (ADR 0075), and what refers to an item by id (a column's reminder, a user's view of a tab)
 * still finds it.
 */
export function carriedOver<T>(old: readonly T[], keyOf: (x: T) => string): (key: string) => T | undefined {
  const free = new Map<string, T[]>();
  for (const x of old) {
    const k = keyOf(x);
    const same = free.get(k);
    if (same) same.push(x);
    else free.set(k, [x]);
  }
  // Each old item is carried over once: a second item of the same key (which no dialog lets one make) is new.
  return (key) => free.get(key)?.shift();
}

/** The key of a name, as the dialogs compare names (trimmed). */
export const nameKey = (...parts: (string | null | undefined)[]): string =>
  parts.map((p) => (p ?? '').trim()).join('\u0000');

/**
 * The time stamps of a row written over `old` (or new): its creation time stays; its update time stays when every
 * field written is what `old` holds and `same` (what else the item holds, such as its services) says so too.
 */
export function stampsOver(
  old: { created_at: string; updated_at: string } | undefined,
  fields: Record<string, unknown>,
  now: string,
  same = true,
): { created_at: string; updated_at: string } {
  if (!old) return { created_at: now, updated_at: now };
  const was = old as unknown as Record<string, unknown>;
  const unchanged = same && Object.entries(fields).every(([k, v]) => was[k] === v);
  return { created_at: old.created_at, updated_at: unchanged ? old.updated_at : now };
}

/** Whether two values hold the same, whatever the order of their objects' keys. */
export const sameJson = (a: unknown, b: unknown): boolean => stableJson(a) === stableJson(b);
