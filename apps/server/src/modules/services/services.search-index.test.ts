import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServices } from '../../db/seed/catalogue.ts';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { tokenize } from '../../platform/tokenizer.ts';
import { tokenize as assistantTokenize } from '../assistant/assistant.search.ts';
import { bumpCatalogue } from './catalogue-version.ts';
import { SLICE, indexSettled, searchIndexFor } from './search-indexes.ts';
import { sql } from 'kysely';
import { flushSearchWords, recordSearchWord, searchWordsSettled } from './search-words.ts';
import { ServiceSearchIndex, normalize, type SearchableService, type ServiceVisibility } from './services.search.ts';

/**
 * Issue 13: the inverted index finds exactly what a plain substring scan finds for 1- and 2-character queries
 * (pinyin included), ranks every query exactly as scoring every service does, and is kept current on change
 * without a whole rebuild on the request path.
 */

const PREFIXES = [
  '',
  '本科生',
  '研究生',
  '留学生',
  '东校区',
  '西校区',
  '医学部',
  '国际学院',
  '新闻学院',
  '法学院',
  '理学院',
  '工学院',
  '体育部',
  '档案馆',
  '校医院分院',
];
const GUIDES = [
  '本校在籍学生均可办理，所需材料本人有效身份证件或校园卡',
  '登录网上办事服务大厅，进入系统在线填写',
  '咨询电话010-62753505，工作日8:00-17:00',
  '',
];

/** A generated catalogue: every demo service under every prefix, with guides, labels, heat and visibility. */
function catalogue(): SearchableService[] {
  const demo = demoServices();
  const out: SearchableService[] = [];
  PREFIXES.forEach((p, k) =>
    demo.forEach((s, i) =>
      out.push({
        id: `g-${k}-${i}`,
        name: `${p}${s.name}`,
        labels: `${s.labelName} ${s.shelfLabelName}`,
        dept: s.dept,
        scene: s.scene,
        type: s.type,
        guide: GUIDES[(i + k) % GUIDES.length]!,
        // Few heats, so that equal scores with equal heats are common and the id decides.
        heat: i % 3 === 0 ? 10 : (s.visitCount * (k + 3)) % 100_000,
        isPublic: (i + k) % 3 !== 0,
        businessType: ['service', 'matter', 'app'][i % 3]!,
        roles: i % 5 === 0 ? ['r-teacher'] : i % 7 === 0 ? ['r-student', 'r-teacher'] : null,
      }),
    ),
  );
  return out;
}

/** The reference: every service holding the query in a text field, or (letters) in its name's pinyin. */
function substringScan(index: ServiceSearchIndex, services: SearchableService[], q: string): string[] {
  const qn = normalize(q);
  const ascii = /^[a-z]+$/.test(qn);
  return services
    .filter((s) => {
      const d = index.get(s.id)!;
      if (
        [d.nameN, d.labelsN, normalize(s.dept), normalize(s.scene), normalize(s.type), d.guideN].some((f) =>
          f.includes(qn),
        )
      )
        return true;
      return ascii && (d.full.includes(qn) || d.initials.includes(qn));
    })
    .map((s) => s.id)
    .sort();
}

/**
 * Recall: every service the scan finds is found. For queries of Chinese characters or of letters alone the two
 * sets are the same; a query mixing punctuation and a character (')申') is also matched by that character.
 */
function expectRecall(index: ServiceSearchIndex, services: SearchableService[], q: string): void {
  const found = index
    .search(q)
    .map((h) => h.id)
    .sort();
  const scan = substringScan(index, services, q);
  if (/^([\u3400-\u9fff]{1,2}|[a-z]{1,2})$/.test(q)) expect(found, q).toEqual(scan);
  else {
    const got = new Set(found);
    expect(
      scan.filter((id) => !got.has(id)),
      q,
    ).toEqual([]);
  }
}

