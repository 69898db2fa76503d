import { pinyin } from 'pinyin-pro';
import { CJK, fold, tokenize } from '../../platform/tokenizer.ts';

/**
 * Service search (ADR 0018): an inverted index per tenant in memory. Every service's normalised name,
 * labels, department/scene/type and guide text is cut into single characters and character bigrams, and its
 * name's full pinyin and pinyin initials likewise; each gram lists the services holding it. A query looks up
 * the grams of its whole text and of each of its terms (the portal's one tokenizer), intersects, and scores
 * only those candidates by the same rules as before — relevance (name, pinyin, labels, groups, guide), then
 * heat (visitCount). Any service holding a 1- or 2-character query anywhere (or, for letters, in its name's
 * pinyin) is found: recall against a plain substring scan is complete.
 */

export type SearchableService = {
  id: string;
  name: string;
  labels: string;
  dept: string;
  scene: string;
  type: string;
  guide: string;
  heat: number;
  /** Who may see it (the rules of servicesRepository.visible); absent in pure index tests: everybody. */
  isPublic?: boolean;
  businessType?: string;
  /** The roles it is limited to; null or absent: every logged-in role. */
  roles?: readonly string[] | null;
};

export type IndexedService = SearchableService & {
  no: number;
  nameN: string;
  labelsN: string;
  groupsN: string;
  guideN: string;
  full: string;
  initials: string;
};

export const normalize = (s: string) => fold(s).replace(/\s+/g, '');

/** The stretch of `text` whose normalized form is `qn`, as `text` writes it (its case, width and spaces), or null. */
export function spellingIn(text: string, qn: string): string | null {
  let norm = '';
  const at: number[] = [];
  let i = 0;
  for (const ch of text) {
    const n = normalize(ch);
    for (let k = 0; k < n.length; k++) at.push(i);
    norm += n;
    i += ch.length;
  }
  const start = norm.indexOf(qn);
  if (start < 0 || !qn) return null;
  const last = at[start + qn.length - 1]!;
  return text.slice(at[start], last + (text.codePointAt(last)! > 0xffff ? 2 : 1));
}

