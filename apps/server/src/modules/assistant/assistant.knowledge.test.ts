import { ROBOT_TEXTS } from '@portal/contracts/assistant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { DEMO_FAQS } from '../../db/seed/messaging.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';
import { jobSettled } from '../transfer/transfer.jobs.ts';
import { multipart, xlsxOf } from '../transfer/transfer-test-files.ts';
import { RULE_SKIP } from '@portal/contracts/transfer';

const P = '/api/blade-platform';
const K = `${P}/aiquestion/knowledge`;
const T = '/api/blade-workbench/transfer';

/** The robot's knowledge page (issue 14): administrators add, edit, turn off and delete entries; the robot answers from them at once. */
describe.each(testDatabases)('the robot knowledge page on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const post = async (account: string, url: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: any }) };
  };
  const ask = async (question: string) =>
    (await post('student01', `${P}/aiquestion/lucene/search`, { question })).result;

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
    const other = await seedOtherTenant(t.db.db, '100006');
    tokens.other = (await t.login(other.account, other.tenantId)).access_token;
  });
  afterAll(async () => t.close());

  it('an entry added by the administrator answers a paraphrased question at once; turned off or deleted it does not', async () => {
    const before = await ask('体育馆周末几点开放');
    expect(before).toMatchObject({ answered: false, reply: ROBOT_TEXTS.noAnswer });
    const unanswered = (await post('admin', `${P}/aiquestion/unanswered/page`, { current: 1, size: 50 })).result
      .records as Array<{ id: string; question: string }>;
    const fromQuestion = unanswered.find((q) => q.question === '体育馆周末几点开放')!;

    // From the unanswered list in one step: the entry is written for the question, which leaves the list.
    const saved = await post('admin', `${K}/save`, {
      question: '  体育馆开放时间是什么时候？ ',
      answer: '体育馆周一至周五 14:00-21:30 开放，周末及节假日 8:00-21:30 开放，凭校园卡入馆。',
      keywords: '体育馆 开放时间 场馆',
      synonyms: '球馆几点开门\n健身房开门时间',
      sceneId: '000000-scene-logistics',
      fromQuestionId: fromQuestion.id,
    });
    expect(saved).toMatchObject({ status: 1000, result: { id: expect.any(String) } });
    const id = saved.result.id as string;
    const after = (await post('admin', `${P}/aiquestion/unanswered/page`, { current: 1, size: 50 })).result.records;
    expect(after.map((q: { id: string }) => q.id)).not.toContain(fromQuestion.id);

    // Paraphrases: by its words, and by a synonym only.
    expect(await ask('体育馆周末几点开放')).toMatchObject({
      answered: true,
      answer: { id, question: '体育馆开放时间是什么时候？', sceneName: '后勤服务' },
    });
    expect(await ask('健身房几点开门')).toMatchObject({ answered: true, answer: { id } });

    const listed = await post('admin', `${K}/page`, { current: 1, size: 10, keyword: '健身房' });
    expect(listed.result).toMatchObject({
      total: 1,
      records: [{ id, enabled: true, synonyms: '球馆几点开门\n健身房开门时间' }],
    });

    // Edited: the answer changes at once.
    expect(
      await post('admin', `${K}/save`, {
        id,
        question: '体育馆开放时间是什么时候？',
        answer: '寒假期间体育馆暂停开放。',
        keywords: '体育馆 开放时间',
        synonyms: '健身房开门时间',
        sceneId: '000000-scene-logistics',
      }),
    ).toMatchObject({ status: 1000, result: { id } });
    expect((await ask('体育馆什么时候开放')).answer).toMatchObject({ id, answer: '寒假期间体育馆暂停开放。' });

    // Turned off: never answered, still listed; deleted: gone.
    expect(await post('admin', `${K}/enable`, { id, enabled: false })).toMatchObject({ status: 1000 });
    expect((await ask('体育馆什么时候开放')).answered).toBe(false);
    expect((await post('admin', `${K}/page`, { current: 1, size: 10, keyword: '体育馆' })).result.records).toEqual([
      expect.objectContaining({ id, enabled: false }),
    ]);
    expect(await post('admin', `${K}/remove`, { id })).toMatchObject({ status: 1000 });
    expect((await post('admin', `${K}/page`, { current: 1, size: 10, keyword: '体育馆' })).result.total).toBe(0);
    expect(await post('admin', `${K}/remove`, { id })).toMatchObject({ http: 404, msg: ROBOT_TEXTS.noSuchFaq });
  });

  it('imports entries from a spreadsheet through the import of 2.7: new ones added, an existing question skipped, a bad scene refused', async () => {
    const header = ['问题', '答案', '同义问法', '关键词', '场景', '启用'];
    const content = await xlsxOf([
      header,
      [
        '校医院门诊时间是什么时候？',
        '校医院门诊 8:00-17:00，急诊 24 小时。',
        '看病几点开门、医务室开门时间',
        '校医院 门诊',
        '后勤服务',
        '是',
      ],
      ['如何办理缓考？', '不会覆盖', '', '', '教务教学', '是'],
      ['不存在的场景问题', '答案', '', '', '没有这个场景', '是'],
    ]);
    const body = multipart([{ filename: '知识库.xlsx', content }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `${T}/robotFaq/upload`,
      headers: { ...bearer(tokens.admin!), ...body.headers },
      payload: body.payload,
    });
    expect(up.json()).toMatchObject({ status: 1000 });
    const ids = ['question', 'answer', 'synonyms', 'keywords', 'sceneName', 'enabled'];
    const started = await post('admin', `${T}/robotFaq/import`, {
      fileKey: up.json().result.fileKey,
      headerLine: 1,
      ruleNum: RULE_SKIP,
      errorRegx: 'question',
      matrixType: JSON.stringify(header.map((h, i) => ({ excelField: h, dbField: ids[i] }))),
    });
    expect(started).toMatchObject({ status: 1000 });
    await jobSettled(started.result.redisKey);
    const progress = (await post('admin', `${T}/progress`, { key: started.result.redisKey })).result;
    expect(progress).toMatchObject({ finished: true });

    expect(await ask('医务室几点开门')).toMatchObject({
      answered: true,
      answer: { question: '校医院门诊时间是什么时候？', sceneName: '后勤服务' },
    });
    const kept = (await post('admin', `${K}/page`, { current: 1, size: 10, keyword: '缓考' })).result.records;
    expect(kept.find((e: { question: string }) => e.question === '如何办理缓考？').answer).not.toBe('不会覆盖');
    expect((await post('admin', `${K}/page`, { current: 1, size: 10, keyword: '不存在的场景' })).result.total).toBe(0);
    // The import is the knowledge page's: someone without its menu may not.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${T}/robotFaq/upload`,
          headers: { ...bearer(tokens.student01!), ...body.headers },
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('checks the configuration menu on the server, the scene and duplicates; another tenant sees nothing of it', async () => {
    for (const path of ['page', 'save', 'enable', 'remove'])
      expect((await post('student01', `${K}/${path}`, { id: 'x', enabled: true })).http).toBe(403);
    expect(
      await post('admin', `${K}/save`, {
        question: '如何办理缓考？',
        answer: '重复',
        sceneId: '000000-scene-academic',
      }),
    ).toMatchObject({ msg: ROBOT_TEXTS.duplicateQuestion });
    expect(
      await post('admin', `${K}/save`, { question: '新问题', answer: '答案', sceneId: 'no-such-scene' }),
    ).toMatchObject({ http: 400, msg: ROBOT_TEXTS.noSuchScene });
    expect(
      await post('admin', `${K}/save`, { question: ' ', answer: '答案', sceneId: '000000-scene-academic' }),
    ).toMatchObject({
      http: 400,
      msg: ROBOT_TEXTS.questionRequired,
    });
    const all = (await post('admin', `${K}/page`, { current: 1, size: 100 })).result;
    expect(all.total).toBeGreaterThanOrEqual(DEMO_FAQS.length);
    const theirs = await post('other', `${K}/page`, { current: 1, size: 100 });
    if (theirs.http === 200) expect(theirs.result.total).toBe(0);
    else expect(theirs.http).toBe(403);
    expect((await post('other', `${K}/remove`, { id: all.records[0].id })).http).not.toBe(200);
  });
});