describe('the inverted service index', () => {
  const services = catalogue();
  const index = new ServiceSearchIndex(services);
  const names = services.map((s) => normalize(s.name)).join('');
  const chars = [...new Set([...names, ...'请的了办服务'])];
  const bigrams = [
    ...new Set(
      services.flatMap((s) => [...normalize(s.name)].slice(0, -1).map((c, i) => c + [...normalize(s.name)][i + 1])),
    ),
  ];
  const every = <T>(xs: T[], n: number) => xs.filter((_, i) => i % Math.max(1, Math.floor(xs.length / n)) === 0);

  it('holds the generated catalogue', () => {
    expect(index.size).toBe(services.length);
    expect(services.length).toBeGreaterThan(1500);
  });

  it('finds everything a substring scan finds for every 1-character query (stop characters included)', () => {
    for (const q of [...chars, '0', '-', ...'abcdefghijklmnopqrstuvwxyz']) {
      expectRecall(index, services, q);
    }
  });

  it('finds everything a substring scan finds for 2-character queries: bigrams, stop words, pinyin initials and syllables', () => {
    const pinyin = [
      ...new Set(services.flatMap((s) => [index.get(s.id)!.initials.slice(0, 2), index.get(s.id)!.full.slice(2, 4)])),
    ].filter((x) => x.length === 2);
    const queries = [
      ...every(bigrams, 300),
      '办理',
      '服务',
      '系统',
      '请假',
      '学生',
      '教务',
      '处学',
      ...every(pinyin, 150),
      'zz',
      'qq',
    ];
    for (const q of queries) {
      expectRecall(index, services, q);
    }
  });

  it('ranks every query exactly as scoring every service does (relevance, then heat)', () => {
    for (const q of [
      '成绩',
      '成绩查询',
      '请假',
      '学生请假申请',
      'cjcx',
      'qingjia',
      '奖学金',
      '校园卡',
      '宿舍报修',
      '研究生院',
      '办理流程',
      'vpn',
      '图书',
      '报销',
      '量子纠缠',
      '东校区校园卡充值',
      '校外访问',
      '本科生 成绩',
      'chengji',
      'x',
      '研究生学位论文提交申请',
      '东校区学生宿舍报修',
      '留学生签证办理流程咨询',
      'xsqj',
    ]) {
      expect(index.search(q), q).toEqual(index.scanAll(q));
    }
  });

  it('pages exactly as sorting every hit: the total and the hits from `from` to `to`, for each audience', () => {
    const audiences: Array<(v: ServiceVisibility) => boolean> = [
      (v) => !v.roles?.length || v.roles.includes('r-student'),
      (v) => v.isPublic === true && !v.roles?.length,
      (v) => v.businessType === 'matter' && (!v.roles?.length || v.roles.includes('r-teacher')),
      () => true,
    ];
    const queries = [
      ...every(chars, 40),
      ...every(bigrams, 40),
      '办理',
      '服务',
      '成绩查询',
      '学生请假申请',
      '东校区校园卡充值',
      '研究生学位论文提交申请',
      '本科生 成绩',
      'cjcx',
      'chengji',
      'qingjia',
      'xs',
      'x',
      '010',
      '8:00',
    ];
    for (const q of queries) {
      const all = index.scanAll(q);
      for (const sees of audiences) {
        const hits = all.filter((h) => sees(index.get(h.id)!));
        for (const [from, to] of [
          [0, 12],
          [12, 24],
          [0, 0],
          [7, 1000],
          [0, Infinity],
          [100_000, 100_012],
        ] as const) {
          expect(index.page(q, sees, from, to), `${q} ${from}-${to}`).toEqual({
            total: hits.length,
            hits: hits.slice(from, to),
          });
        }
      }
    }
  });

  it('asks who may see once per kind of visibility, not once per service', () => {
    const kinds = new Set(
      services.map((s) => JSON.stringify([s.isPublic ?? null, s.businessType ?? null, s.roles ?? null])),
    );
    let asked = 0;
    const page = index.page(
      '申请',
      (v) => {
        asked++;
        return v.isPublic === true;
      },
      0,
      12,
    );
    expect(page.total).toBeGreaterThan(kinds.size);
    expect(asked).toBeLessThanOrEqual(kinds.size);
  });

  it('scores strings with a field separator or a surrogate as scoring every service does, and pages them alike', () => {
    const odd = new ServiceSearchIndex([
      ...services.slice(0, 300),
      { ...services[0]!, id: 'odd-1', name: '𠀀研究生\u0001成绩' },
      { ...services[1]!, id: 'odd-2', name: '研究𠀀生成绩', guide: '附件\ud840说明' },
    ]);
    for (const q of ['\u0001', '生\u0001成', '𠀀', '\ud840', '𠀀研', '究𠀀生', '\ud840说', '研究生\u0001']) {
      // The postings hold no gram with a separator or a lone surrogate, so these may find fewer than a scan;
      // what they find is scored and ordered as the scan does.
      const scan = odd.scanAll(q);
      const all = odd.search(q);
      const found = new Set(all.map((h) => h.id));
      expect(all, JSON.stringify(q)).toEqual(scan.filter((h) => found.has(h.id)));
      expect(odd.page(q, () => true, 0, 3)).toEqual({ total: all.length, hits: all.slice(0, 3) });
    }
  });

  it('replaces, removes and re-ranks services in place', () => {
    const small = new ServiceSearchIndex(services.slice(0, 200));
    const target = services[5]!;
    small.add({ ...target, name: '量子纠缠实验预约' });
    expect(small.search('量子').map((h) => h.id)).toEqual([target.id]);
    expect(small.search(normalize(target.name)).map((h) => h.id)).not.toContain(target.id);
    small.remove(target.id);
    expect(small.search('量子')).toEqual([]);
    expect(small.size).toBe(199);
    const [a, b] = small.search('成绩查询');
    small.bump(b!.id, 10_000_000);
    if (a!.score === b!.score) expect(small.search('成绩查询')[0]!.id).toBe(b!.id);
    expect(small.waste).toBeGreaterThan(0);
    // A page follows heat as the full list does.
    const before = small.search('学生');
    const last = before[before.length - 1]!;
    small.setHeat(last.id, 99_000_000);
    const after = small.search('学生');
    expect(small.page('学生', () => true, 0, 3).hits).toEqual(after.slice(0, 3));
    expect(after.findIndex((h) => h.id === last.id)).toBeLessThanOrEqual(
      before.findIndex((h) => h.score === last.score),
    );
  });

  it('uses one tokenizer for service search and the robot: the same tokens and stop words', () => {
    const q = '学生证丢了怎么补办？';
    expect([...assistantTokenize(q).keys()].sort()).toEqual([...tokenize(q).keys()].sort());
    expect(tokenize('怎么办理').has('办理')).toBe(false);
  });
});