/** Full pinyin (no tones, no spaces) and initials of a text; non-Chinese characters are kept as they are. */
export function pinyinOf(text: string): { full: string; initials: string } {
  const n = fold(text);
  if (!CJK.test(n)) {
    const plain = n.replace(/[^a-z0-9]/g, '');
    return { full: plain, initials: plain };
  }
  const full = pinyin(n, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
  const initials = pinyin(n, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' });
  const clean = (parts: string[]) => parts.join('').replace(/[^a-z0-9]/g, '');
  return { full: clean(full), initials: clean(initials) };
}

/**
 * Query terms: the tokenizer's words (a lone CJK character is no word) and bigrams, the character of a
 * one-character CJK run, and — so that no short query is lost to the stop list — a 1- or 2-character query itself.
 */
export function queryTerms(q: string): string[] {
  const out = new Set<string>();
  const toks = tokenize(q);
  for (const [t, kind] of toks) {
    if (kind === 'word' && [...t].length === 1 && CJK.test(t)) continue;
    if (kind === 'char') continue;
    out.add(t);
  }
  for (const run of fold(q).match(/[\u3400-\u9fff\uf900-\ufaff]+/g) ?? []) {
    if ([...run].length === 1 && toks.has(run)) out.add(run);
  }
  const qn = normalize(q);
  const len = [...qn].length;
  if (len >= 1 && len <= 2) out.add(qn);
  return [...out];
}

export type SearchHit = { id: string; score: number; heat: number };

/** What decides who may see a service (servicesRepository.visible's rules): the same for many services. */
export type ServiceVisibility = Pick<SearchableService, 'isPublic' | 'businessType' | 'roles'>;

const EMPTY: readonly number[] = [];
const EMPTY_BYTES = new Uint8Array(0);
/** Separates the text fields in the gram source: no gram spans two fields. */
const SEP = '\u0001';
/**
 * A posting is `no * 64 + bits`: the document number and which of its fields hold the gram — the low four bits,
 * one a field — and whether the gram starts the first or the second field (a document number stays below 2^24).
 */
const BITS = 6;
const FIELDS = 15;
/** Text postings' fields, in the order score() tries them. */
const NAME = 1;
const LABELS = 2;
const GROUPS = 4;
const GUIDE = 8;
const NAME_START = 16;
/** Pinyin postings' fields. */
const FULL = 1;
const INITIALS = 2;
const FULL_START = 16;
const INITIALS_START = 32;
/** Strings without a field separator or a surrogate: a field includes one only if it holds all its bigrams. */
const plain = (s: string) => !/[\u0001\ud800-\udfff]/.test(s);
/**
 * Strings whose postings are exact: plain, of one or two characters. For those a field's bit is set exactly when
 * the field includes the string, and a start bit exactly when the field starts with it.
 */
const exact = (s: string) => s.length <= 2 && plain(s);

/**
 * Sorted posting lists of grams (single characters and bigrams), each posting carrying the fields that hold the
 * gram. A string of three or more characters is looked up as the intersection of its bigrams' lists: a superset
 * of the documents holding it; for a plain string only documents with one field holding every bigram, with the
 * bits of those fields (the start bits then say nothing).
 */
class Postings {
  private readonly lists = new Map<string, number[]>();

  /** Adds the grams of `fields` (the i-th is bit 1 << i) for document `no` (documents are added in increasing `no`). */
  add(fields: readonly string[], no: number): void {
    const seen = new Map<string, number>();
    const mark = (g: string, bits: number) => seen.set(g, (seen.get(g) ?? 0) | bits);
    fields.forEach((text, f) => {
      const bit = 1 << f;
      const start = f < 2 ? bit << 4 : 0;
      const chars = [...text];
      for (let i = 0; i < chars.length; i++) {
        const c = chars[i]!;
        if (c === SEP) continue;
        mark(c, i === 0 ? bit | start : bit);
        const n = chars[i + 1];
        if (n !== undefined && n !== SEP) mark(c + n, i === 0 ? bit | start : bit);
      }
    });
    const base = no * (1 << BITS);
    for (const [g, bits] of seen) {
      let l = this.lists.get(g);
      if (!l) this.lists.set(g, (l = []));
      l.push(base + bits);
    }
  }

  /** Postings of the documents that hold every gram of `s` (see above; empty for an empty string). */
  candidates(s: string): readonly number[] {
    const chars = [...s];
    if (chars.length === 0) return EMPTY;
    if (chars.length === 1) return this.lists.get(s) ?? EMPTY;
    const grams = new Set<string>();
    for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!);
    const lists: Array<readonly number[]> = [];
    for (const g of grams) {
      const l = this.lists.get(g);
      if (!l) return EMPTY;
      lists.push(l);
    }
    lists.sort((a, b) => a.length - b.length);
    const sameField = plain(s);
    let acc = lists[0]!;
    for (let k = 1; k < lists.length && acc.length; k++) acc = intersect(acc, lists[k]!, sameField);
    return acc;
  }

  get grams(): number {
    return this.lists.size;
  }
}

/** Postings in both lists: with the fields both hold (`sameField`; none, none kept), or with those either holds. */
function intersect(a: readonly number[], b: readonly number[], sameField: boolean): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    const dx = x >>> BITS;
    const dy = y >>> BITS;
    if (dx === dy) {
      const bits = sameField ? x & y & FIELDS : (x | y) & FIELDS;
      if (bits) out.push(dx * (1 << BITS) + bits);
      i++;
      j++;
    } else if (dx < dy) i++;
    else j++;
  }
  return out;
}

/** A growable column of numbers by document. */
function grown<T extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(a: T, size: number): T {
  if (a.length >= size) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(1024, size * 2));
  b.set(a);
  return b;
}

