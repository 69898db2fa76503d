import { pinyin } from 'pinyin-pro';

/**
 * Service search: an in-memory index per tenant (ARCHITECTURE: "in-memory index built from the database,
 * Chinese word segmentation with Intl.Segmenter"). Matches the name, labels, department, scene, type and
 * guide text by Chinese words and character bigrams, and the name by full pinyin and initials
 * ('cjcx' → 成绩查询). Ranked by relevance, then heat (visitCount).
 */

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const CJK_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const STOP = new Set(['的', '了', '和', '与', '及', '我', '要', '想', '怎么', '如何', '在哪', '哪里', '办理', '服务', '系统']);

export type SearchableService = {
  id: string;
  name: string;
  labels: string;
  dept: string;
  scene: string;
  type: string;
  guide: string;
  heat: number;
};

type Doc = SearchableService & {
  nameN: string;
  labelsN: string;
  groupsN: string;
  guideN: string;
  full: string;
  initials: string;
};

export const normalize = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

/** Full pinyin (no tones, no spaces) and initials of a text; non-Chinese characters are kept as they are. */
export function pinyinOf(text: string): { full: string; initials: string } {
  const n = text.normalize('NFKC').toLowerCase();
  if (!CJK.test(n)) {
    const plain = n.replace(/[^a-z0-9]/g, '');
    return { full: plain, initials: plain };
  }
  const full = pinyin(n, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
  const initials = pinyin(n, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' });
  const clean = (parts: string[]) => parts.join('').replace(/[^a-z0-9]/g, '');
  return { full: clean(full), initials: clean(initials) };
}

/** Query terms: the segmenter's words plus CJK bigrams, without function words. */
export function queryTerms(q: string): string[] {
  const norm = q.normalize('NFKC').toLowerCase();
  const out = new Set<string>();
  for (const s of segmenter.segment(norm)) {
    const w = s.segment.trim();
    if (s.isWordLike && w && !STOP.has(w) && (w.length > 1 || !CJK.test(w))) out.add(w);
  }
  for (const run of norm.match(CJK_RUN) ?? []) {
    const chars = [...run];
    if (chars.length === 1 && !STOP.has(run)) out.add(run);
    for (let i = 0; i + 1 < chars.length; i++) {
      const b = chars[i]! + chars[i + 1]!;
      if (!STOP.has(b)) out.add(b);
    }
  }
  return [...out];
}

export type SearchHit = { id: string; score: number; heat: number };

export class ServiceSearchIndex {
  private docs: Doc[] = [];
  private byId = new Map<string, Doc>();

  constructor(services: SearchableService[]) {
    for (const s of services) this.add(s);
  }

  get size(): number {
    return this.docs.length;
  }

  add(s: SearchableService): void {
    const { full, initials } = pinyinOf(s.name);
    const doc: Doc = {
      ...s,
      nameN: normalize(s.name),
      labelsN: normalize(s.labels),
      groupsN: normalize(`${s.dept}|${s.scene}|${s.type}`),
      guideN: normalize(s.guide),
      full,
      initials,
    };
    this.docs.push(doc);
    this.byId.set(s.id, doc);
  }

  /** A click raised a service's heat: ranking follows without a rebuild. */
  bump(id: string, by = 1): void {
    const d = this.byId.get(id);
    if (d) d.heat += by;
  }

  /** Relevance of one service to a query; 0 when it does not match. */
  private score(d: Doc, qn: string, terms: string[], ascii: boolean): number {
    let s = 0;
    if (d.nameN === qn) s += 100;
    else if (d.nameN.startsWith(qn)) s += 60;
    else if (d.nameN.includes(qn)) s += 40;
    if (ascii && qn.length >= 2) {
      let p = 0;
      if (d.initials === qn || d.full === qn) p = 90;
      else if (d.initials.startsWith(qn) || d.full.startsWith(qn)) p = 50;
      else if (d.initials.includes(qn) || (qn.length >= 3 && d.full.includes(qn))) p = 30;
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

  /** Every matching service the filter lets through, by relevance then heat. */
  search(query: string, allow: (id: string) => boolean = () => true): SearchHit[] {
    const qn = normalize(query);
    if (!qn) return [];
    const terms = queryTerms(query);
    const ascii = /^[a-z]+$/.test(qn);
    const hits: SearchHit[] = [];
    for (const d of this.docs) {
      const score = this.score(d, qn, terms, ascii);
      if (score > 0 && allow(d.id)) hits.push({ id: d.id, score, heat: d.heat });
    }
    hits.sort((a, b) => b.score - a.score || b.heat - a.heat || (a.id < b.id ? -1 : 1));
    return hits;
  }

  /** guide/lucene/search: services whose guide matches, with a snippet around the first match. */
  searchGuides(query: string, allow: (id: string) => boolean, size: number): Array<{ id: string; name: string; score: number; snippet: string }> {
    const terms = queryTerms(query);
    const qn = normalize(query);
    const out: Array<{ id: string; name: string; score: number; snippet: string }> = [];
    for (const d of this.docs) {
      if (!d.guide || !allow(d.id)) continue;
      let score = d.guideN.includes(qn) ? 20 : 0;
      for (const t of terms) if (d.guideN.includes(t)) score += 2;
      if (d.nameN.includes(qn)) score += 10;
      if (score === 0) continue;
      const at = Math.max(0, ...[qn, ...terms].map((t) => d.guide.indexOf(t)).filter((i) => i >= 0).slice(0, 1));
      out.push({ id: d.id, name: d.name, score, snippet: d.guide.slice(Math.max(0, at - 20), at + 60) });
    }
    return out.sort((a, b) => b.score - a.score).slice(0, size);
  }
}

/** Indexes per database handle and tenant; rebuilt after TTL so other nodes' changes arrive. */
const INDEX_TTL_MS = 60_000;
const caches = new WeakMap<object, Map<string, { index: Promise<ServiceSearchIndex>; builtAt: number }>>();

export function cachedIndex(owner: object, tenantId: string, build: () => Promise<ServiceSearchIndex>): Promise<ServiceSearchIndex> {
  let m = caches.get(owner);
  if (!m) caches.set(owner, (m = new Map()));
  const hit = m.get(tenantId);
  if (hit && Date.now() - hit.builtAt < INDEX_TTL_MS) return hit.index;
  const index = build();
  m.set(tenantId, { index, builtAt: Date.now() });
  index.catch(() => m.delete(tenantId));
  return index;
}

/** Drops a tenant's index (services or guides changed). */
export function invalidateIndex(owner: object, tenantId: string): void {
  caches.get(owner)?.delete(tenantId);
}

/** The already-built index of a tenant, if any (to bump heat on clicks). */
export async function existingIndex(owner: object, tenantId: string): Promise<ServiceSearchIndex | null> {
  const hit = caches.get(owner)?.get(tenantId);
  return hit ? hit.index : null;
}
