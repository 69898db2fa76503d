/** One field of a changed entity: its value before and after ('absent' where the entity had no such field). */
export type FieldChange = { field: string; before: unknown; after: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between two recorded states, in a readable order (before's keys, then new ones). A create
 * or a delete lists every field of the state there is; `changedOnly` false lists the unchanged ones too.
 */
export function fieldChanges(before: unknown, after: unknown, changedOnly = true): FieldChange[] {
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .map((field) => ({ field, before: b[field], after: a[field] }))
    .filter((c) => !changedOnly || before === null || after === null || !same(c.before, c.after));
}

/** A recorded value as text: strings as they are, other values as compact JSON; '—' for none. */
export function showValue(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}