export class ServiceSearchIndex {
  /** Documents by number; a replaced or removed one leaves a hole (its postings are skipped). */
  private docs: Array<IndexedService | undefined> = [];
  private byId = new Map<string, number>();
  private readonly text = new Postings();
  private readonly pinyin = new Postings();
  /**
   * By document, so that ranking reads numbers in order instead of objects: live or not, the lengths of its
   * normalised name, full pinyin and initials (the name's capped: compared only with one- and two-character
   * queries), its heat, its visibility class (documents alike in ServiceVisibility share one), and its pinyin.
   */
  private live = new Uint8Array(0);
  private nameLen = new Uint16Array(0);
  private fullLen = new Uint32Array(0);
  private initialsLen = new Uint32Array(0);
  private heats = new Float64Array(0);
  private classOf = new Uint32Array(0);
  /** Every document's full pinyin then initials, one byte a letter, from pinyinAt (longer queries are checked here). */
  private pinyinBytes = new Uint8Array(0);
  private pinyinAt = new Uint32Array(0);
  private pinyinEnd = 0;
  private readonly classes: ServiceVisibility[] = [];
  private readonly classIds = new Map<string, number>();
  private stamp = new Uint32Array(0);
  /** Per query, by document: its score so far and how many of the query's terms it holds; the documents touched. */
  private points = new Int32Array(0);
  private matched = new Uint16Array(0);
  private touched = new Int32Array(0);
  private query = 0;
  private holes = 0;

  constructor(services: SearchableService[] = []) {
    for (const s of services) this.add(s);
  }

  /** Live services. */
  get size(): number {
    return this.byId.size;
  }

  /** Share of document slots left by replaced or removed services (the owner rebuilds past a point). */
  get waste(): number {
    return this.docs.length ? this.holes / this.docs.length : 0;
  }

  get(id: string): IndexedService | undefined {
    const no = this.byId.get(id);
    return no === undefined ? undefined : this.docs[no];
  }

  /** Adds a service, or replaces the one with the same id. */
  add(s: SearchableService): void {
    this.remove(s.id);
    const { full, initials } = pinyinOf(s.name);
    const no = this.docs.length;
    const doc: IndexedService = {
      ...s,
      no,
      nameN: normalize(s.name),
      labelsN: normalize(s.labels),
      groupsN: normalize(`${s.dept}|${s.scene}|${s.type}`),
      guideN: normalize(s.guide),
      full,
      initials,
    };
    this.docs.push(doc);
    this.byId.set(s.id, no);
    this.text.add([doc.nameN, doc.labelsN, doc.groupsN, doc.guideN], no);
    this.pinyin.add([full, initials], no);
    const size = no + 1;
    this.live = grown(this.live, size);
    this.nameLen = grown(this.nameLen, size);
    this.fullLen = grown(this.fullLen, size);
    this.initialsLen = grown(this.initialsLen, size);
    this.heats = grown(this.heats, size);
    this.classOf = grown(this.classOf, size);
    this.pinyinAt = grown(this.pinyinAt, size);
    this.live[no] = 1;
    this.nameLen[no] = Math.min(doc.nameN.length, 0xffff);
    // Pinyin is letters and digits only (pinyinOf): one byte each.
    this.fullLen[no] = full.length;
    this.initialsLen[no] = initials.length;
    this.pinyinAt[no] = this.pinyinEnd;
    const both = full + initials;
    const bytes = (this.pinyinBytes = grown(this.pinyinBytes, this.pinyinEnd + both.length));
    for (let i = 0; i < both.length; i++) bytes[this.pinyinEnd++] = both.charCodeAt(i);
    this.heats[no] = doc.heat;
    const key = JSON.stringify([s.isPublic ?? null, s.businessType ?? null, s.roles ?? null]);
    let c = this.classIds.get(key);
    if (c === undefined) {
      c = this.classes.length;
      this.classes.push({ isPublic: s.isPublic, businessType: s.businessType, roles: s.roles });
      this.classIds.set(key, c);
    }
    this.classOf[no] = c;
  }

  remove(id: string): void {
    const no = this.byId.get(id);
    if (no === undefined) return;
    this.docs[no] = undefined;
    this.live[no] = 0;
    this.byId.delete(id);
    this.holes++;
  }

