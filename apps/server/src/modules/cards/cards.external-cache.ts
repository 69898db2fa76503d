/**
 * What an external data source answered one user, kept briefly (issue 16): the home page of a user asks for every
 * card at once and again on each visit, and one person's list is not another's, so the key holds the user. Per node
 * and in memory: a few seconds of staleness is what a to-do count on a home page may show.
 */
export type ExternalAnswer = { rows: Record<string, unknown>[]; total: number; timeout: number };

export const EXTERNAL_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;

export class ExternalAnswerCache {
  private readonly entries = new Map<string, { at: number; answer: ExternalAnswer }>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  constructor(ttlMs = EXTERNAL_CACHE_TTL_MS, now: () => number = Date.now) {
    this.ttlMs = ttlMs;
    this.now = now;
  }

  get(key: string): ExternalAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (this.now() - hit.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.answer;
  }

  set(key: string, answer: ExternalAnswer): void {
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), answer });
    // The oldest entries go first once the map is full (a Map iterates in insertion order).
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