describe.each(testDatabases)('the search index kept current on %s', (engine) => {
  let t: TestApp;
  let student = '';
  const T = DEMO_TENANT_ID;
  const search = async (keyword: string, token?: string) => {
    const url = token
      ? '/api/blade-platform/serverCenter/searchService'
      : '/api/blade-platform/nobody/prepareLogin/searchService';
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: token ? { keyword, size: 50 } : { tenantId: T, keyword, size: 50 },
      headers: token ? bearer(token) : {},
    });
    return res.json().result as { total: number; records: Array<{ serviceId: string; serviceName: string }> };
  };
  /** A catalogue change the way every writer makes one: the rows and the version bump in one transaction. */
  const change = (fn: (trx: TestApp['db']['db']) => Promise<unknown>, ids: string[]) =>
    t.db.db.transaction().execute(async (trx) => {
      await fn(trx);
      await bumpCatalogue(trx, T, ids);
    });

  beforeAll(async () => {
    t = await createTestApp(engine);
    student = (await t.login('student01')).access_token;
  });
  afterAll(async () => t?.close());

  it('finds a service added, changed or withdrawn after the index was built, at once', async () => {
    expect((await search('天文台参观预约')).total).toBe(0);
    const base = await t.db.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', T)
      .where('is_public', '=', 1)
      .selectAll()
      .executeTakeFirstOrThrow();
    await change(
      (trx) =>
        trx
          .insertInto('svc_services')
          .values({ ...base, id: 'astro-1', service_name: '天文台参观预约', sort: 9999 })
          .execute(),
      ['astro-1'],
    );
    expect((await search('天文台')).records.map((r) => r.serviceId)).toEqual(['astro-1']);
    expect((await search('twt')).records.map((r) => r.serviceId)).toContain('astro-1');
    // Limited to teachers: visitors and students no longer find it.
    await change(
      (trx) => trx.updateTable('svc_services').set({ is_public: 0 }).where('id', '=', 'astro-1').execute(),
      ['astro-1'],
    );
    await change(
      (trx) =>
        trx
          .insertInto('svc_service_roles')
          .values({ tenant_id: T, service_id: 'astro-1', role_id: `${T}-teacher` })
          .execute(),
      ['astro-1'],
    );
    expect((await search('天文台')).total).toBe(0);
    expect((await search('天文台', student)).total).toBe(0);
    await change(
      (trx) => trx.deleteFrom('svc_service_roles').where('service_id', '=', 'astro-1').execute(),
      ['astro-1'],
    );
    expect((await search('天文台', student)).records.map((r) => r.serviceId)).toEqual(['astro-1']);
    await change(
      (trx) => trx.updateTable('svc_services').set({ status: 0 }).where('id', '=', 'astro-1').execute(),
      ['astro-1'],
    );
    expect((await search('天文台', student)).total).toBe(0);
  });

  it('catches up with a large change (an import) in the background, in slices, and then finds it', async () => {
    await search('成绩');
    const base = await t.db.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', T)
      .where('is_public', '=', 1)
      .selectAll()
      .executeTakeFirstOrThrow();
    const ids = Array.from({ length: SLICE + 500 }, (_, i) => `bulk-${String(i).padStart(5, '0')}`);
    await change(async (trx) => {
      for (let i = 0; i < ids.length; i += 200) {
        await trx
          .insertInto('svc_services')
          .values(
            ids
              .slice(i, i + 200)
              .map((id, j) => ({ ...base, id, service_name: `气象观测站${i + j}号仪器借用`, sort: 10_000 + i + j })),
          )
          .execute();
      }
    }, ids);
    let ticks = 0;
    let done = false;
    const counting = (async () => {
      while (!done) {
        await yieldToLoop();
        ticks++;
      }
    })();
    await search('成绩'); // starts the catch-up, answers from the index as it is
    await indexSettled(t.db.db, T);
    done = true;
    await counting;
    // The event loop turned while the slices were applied.
    expect(ticks).toBeGreaterThan(1);
    expect((await search('气象观测站')).total).toBe(ids.length);
  });

  it('counts search words in batches and shows them to the administrator and in hot words', async () => {
    const admin = (await t.login('admin')).access_token;
    await search('不存在的服务名称甲乙丙');
    await search('不存在的服务名称甲乙丙', student);
    const misses = await t.app.inject({
      method: 'POST',
      url: '/api/blade-platform/serverCenter/searchMiss/page',
      payload: { current: 1, size: 50 },
      headers: bearer(admin),
    });
    const row = misses.json().result.records.find((r: { keyword: string }) => r.keyword === '不存在的服务名称甲乙丙');
    expect(row?.count).toBe(2);
    for (let i = 0; i < 3; i++) await search('成绩查询');
    await flushSearchWords(t.db.db); // at most a second later on its own
    const hot = await t.app.inject({
      method: 'POST',
      url: '/api/blade-workbench/nobody/searchHeatWord',
      payload: { tenantId: T, size: 10 },
    });
    expect(hot.json().result).toContain('成绩查询');
  });

  it('writes search words off the request path: buffered, then one upsert for many searches', async () => {
    const word = '批量计数的词';
    const rowOf = () =>
      t.db.db
        .selectFrom('svc_search_words')
        .where('tenant_id', '=', T)
        .where('keyword', '=', word)
        .selectAll()
        .executeTakeFirst();
    // Five searches in one turn of the event loop are one buffered tally, written by the flush.
    for (let i = 0; i < 5; i++) recordSearchWord(t.db.db, T, word, i % 2 === 0);
    await flushSearchWords(t.db.db);
    expect(await rowOf()).toMatchObject({ hits: 3, misses: 2 });
    recordSearchWord(t.db.db, T, word, true);
    await flushSearchWords(t.db.db);
    expect(await rowOf()).toMatchObject({ hits: 4, misses: 2 });
  });

  it('writes a zero-result search at once, so another node reading the misses has it; a found one waits for the flush', async () => {
    const rowOf = (word: string) =>
      t.db.db
        .selectFrom('svc_search_words')
        .where('tenant_id', '=', T)
        .where('keyword', '=', word)
        .select(['hits', 'misses'])
        .executeTakeFirst();
    const hitsBefore = Number((await rowOf('宿舍报修'))?.hits ?? 0);
    expect((await search('宿舍报修')).total).toBeGreaterThan(0);
    await searchWordsSettled(t.db.db); // starts no write of its own
    expect(Number((await rowOf('宿舍报修'))?.hits ?? 0)).toBe(hitsBefore);
    expect((await search('没有这个服务的词乙')).total).toBe(0);
    await searchWordsSettled(t.db.db);
    // The miss's write took the buffered found word along.
    expect(await rowOf('没有这个服务的词乙')).toMatchObject({ hits: 0, misses: 1 });
    expect(Number((await rowOf('宿舍报修'))?.hits)).toBe(hitsBefore + 1);
  });

  it('keeps the words of a failed write and writes them later by itself', async () => {
    const word = '写失败后再写的词';
    await sql`ALTER TABLE svc_search_words RENAME TO svc_search_words_away`.execute(t.db.db);
    try {
      expect((await search(word)).total).toBe(0);
      await searchWordsSettled(t.db.db); // the write failed: the table is away
    } finally {
      await sql`ALTER TABLE svc_search_words_away RENAME TO svc_search_words`.execute(t.db.db);
    }
    // No further search and no read: the retry comes from the buffer's own timer.
    await expect
      .poll(
        () => t.db.db.selectFrom('svc_search_words').where('keyword', '=', word).select('misses').executeTakeFirst(),
        { timeout: 15_000, interval: 100 },
      )
      .toMatchObject({ misses: 1 });
  });

  it('builds a first index without holding the event loop for the whole catalogue', async () => {
    const other = await createTestApp(engine);
    try {
      const base = await other.db.db
        .selectFrom('svc_services')
        .where('tenant_id', '=', T)
        .selectAll()
        .executeTakeFirstOrThrow();
      const ids = Array.from({ length: SLICE * 2 }, (_, i) => `slice-${String(i).padStart(5, '0')}`);
      for (let i = 0; i < ids.length; i += 200) {
        await other.db.db
          .insertInto('svc_services')
          .values(
            ids
              .slice(i, i + 200)
              .map((id, j) => ({ ...base, id, service_name: `实验室安全培训${i + j}`, sort: 20_000 + i + j })),
          )
          .execute();
      }
      let ticks = 0;
      let done = false;
      const counting = (async () => {
        while (!done) {
          await yieldToLoop();
          ticks++;
        }
      })();
      const index = await searchIndexFor(other.db.db, T);
      done = true;
      await counting;
      expect(index.size).toBeGreaterThan(ids.length);
      expect(ticks).toBeGreaterThan(1);
    } finally {
      await other.close();
    }
  });
});