  /**
   * Whether a service the caller may see holds the whole of `word`, of two characters or more, in its name, its
   * labels, or its department's, scene's or type's name: not only in its guide, not only by pinyin. A searched word
   * is offered to everyone as a hot word only then, so nobody can put a phrase of their own on the landing page by
   * searching it (a search for "成绩查询 加微信…" finds 成绩查询 by its terms, but no service holds the phrase).
   * Answers the word as the catalogue spells it, or null.
   */
  namesHold(word: string, visible: (v: ServiceVisibility) => boolean): string | null {
    const qn = normalize(word);
    if ([...qn].length < 2 || !plain(qn) || qn.includes('|')) return null;
    const verdicts = new Map<number, boolean>();
    for (const p of this.text.candidates(qn)) {
      const no = p >>> BITS;
      const d = this.docs[no];
      if (!d) continue;
      const field = d.nameN.includes(qn)
        ? d.name
        : d.labelsN.includes(qn)
          ? d.labels
          : d.groupsN.includes(qn)
            ? `${d.dept}|${d.scene}|${d.type}`
            : null;
      if (field === null) continue;
      const c = this.classOf[no]!;
      let v = verdicts.get(c);
      if (v === undefined) verdicts.set(c, (v = visible(this.classes[c]!)));
      // As the catalogue spells it: VPN, not the vpn or Vpn someone typed; 图书续借, not 图书 续借.
      if (v) return spellingIn(field, qn) ?? word.trim();
    }
    return null;
  }

  /** A click raised a service's heat: ranking follows without a rebuild. */
  bump(id: string, by = 1): void {
    const d = this.get(id);
    if (d) this.heats[d.no] = d.heat += by;
  }

  setHeat(id: string, heat: number): void {
    const d = this.get(id);
    if (d) this.heats[d.no] = d.heat = heat;
  }

  /**
   * pinyinPoints() for letters of three or more (so 10 is never given), read from the pinyin bytes: only the
   * fields whose bits (posting `p`, all the query's bigrams) say they may hold them.
   */
  private longPinyinPoints(no: number, p: number, q: Uint8Array): number {
    const at = this.pinyinAt[no]!;
    const full = p & FULL ? this.fullLen[no]! : -1;
    const initials = p & INITIALS ? this.initialsLen[no]! : -1;
    const b = this.pinyinBytes;
    const initialsAt = at + this.fullLen[no]!;
    if ((initials === q.length && bytesAt(b, initialsAt, q)) || (full === q.length && bytesAt(b, at, q))) return 90;
    if ((initials >= q.length && bytesAt(b, initialsAt, q)) || (full >= q.length && bytesAt(b, at, q))) return 50;
    if (bytesIn(b, initialsAt, initials, q) || bytesIn(b, at, full, q)) return 30;
    return 0;
  }

  /**
   * A term's part of score() for the document of posting `p`: from the bits alone when they are exact, else by a
   * string search in the fields they allow.
   */
  private termPoints(p: number, no: number, t: string, tExact: boolean, most: number): number {
    if (tExact) return p & NAME ? most : p & LABELS ? 6 : p & GROUPS ? 5 : 1;
    const d = this.docs[no];
    if (!d) return 0;
    if (p & NAME && d.nameN.includes(t)) return most;
    if (p & LABELS && d.labelsN.includes(t)) return 6;
    if (p & GROUPS && d.groupsN.includes(t)) return 5;
    if (p & GUIDE && d.guideN.includes(t)) return 1;
    return 0;
  }

  /** Relevance of one service to a query; 0 when it does not match. */
  private score(d: IndexedService, qn: string, terms: string[], ascii: boolean): number {
    let s = 0;
    if (d.nameN === qn) s += 100;
    else if (d.nameN.startsWith(qn)) s += 60;
    else if (d.nameN.includes(qn)) s += 40;
    if (ascii) s += pinyinPoints(d, qn);
    let matched = 0;
    for (const t of terms) {
      let ts = 0;
      if (d.nameN.includes(t)) ts = 8 * Math.min(t.length, 4);
      else if (d.labelsN.includes(t)) ts = 6;
      else if (d.groupsN.includes(t)) ts = 5;
      else if (d.guideN.includes(t)) ts = 1;
      if (ts > 0) matched++;
      s += ts;
    }
    // A long query must meet at least half of its terms somewhere, so one common bigram does not match everything.
    if (s < 30 && terms.length > 2 && matched * 2 < terms.length) return 0;
    return s;
  }

