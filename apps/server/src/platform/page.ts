/** A BladeX page (the spec's paged answers): the records of page `current` of `size`, of `total` in `pages` pages. */
export type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };

/** The page envelope every paged list answers with; built here alone so the modules cannot drift apart. */
export function pageResult<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, size, current, pages: Math.ceil(total / size) };
}
