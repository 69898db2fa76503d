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

const EMPTY: readonly number[] = [];
/** Separates the text fields in the gram source: no gram spans two fields. */
const SEP = '\u0001';

/** Sorted posting lists of grams (single characters and bigrams). */
class Postings {
  private readonly lists = new Map<string, number[]>();

  /** Adds the grams of `text` for document `no` (documents are added in increasing `no`). */
  add(text: string, no: number): void {
    const chars = [...text];
    const seen = new Set<string>();
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i]!;
      if (c === SEP) continue;
      seen.add(c);
      const n = chars[i + 1];
      if (n !== undefined && n !== SEP) seen.add(c + n);
    }
    for (const g of seen) {
      let l = this.lists.get(g);
      if (!l) this.lists.set(g, (l = []));
      l.push(no);
    }
  }

  /** Documents that hold every gram of `s` (a superset of those holding `s`; empty for an empty string). */
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
    let acc = lists[0]!;
    for (let k = 1; k < lists.length && acc.length; k++) acc = intersect(acc, lists[k]!);
    return acc;
  }

  get grams(): number {
    return this.lists.size;
  }
}

function intersect(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out;
}

export class ServiceSearchIndex {
  /** Documents by number; a replaced or removed one leaves a hole (its postings are skipped). */
  private docs: Array<IndexedService | undefined> = [];
  private byId = new Map<string, number>();
  private readonly text = new Postings();
  private readonly pinyin = new Postings();
  private stamp = new Uint32Array(0);
  /** Per query, by document: how many term lists hold it, the most its terms could score, whether it may hold the query. */
  private lists = new Uint16Array(0);
  private bound = new Float64Array(0);
  private strong = new Uint8Array(0);
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
    this.text.add([doc.nameN, doc.labelsN, doc.groupsN, doc.guideN].join(SEP), no);
    this.pinyin.add(`${full}${SEP}${initials}`, no);
  }

  remove(id: string): void {
    const no = this.byId.get(id);
    if (no === undefined) return;
    this.docs[no] = undefined;
    this.byId.delete(id);
    this.holes++;
  }

  /** A click raised a service's heat: ranking follows without a rebuild. */
  bump(id: string, by = 1): void {
    const d = this.get(id);
    if (d) d.heat += by;
  }

  setHeat(id: string, heat: number): void {
    const d = this.get(id);
    if (d) d.heat = heat;
  }

  /** Relevance of one service to a query; 0 when it does not match. */
  private score(d: IndexedService, qn: string, terms: string[], ascii: boolean): number {
    let s = 0;
    if (d.nameN === qn) s += 100;
    else if (d.nameN.startsWith(qn)) s += 60;
    else if (d.nameN.includes(qn)) s += 40;
    if (ascii) {
      let p = 0;
      if (d.initials === qn || d.full === qn) p = 90;
      else if (d.initials.startsWith(qn) || d.full.startsWith(qn)) p = 50;
      else if (d.initials.includes(qn) || (qn.length >= 3 && d.full.includes(qn))) p = 30;
      else if (d.full.includes(qn)) p = 10;
      s += p;
    }
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
      this.lists = new Uint16Array(size);
      this.bound = new Float64Array(size);
      this.strong = new Uint8Array(size);
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
      for (const no of list) {
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
   * Every matching service the filter lets through, by relevance then heat. Services that may hold the whole
   * query (its text or, for letters, its pinyin) are scored; a service reached only through terms is skipped
   * when it cannot pass the scoring rule — in fewer than half the term lists of a 3+-term query, and below 30
   * even if every term it may hold were in its name — which is exactly when score() would give it 0.
   */
  search(query: string, allow: (id: string, doc: IndexedService) => boolean = () => true): SearchHit[] {
    const { qn, terms, ascii } = this.prepare(query);
    if (!qn) return [];
    const q = this.nextQuery();
    const touched: number[] = [];
    const touch = (no: number) => {
      if (this.stamp[no] === q) return;
      this.stamp[no] = q;
      this.lists[no] = 0;
      this.bound[no] = 0;
      this.strong[no] = 0;
      touched.push(no);
    };
    for (const no of this.text.candidates(qn)) {
      touch(no);
      this.strong[no] = 1;
    }
    if (ascii) {
      for (const no of this.pinyin.candidates(qn)) {
        touch(no);
        this.strong[no] = 1;
      }
    }
    for (const t of terms) {
      const most = 8 * Math.min(t.length, 4);
      for (const no of this.text.candidates(t)) {
        touch(no);
        this.lists[no]!++;
        this.bound[no]! += most;
      }
    }
    const prune = terms.length > 2;
    const hits: SearchHit[] = [];
    for (const no of touched) {
      const d = this.docs[no];
      if (!d) continue;
      if (prune && !this.strong[no] && this.lists[no]! * 2 < terms.length && this.bound[no]! < 30) continue;
      const score = this.score(d, qn, terms, ascii);
      if (score > 0 && allow(d.id, d)) hits.push({ id: d.id, score, heat: d.heat });
    }
    return hits.sort(byRank);
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
    allow: (id: string, doc: IndexedService) => boolean,
    size: number,
  ): Array<{ id: string; name: string; score: number; snippet: string }> {
    const { qn, terms } = this.prepare(query);
    if (!qn) return [];
    const out: Array<{ id: string; name: string; score: number; snippet: string }> = [];
    this.forCandidates(qn, terms, false, (d) => {
      if (!d.guide || !allow(d.id, d)) return;
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

const byRank = (a: SearchHit, b: SearchHit) =>
  b.score - a.score || b.heat - a.heat || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