  /** Scratch buffers large enough for every document, and a fresh stamp for one query (wrapping safely). */
  private nextQuery(): number {
    if (this.stamp.length < this.docs.length) {
      const size = Math.max(1024, this.docs.length * 2);
      this.stamp = new Uint32Array(size);
      this.points = new Int32Array(size);
      this.matched = new Uint16Array(size);
      this.touched = new Int32Array(size);
    }
    if (++this.query === 0xffffffff) {
      this.stamp.fill(0);
      this.query = 1;
    }
    return this.query;
  }

  /** Calls `visit` once for every live service that may match the query or one of its terms. */
  private forCandidates(qn: string, terms: string[], ascii: boolean, visit: (d: IndexedService) => void): void {
    const q = this.nextQuery();
    const each = (list: readonly number[]) => {
      for (const p of list) {
        const no = p >>> BITS;
        if (this.stamp[no] === q) continue;
        this.stamp[no] = q;
        const d = this.docs[no];
        if (d) visit(d);
      }
    };
    each(this.text.candidates(qn));
    for (const t of terms) each(this.text.candidates(t));
    if (ascii) each(this.pinyin.candidates(qn));
  }

  private prepare(query: string) {
    const qn = normalize(query);
    return { qn, terms: queryTerms(query), ascii: /^[a-z]+$/.test(qn) };
  }

  /**
   * Every matching service the filter lets through, by relevance, then heat, then id (for tests, the bench and
   * callers that need every hit; a page is page()).
   */
  search(query: string, allow: (id: string, doc: IndexedService) => boolean = () => true): SearchHit[] {
    const { docs } = this;
    return this.ranked(query, (no) => allow(docs[no]!.id, docs[no]!), 0, Infinity).hits;
  }

  /**
   * How many services match the query and may be seen (`visible` is asked once per visibility class, not per
   * service), and the hits ranked `from` to `to` (excluded): the same as search()'s list and its slice.
   */
  page(
    query: string,
    visible: (v: ServiceVisibility) => boolean,
    from: number,
    to: number,
  ): { total: number; hits: SearchHit[] } {
    const verdicts = new Uint8Array(this.classes.length);
    const { classOf, classes } = this;
    return this.ranked(
      query,
      (no) => {
        const c = classOf[no]!;
        if (verdicts[c] === 0) verdicts[c] = visible(classes[c]!) ? 1 : 2;
        return verdicts[c] === 1;
      },
      from,
      to,
    );
  }

