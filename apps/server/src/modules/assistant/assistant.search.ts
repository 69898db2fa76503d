/**
 * The robot's question matching: Chinese word segmentation with Intl.Segmenter, plus CJK character bigrams
 * and single characters so that compounds the segmenter splits ("补办" → 补|办) still meet, weighted by
 * inverse document frequency. No external model.
 */

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Function words and question words that say nothing about the topic. */
const STOP_WORDS = new Set([
  '的', '了', '吗', '呢', '吧', '啊', '呀', '么', '嘛', '我', '我们', '你', '您', '他', '她', '它', '是', '在', '有', '和', '与', '及', '或',
  '要', '想', '请', '请问', '问', '问一下', '一下', '怎么', '怎么办', '怎样', '怎么样', '如何', '什么', '哪里', '哪些', '哪个', '可以', '能', '能否',
  '能不能', '需要', '应该', '这个', '那个', '这', '那', '还', '都', '就', '也', '吗？', '呢？', '为什么', '多少', '是否', '该', '去', '把', '被',
  '给', '让', '得', '地', '着', '过', '个', '些', '啥', '咋', '办法', '一些', 'the', 'a', 'an', 'is', 'to', 'of', 'how', 'what', 'i',
]);
const STOP_CHARS = new Set([...'的了吗呢吧啊呀么嘛我你您他她它是在有和与及或要想请问怎样如何什哪可以能需应该这那还都就也为多少否去把被给让得地着过个些啥咋']);

const CJK = /[\u3400-\u9fff\uf900-\ufaff]+/g;

/** Query weights by token kind: whole words count most, bigrams less, single characters least. */
const WORD = 1;
const BIGRAM = 0.6;
const CHAR = 0.25;

/** Tokens of a text with their weight (the highest kind that produced each token). */
export function tokenize(text: string): Map<string, number> {
  const norm = text.normalize('NFKC').toLowerCase();
  const out = new Map<string, number>();
  const put = (t: string, w: number) => {
    if (!t || STOP_WORDS.has(t)) return;
    out.set(t, Math.max(out.get(t) ?? 0, w));
  };
  for (const s of segmenter.segment(norm)) {
    if (s.isWordLike) put(s.segment.trim(), WORD);
  }
  for (const run of norm.match(CJK) ?? []) {
    const chars = [...run];
    chars.forEach((c, i) => {
      if (!STOP_CHARS.has(c)) put(c, CHAR);
      const next = chars[i + 1];
      if (next && !STOP_CHARS.has(c) && !STOP_CHARS.has(next)) put(c + next, BIGRAM);
    });
  }
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
