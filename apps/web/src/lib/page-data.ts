/**
 * Data the server wrote into the page as a `<script type="application/json" id="{id}">` (ADR 0053, 0061): the JSON
 * read, or null when the page carries none or it does not read. Read once: the element is taken out of the page, so a
 * later visit to the same route in this page load asks the server, never for an answer as old as the page. Its shape
 * is the caller's to check.
 */
export function takePageData<T>(id: string): Partial<T> | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!element) return null;
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    return isRecord(data) ? (data as Partial<T>) : null;
  } catch {
    return null;
  }
}

/** A JSON object (not null, not an array). */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