  /**
   * The ranking of search() and page(). Scores are summed per service from the posting lists: a service is
   * touched only through the list of the whole query (its text or, for letters, its pinyin) or of one of its
   * terms, and nothing else can score. For a query or term of one or two characters the postings' bits say
   * exactly which fields hold it and whether the name (the pinyin) starts with it, and the lengths kept by
   * document whether it is the whole name, so its part of score() needs no string search and no document object;
   * longer ones are checked with a string search, only in the fields whose bits say they may hold them. Strings
   * with a field separator or a surrogate are scored by score() itself. The best `to` are kept in a heap whose
   * root is the worst of them, so most matches cost a comparison of numbers; the order is total (ids are unique),
   * so the page is exactly the sorted list's slice.
   */
  private ranked(
    query: string,
    allow: (no: number) => boolean,
    from: number,
    to: number,
  ): { total: number; hits: SearchHit[] } {
    const { qn, terms, ascii } = this.prepare(query);
    if (!qn) return { total: 0, hits: [] };
    const q = this.nextQuery();
    const { stamp, points, matched, touched, docs, live, heats } = this;
    let n = 0;
    const slow = !plain(qn) || terms.some((t) => !plain(t));
    const lists = new Map<string, readonly number[]>();
    const listOf = (t: string) => {
      let l = lists.get(t);
      if (!l) lists.set(t, (l = this.text.candidates(t)));
      return l;
    };
    const qLen = qn.length;
    const qExact = exact(qn);
    const qBytes = ascii ? Uint8Array.from(qn, (c) => c.charCodeAt(0)) : EMPTY_BYTES;

    // The whole query in the name: all of it 100, its start 60, anywhere 40; and as a term when it is one.
    const qTerm = terms.includes(qn);
    const qMost = 8 * Math.min(qLen, 4);
    for (const p of listOf(qn)) {
      const no = p >>> BITS;
      if (stamp[no] !== q) {
        stamp[no] = q;
        points[no] = 0;
        matched[no] = 0;
        touched[n++] = no;
      }
      if (slow) continue;
      if (p & NAME) {
        if (qExact) points[no]! += this.nameLen[no] === qLen ? 100 : p & NAME_START ? 60 : 40;
        else {
          const name = docs[no]?.nameN;
          if (name === undefined) continue;
          if (name === qn) points[no]! += 100;
          else if (name.startsWith(qn)) points[no]! += 60;
          else if (name.includes(qn)) points[no]! += 40;
        }
      }
      if (qTerm) {
        const ts = this.termPoints(p, no, qn, qExact, qMost);
        if (ts > 0) {
          points[no]! += ts;
          matched[no]!++;
        }
      }
    }
    // Letters in the name's pinyin (pinyinPoints).
    if (ascii) {
      for (const p of this.pinyin.candidates(qn)) {
        const no = p >>> BITS;
        if (stamp[no] !== q) {
          stamp[no] = q;
          points[no] = 0;
          matched[no] = 0;
          touched[n++] = no;
        }
        if (slow) continue;
        if (qExact)
          points[no]! +=
            (p & INITIALS && this.initialsLen[no] === qLen) || (p & FULL && this.fullLen[no] === qLen)
              ? 90
              : p & (FULL_START | INITIALS_START)
                ? 50
                : p & INITIALS
                  ? 30
                  : 10;
        else if (live[no]) points[no]! += this.longPinyinPoints(no, p, qBytes);
      }
    }
    // Each term in the first field holding it: the name 8 a character (at most 32), labels 6, groups 5, guide 1.
    for (const t of terms) {
      if (t === qn) continue;
      const most = 8 * Math.min(t.length, 4);
      const tExact = exact(t);
      for (const p of listOf(t)) {
        const no = p >>> BITS;
        if (stamp[no] !== q) {
          stamp[no] = q;
          points[no] = 0;
          matched[no] = 0;
          touched[n++] = no;
        }
        if (slow) continue;
        const ts = this.termPoints(p, no, t, tExact, most);
        if (ts > 0) {
          points[no]! += ts;
          matched[no]!++;
        }
      }
    }

    // Ranking: higher score first, then higher heat, then the smaller id.
    const order = (a: number, b: number) =>
      points[b]! - points[a]! ||
      heats[b]! - heats[a]! ||
      (docs[a]!.id < docs[b]!.id ? -1 : docs[a]!.id > docs[b]!.id ? 1 : 0);
    const worse = (a: number, b: number) => order(a, b) > 0;
    // A long query must meet at least half of its terms somewhere (score()'s last rule).
    const half = terms.length > 2 ? terms.length : 0;
    const heap: number[] = [];
    const keep = Math.max(0, to);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const no = touched[i]!;
      if (!live[no]) continue;
      if (slow) points[no] = this.score(docs[no]!, qn, terms, ascii);
      else if (points[no]! < 30 && matched[no]! * 2 < half) continue;
      if (points[no]! <= 0 || !allow(no)) continue;
      total++;
      if (heap.length < keep) {
        if (keep === Infinity) heap.push(no);
        else heapUp(heap, no, worse);
      } else if (keep > 0 && worse(heap[0]!, no)) heapDown(heap, no, worse);
    }
    heap.sort(order);
    const hits = heap
      .slice(Math.max(0, from))
      .map((no) => ({ id: docs[no]!.id, score: points[no]!, heat: docs[no]!.heat }));
    return { total, hits };
  }

  /** The same ranking by scoring every service (what the index must agree with; for tests and the bench). */
  scanAll(query: string): SearchHit[] {
    const { qn, terms, ascii } = this.prepare(query);
    if (!qn) return [];
    const hits: SearchHit[] = [];
    for (const d of this.docs) {
      if (!d) continue;
      const score = this.score(d, qn, terms, ascii);
      if (score > 0) hits.push({ id: d.id, score, heat: d.heat });
    }
    return hits.sort(byRank);
  }

  /** guide/lucene/search: services whose guide matches, with a snippet around the first match. */
  searchGuides(
    query: string,
    allow: (doc: IndexedService) => boolean,
    size: number,
  ): Array<{ id: string; name: string; score: number; snippet: string }> {
    const { qn, terms } = this.prepare(query);
    if (!qn) return [];
    const out: Array<{ id: string; name: string; score: number; snippet: string }> = [];
    this.forCandidates(qn, terms, false, (d) => {
      if (!d.guide || !allow(d)) return;
      let score = d.guideN.includes(qn) ? 20 : 0;
      for (const t of terms) if (d.guideN.includes(t)) score += 2;
      if (d.nameN.includes(qn)) score += 10;
      if (score === 0) return;
      const at = Math.max(
        0,
        ...[qn, ...terms]
          .map((t) => d.guide.indexOf(t))
          .filter((i) => i >= 0)
          .slice(0, 1),
      );
      out.push({ id: d.id, name: d.name, score, snippet: d.guide.slice(Math.max(0, at - 20), at + 60) });
    });
    return out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, size);
  }
}

