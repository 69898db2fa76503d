/**
 * The robot's question matching: Chinese word segmentation with Intl.Segmenter, plus CJK character bigrams
 * and single characters so that compounds the segmenter splits ("补办" → 补|办) still meet, weighted by
 * inverse document frequency. No external model. The tokenizer is the portal's one (platform/tokenizer.ts).
 */
import { fold, tokenize as tokenizeText, type TokenKind } from '../../platform/tokenizer.ts';

/** How much a question word that no entry knows counts against a match, of what a known word of its rarity would. */
const UNKNOWN_WORD_SHARE = 0.35;

/** Query weights by token kind: whole words count most, bigrams less, single characters least. */
const WEIGHT: Record<TokenKind, number> = { word: 1, bigram: 0.6, char: 0.25 };

/**
 * Words of how people ask that say nothing of the topic, beyond the portal's stop words (the robot only: the
 * service search keeps its list): "怎么弄", "找谁", "在哪看".
 */
const FILLER: ReadonlySet<string> = new Set([
  '弄',
  '怎么弄',
  '找',
  '找谁',
  '谁',
  '看',
  '在哪',
  '哪',
  '哪儿',
  '几',
  '吗',
  '自己',
  '的话',
  '时候',
  '什么时候',
  '可以',
  '一个',
  '个',
  '会',
  '现在',
  '今天',
  '里',
  '到',
  '用',
  '上',
  '了',
  '能',
  '该',
  '觉得',
  '问题',
]);

/**
 * Colloquial words and their FAQ words (synonyms and paraphrases): a question's word also matches these. The
 * administrators add more per entry (its synonyms field).
 */
export const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  饭卡: ['校园卡'],
  一卡通: ['校园卡'],
  不见: ['丢失'],
  掉了: ['丢失'],
  丢了: ['丢失'],
  弄丢: ['丢失'],
  丢: ['丢失'],
  充钱: ['充值'],
  充: ['充值'],
  没钱: ['充值'],
  vpn: ['vpn', '校外', '内网'],
  在家: ['校外'],
  家里: ['校外'],
  知网: ['数据库', '内网'],
  数据库: ['数据库', '内网'],
  网络: ['校园网'],
  宽带: ['校园网'],
  wifi: ['校园网'],
  网费: ['校园网', '缴费', '上网'],
  登不上: ['登录', '密码'],
  统一认证: ['统一身份认证'],
  生病: ['缓考'],
  去不了: ['缓考'],
  退课: ['退选'],
  分数: ['成绩'],
  gpa: ['绩点'],
  在校证明: ['在读证明'],
  换专业: ['转专业'],
  专业: ['转专业'],
  补助: ['助学金'],
  补贴: ['助学金'],
  困难: ['困难认定', '助学金'],
  假: ['请假'],
  回执: ['回执'],
  交: ['缴纳', '提交'],
  报账: ['报销'],
  工资条: ['工资', '查询'],
  忘了: ['忘记'],
  门户: ['登录', '账号'],
  回家: ['离校'],
  修: ['报修', '维修'],
  坏了: ['报修'],
  寝室: ['宿舍'],
  换寝室: ['调换', '宿舍'],
  换宿舍: ['调换', '宿舍'],
  约: ['预约'],
  自习室: ['座位', '自习'],
  几本: ['借阅', '借书'],
  借: ['借书'],
  续借: ['续借'],
};

/** Tokens of a text with their weight (the highest kind that produced each token), by the portal's one tokenizer. */
export function tokenize(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const [t, kind] of tokenizeText(text)) if (!FILLER.has(t)) out.set(t, WEIGHT[kind]);
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
    // Synonyms and paraphrases: a colloquial word in the question also asks for the FAQ's words for it.
    const folded = fold(query);
    for (const [word, alts] of Object.entries(SYNONYMS))
      if (folded.includes(word))
        for (const alt of alts) for (const t of tokenize(alt).keys()) if (!q.has(t)) q.set(t, WEIGHT.word);
    if (q.size === 0 || this.docs.length === 0) return [];
    // A word no entry knows counts against the match, but less than a known one: how people ask varies more
    // than what they ask about.
    const worth = (t: string) => (this.df.has(t) ? this.idf(t) : this.idf(t) * UNKNOWN_WORD_SHARE);
    let possible = 0;
    for (const [t, w] of q) possible += w * worth(t);
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
    return hits.sort((x, y) => y.score - x.score).slice(0, limit);
  }
}

/** A question counts as answered when the best match covers at least this share of it. */
export const ANSWER_COVERAGE = 0.5;
/** Other questions are offered as related above this share. */
export const RELATED_COVERAGE = 0.2;

/** The fields of an FAQ entry as the index weighs them: question, keywords and synonyms fully, the answer less. */
export function faqSearchDoc<T>(f: {
  item: T;
  question: string;
  keywords: string;
  answer: string;
  synonyms?: string;
}): SearchDoc<T> {
  return {
    item: f.item,
    fields: [
      { text: f.question, weight: 1 },
      { text: f.keywords, weight: 1 },
      { text: f.synonyms ?? '', weight: 1 },
      { text: f.answer, weight: 0.4 },
    ],
  };
}

/** The answer to give, or null when the best match does not cover the question well enough. */
export function chooseAnswer<T>(hits: ReadonlyArray<Hit<T>>): Hit<T> | null {
  const [best, second] = hits;
  if (!best || best.coverage < ANSWER_COVERAGE) return null;
  // Two entries match almost as well and neither covers the question fully: rather no answer than a guess.
  if (second && second.score >= best.score * AMBIGUOUS_RATIO && best.coverage < CLEAR_COVERAGE) return null;
  return best;
}
/** A runner-up this close to the best makes a partial match ambiguous. */
export const AMBIGUOUS_RATIO = 0.9;
/** A match covering this much of the question is given even with a close runner-up. */
export const CLEAR_COVERAGE = 0.8;
