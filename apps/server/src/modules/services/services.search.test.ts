import { describe, expect, it } from 'vitest';
import { ServiceSearchIndex, pinyinOf, queryTerms } from './services.search.ts';

const svc = (
  id: string,
  name: string,
  heat = 0,
  more: Partial<{ dept: string; guide: string; labels: string }> = {},
) => ({
  id,
  name,
  labels: more.labels ?? '',
  dept: more.dept ?? '教务处',
  scene: '学习教学',
  type: '学生服务',
  guide: more.guide ?? '',
  heat,
});

describe('service search', () => {
  const index = new ServiceSearchIndex([
    svc('1', '成绩查询', 10),
    svc('2', '研究生成绩查询', 500),
    svc('3', '成绩单打印', 20),
    svc('4', '学生请假申请', 5, { dept: '学生工作处' }),
    svc('5', '教职工请假申请', 50, { dept: '人事处' }),
    svc('6', 'VPN申请', 1, { dept: '信息化建设与管理中心', guide: '校外访问校内资源需要申请VPN账号' }),
    svc('7', '宿舍报修', 3, { dept: '后勤管理处' }),
  ]);

  it('computes full pinyin and initials', () => {
    expect(pinyinOf('成绩查询')).toEqual({ full: 'chengjichaxun', initials: 'cjcx' });
    expect(pinyinOf('VPN申请').initials).toBe('vpnsq');
  });

  it('segments Chinese queries into words and bigrams', () => {
    expect(queryTerms('学生请假')).toEqual(expect.arrayContaining(['学生', '请假']));
  });

  it('finds 成绩 services, the exact name first, then by heat', () => {
    const ids = index.search('成绩').map((h) => h.id);
    expect(ids.slice(0, 3).sort()).toEqual(['1', '2', '3']);
    expect(index.search('成绩查询')[0]!.id).toBe('1');
  });

  it("matches pinyin initials and full pinyin: 'cjcx' and 'chengji' find 成绩查询", () => {
    expect(index.search('cjcx')[0]!.id).toBe('1');
    expect(index.search('chengji').map((h) => h.id)).toContain('1');
    expect(
      index
        .search('qingjia')
        .map((h) => h.id)
        .sort(),
    ).toEqual(['4', '5']);
  });

  it('ranks the better match first, and heat breaks ties', () => {
    const ids = index.search('学生请假').map((h) => h.id);
    expect(ids[0]).toBe('4');
    expect(ids).toContain('5');
    const tie = index.search('请假').map((h) => h.id);
    expect(tie).toEqual(['5', '4']);
  });

  it('searches departments and guide text, honours the filter and finds nothing for nonsense', () => {
    expect(index.search('后勤').map((h) => h.id)).toEqual(['7']);
    expect(index.search('校外访问').map((h) => h.id)).toEqual(['6']);
    expect(index.search('成绩', (id) => id !== '2').map((h) => h.id)).not.toContain('2');
    expect(index.search('量子纠缠')).toEqual([]);
  });

  it('orders equal scores by heat, then equal heats by the smaller id, on every page', () => {
    // Every name holds 钥匙 at the same place, so every score is the same; four heats for 40 services.
    const tied = new ServiceSearchIndex(
      Array.from({ length: 40 }, (_, i) =>
        svc(`t${String((i * 17) % 40).padStart(2, '0')}`, `宿舍钥匙借用${i}`, i % 4),
      ),
    );
    const all = tied.search('钥匙');
    expect(new Set(all.map((h) => h.score)).size).toBe(1);
    const expected = [...all].sort((a, b) => b.heat - a.heat || (a.id < b.id ? -1 : 1)).map((h) => h.id);
    expect(all.map((h) => h.id)).toEqual(expected);
    expect(expected.slice(0, 3)).toEqual(['t03', 't07', 't11']);
    for (let from = 0; from < 40; from += 7) {
      const page = tied.page('钥匙', () => true, from, from + 7);
      expect(page.total).toBe(40);
      expect(page.hits.map((h) => h.id)).toEqual(expected.slice(from, from + 7));
    }
  });

  it('pages a search with the total of what the caller may see', () => {
    const page = index.page('申请', (v) => v.businessType === undefined, 1, 2);
    expect(page).toEqual({ total: 3, hits: [index.search('申请')[1]] });
    expect(index.page('申请', () => false, 0, 12)).toEqual({ total: 0, hits: [] });
    expect(index.page('  ', () => true, 0, 12)).toEqual({ total: 0, hits: [] });
  });

  it('bumps heat after a click', () => {
    index.bump('4', 1000);
    expect(index.search('请假')[0]!.id).toBe('4');
  });
});
