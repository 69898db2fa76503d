/**
 * The robot's question matching: Chinese word segmentation with Intl.Segmenter, plus CJK character bigrams
 * and single characters so that compounds the segmenter splits ("补办" → 补|办) still meet, weighted by
 * inverse document frequency. No external model. The tokenizer is the portal's one (platform/tokenizer.ts).
 */
import { tokenize as tokenizeText, type TokenKind } from '../../platform/tokenizer.ts';

/** Query weights by token kind: whole words count most, bigrams less, single characters least. */
const WEIGHT: Record<TokenKind, number> = { word: 1, bigram: 0.6, char: 0.25 };

/** Tokens of a text with their weight (the highest kind that produced each token), by the portal's one tokenizer. */
export function tokenize(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const [t, kind] of tokenizeText(text)) out.set(t, WEIGHT[kind]);
  return out;
}

export type SearchDoc<T> = {
  item: T;
  /** Text fields with how much a match in them counts (question and keywords 1, answer less). */
  fields: Array<{ text: string; weight: number }>;
};

export type Hit<T> = { item: T; score: number; coverage: number };

/** An index over a tenant's documents (FAQ entries, service guides). */
export class SearchIndex<T> {
  private readonly docs: Array<{ item: T; tokens: Map<string, number> }>;
  private readonly df = new Map<string, number>();

  constructor(docs: Array<SearchDoc<T>>) {
    this.docs = docs.map((d) => {
      const tokens = new Map<string, number>();
      for (const f of d.fields) {
        for (const t of tokenize(f.text).keys()) tokens.set(t, Math.max(tokens.get(t) ?? 0, f.weight));
      }
      return { item: d.item, tokens };
    });
    for (const d of this.docs) for (const t of d.tokens.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
  }

  get size(): number {
    return this.docs.length;
  }

  private idf(t: string): number {
    const n = this.docs.length;
    const df = this.df.get(t) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /**
   * Documents ranked for a query. coverage is the share of the query's information (its tokens weighted by
   * rarity; a word no document knows counts fully against) that the document matches: 1 is a full match.
   */
  search(query: string, limit: number): Array<Hit<T>> {
    const q = tokenize(query);
    if (q.size === 0 || this.docs.length === 0) return [];
    let possible = 0;
    for (const [t, w] of q) possible += w * this.idf(t);
    if (possible <= 0) return [];
    const hits: Array<Hit<T>> = [];
    for (const d of this.docs) {
      let score = 0;
      for (const [t, w] of q) {
        const field = d.tokens.get(t);
        if (field) score += w * field * this.idf(t);
      }
      if (score > 0) hits.push({ item: d.item, score, coverage: Math.min(1, score / possible) });
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, limit);
  }
}

/** A question counts as answered when the best match covers at least this share of it. */
export const ANSWER_COVERAGE = 0.5;
/** Other questions are offered as related above this share. */
export const RELATED_COVERAGE = 0.2;
