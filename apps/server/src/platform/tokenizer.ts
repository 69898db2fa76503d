/**
 * The one tokenizer of the portal's searches (issue 13; the service search and the robot's question matching
 * used two with different stop-word lists): Chinese words by Intl.Segmenter, plus CJK character bigrams and
 * single characters so that compounds the segmenter splits ("补办" → 补|办) still meet. One list of function
 * and question words that say nothing about the topic. No external model.
 */

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

export const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const CJK_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;

/** Function words, question words and words every service shares ('办理', '服务', '系统'). */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  '的',
  '了',
  '吗',
  '呢',
  '吧',
  '啊',
  '呀',
  '么',
  '嘛',
  '我',
  '我们',
  '你',
  '您',
  '他',
  '她',
  '它',
  '是',
  '在',
  '有',
  '和',
  '与',
  '及',
  '或',
  '要',
  '想',
  '请',
  '请问',
  '问',
  '问一下',
  '一下',
  '怎么',
  '怎么办',
  '怎样',
  '怎么样',
  '如何',
  '什么',
  '哪里',
  '哪些',
  '哪个',
  '在哪',
  '可以',
  '能',
  '能否',
  '能不能',
  '需要',
  '应该',
  '这个',
  '那个',
  '这',
  '那',
  '还',
  '都',
  '就',
  '也',
  '吗？',
  '呢？',
  '为什么',
  '多少',
  '是否',
  '该',
  '去',
  '把',
  '被',
  '给',
  '让',
  '得',
  '地',
  '着',
  '过',
  '个',
  '些',
  '啥',
  '咋',
  '办法',
  '一些',
  '办理',
  '服务',
  '系统',
  'the',
  'a',
  'an',
  'is',
  'to',
  'of',
  'how',
  'what',
  'i',
]);
/** Characters that make no token alone nor in a bigram. */
export const STOP_CHARS: ReadonlySet<string> = new Set([
  ...'的了吗呢吧啊呀么嘛我你您他她它是在有和与及或要想请问怎样如何什哪可以能需应该这那还都就也为多少否去把被给让得地着过个些啥咋',
]);

/** word: a segmenter word; bigram: two adjacent CJK characters; char: one CJK character. */
export type TokenKind = 'word' | 'bigram' | 'char';
const RANK: Record<TokenKind, number> = { word: 3, bigram: 2, char: 1 };

/** Lower case, full-width folded (NFKC). */
export const fold = (s: string) => s.normalize('NFKC').toLowerCase();

/** The tokens of a text, each with the highest kind that produced it. */
export function tokenize(text: string): Map<string, TokenKind> {
  const norm = fold(text);
  const out = new Map<string, TokenKind>();
  const put = (t: string, kind: TokenKind) => {
    if (!t || STOP_WORDS.has(t)) return;
    const had = out.get(t);
    if (!had || RANK[had] < RANK[kind]) out.set(t, kind);
  };
  for (const s of segmenter.segment(norm)) {
    if (s.isWordLike) put(s.segment.trim(), 'word');
  }
  for (const run of norm.match(CJK_RUN) ?? []) {
    const chars = [...run];
    chars.forEach((c, i) => {
      if (!STOP_CHARS.has(c)) put(c, 'char');
      const next = chars[i + 1];
      if (next && !STOP_CHARS.has(c) && !STOP_CHARS.has(next)) put(c + next, 'bigram');
    });
  }
  return out;
}