/** Whether `b` holds `q` at `at`. */
function bytesAt(b: Uint8Array, at: number, q: Uint8Array): boolean {
  for (let i = 0; i < q.length; i++) if (b[at + i] !== q[i]) return false;
  return true;
}

/** Whether the `len` bytes of `b` from `at` hold `q` (a negative `len`: no). */
function bytesIn(b: Uint8Array, at: number, len: number, q: Uint8Array): boolean {
  const first = q[0];
  for (let i = at, last = at + len - q.length; i <= last; i++) if (b[i] === first && bytesAt(b, i, q)) return true;
  return false;
}

/** Letters in a name's pinyin: all of it 90, its start 50, in the initials or 3+ letters in the full pinyin 30, else 10. */
function pinyinPoints(d: IndexedService, qn: string): number {
  if (d.initials === qn || d.full === qn) return 90;
  if (d.initials.startsWith(qn) || d.full.startsWith(qn)) return 50;
  if (d.initials.includes(qn) || (qn.length >= 3 && d.full.includes(qn))) return 30;
  if (d.full.includes(qn)) return 10;
  return 0;
}

/** The order of hits: higher score first, then higher heat, then the smaller id (ids are unique: a total order). */
const byRank = (a: SearchHit, b: SearchHit) =>
  b.score - a.score || b.heat - a.heat || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Adds `x` to a heap whose root is its worst element (`worse(a, b)`: a ranks after b). */
function heapUp(heap: number[], x: number, worse: (a: number, b: number) => boolean): void {
  let i = heap.length;
  heap.push(x);
  while (i > 0) {
    const up = (i - 1) >> 1;
    if (!worse(x, heap[up]!)) break;
    heap[i] = heap[up]!;
    i = up;
  }
  heap[i] = x;
}

/** Replaces the heap's root (its worst element) with `x`. */
function heapDown(heap: number[], x: number, worse: (a: number, b: number) => boolean): void {
  const n = heap.length;
  let i = 0;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && worse(heap[c + 1]!, heap[c]!)) c++;
    if (!worse(heap[c]!, x)) break;
    heap[i] = heap[c]!;
    i = c;
  }
  heap[i] = x;
}
