import { FEEDBACK_STATUS, ROBOT_TEXTS } from '@portal/contracts/assistant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { SearchIndex, tokenize } from './assistant.search.ts';

const P = '/api/blade-platform';

describe('robot question matching', () => {
  it('segments Chinese into words and adds bigrams so split compounds still meet', () => {
    const tokens = tokenize('学生证丢了怎么补办？');
    expect(tokens.get('学生')).toBe(1);
    expect(tokens.has('补办')).toBe(true);
    expect(tokens.has('怎么')).toBe(false);
    expect(tokens.has('了')).toBe(false);
  });

  it('ranks by rare shared words and reports how much of the question a document covers', () => {
    const index = new SearchIndex([
      { item: 'card', fields: [{ text: '校园卡丢失了怎么挂失', weight: 1 }] },
      { item: 'exam', fields: [{ text: '如何办理缓考', weight: 1 }] },
    ]);
    const [best] = index.search('饭卡丢了怎么办', 2);
    expect(best?.item).toBe('card');
    expect(index.search('今天天气怎么样', 2)).toEqual([]);
  });
});

describe.each(testDatabases)('robot assistant on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = async (account: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    (
      await t.app.inject({
        method,
        url: `${P}/${url}`,
        headers: bearer(tokens[account]!),
        ...(payload ? { payload } : {}),
      })
    ).json();

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const account of ['admin', 'student01']) tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => t.close());

  it('greets with the configured text, the most asked questions and the scenes', async () => {
    const greet = await call('student01', 'GET', 'aiquestion/greet');
    expect(greet.status).toBe(1000);
    expect(greet.result.greeting).toContain('小助手');
    expect(greet.result.recommend.length).toBeGreaterThan(0);
    expect(greet.result.scenes).toContainEqual({ dictKey: '000000-scene-card', dictValue: '校园卡' });
    const base = await call('student01', 'GET', 'questionbasicconfig/baseInfo');
    expect(base.result).toMatchObject({ robotName: '小助手', enabled: true });
    // ADR 0074: the name and greeting in English beside the Chinese, seeded for the demo.
    expect(base.result).toMatchObject({ robotNameEn: 'Assistant', greetingEn: expect.stringMatching(/^Hello/) });
    expect(greet.result).toMatchObject({ robotNameEn: 'Assistant', greetingEn: base.result.greetingEn });
  });

  it('answers a question from the FAQ and counts it as asked', async () => {
    const res = await call('student01', 'POST', 'aiquestion/lucene/search', { question: '饭卡丢了怎么办？' });
    expect(res.result).toMatchObject({
      answered: true,
      answer: { question: '校园卡丢失了怎么挂失？', sceneName: '校园卡' },
    });
    expect(res.result.reply).toContain('挂失');
    expect(
      await call('student01', 'POST', 'aiquestion/isSolve', { recordId: res.result.recordId, isSolve: 1 }),
    ).toMatchObject({ status: 1000 });
    const popular = await call('student01', 'GET', 'aiquestion/recommendLIst?size=1');
    expect(popular.result[0].question).toBe('校园卡丢失了怎么挂失？');
    const bySuggestion = await call(
      'student01',
      'GET',
      `aiquestion/wantAnswer?question=${encodeURIComponent('图书馆借书')}`,
    );
    expect(bySuggestion.result[0].question).toContain('借书');
  });

  it('records unanswered and unsolved questions for the administrators only', async () => {
    const res = await call('student01', 'POST', 'aiquestion/lucene/search', { question: '研究生论文答辩流程是什么' });
    expect(res.result).toMatchObject({ answered: false, answer: null, reply: ROBOT_TEXTS.noAnswer });
    const solvedNot = await call('student01', 'POST', 'aiquestion/lucene/search', { question: '学费怎么缴纳' });
    expect(solvedNot.result.answered).toBe(true);
    await call('student01', 'POST', 'aiquestion/isSolve', { recordId: solvedNot.result.recordId, isSolve: 0 });
    const passed = await call('student01', 'POST', 'aiquestion/recordQuestion', { question: '体育馆周末开放吗' });
    expect(passed.status).toBe(1000);

    const open = await call('admin', 'POST', 'aiquestion/unanswered/page', { current: 1, size: 20 });
    const questions = open.result.records.map((r: { question: string }) => r.question);
    expect(questions).toEqual(expect.arrayContaining(['研究生论文答辩流程是什么', '学费怎么缴纳', '体育馆周末开放吗']));
    expect(questions).not.toContain('饭卡丢了怎么办？');
    expect(open.result.records.find((r: { question: string }) => r.question === '学费怎么缴纳')).toMatchObject({
      answered: true,
      solved: 0,
      userName: '张同学',
    });
    const denied = await t.app.inject({
      method: 'POST',
      url: `${P}/aiquestion/unanswered/page`,
      headers: bearer(tokens.student01!),
      payload: {},
    });
    expect(denied.statusCode).toBe(403);
    const foreign = await call('admin', 'POST', 'aiquestion/isSolve', { recordId: res.result.recordId, isSolve: 1 });
    expect(foreign.status).toBe(404);
  });

  it('lists scenes with their questions, and as select options', async () => {
    const scenes = await call('student01', 'GET', 'questionScene/list');
    const card = scenes.result.find((s: { sceneName: string }) => s.sceneName === '校园卡');
    expect(card.questionCount).toBe(card.questions.length);
    expect(card.questions.map((q: { question: string }) => q.question)).toContain('校园卡怎么充值？');
    const options = await call('student01', 'GET', 'questionScene/selectList');
    expect(options.result.length).toBe(scenes.result.length);
  });

  it('keeps feedback with its progress: submitted, handled, answered', async () => {
    const saved = await call('student01', 'POST', 'question/feedBack/saveQuestionFeedbackInfo', {
      question: '体育馆周末开放吗',
      content: '希望小助手能回答体育场馆开放时间',
      sceneId: '000000-scene-logistics',
    });
    expect(saved.result).toMatchObject({
      status: FEEDBACK_STATUS.pending,
      statusName: '待处理',
      sceneName: '后勤服务',
    });
    expect((await call('student01', 'POST', 'question/user/progressStatistics')).result).toEqual({
      total: 1,
      pending: 1,
      processing: 0,
      finished: 0,
    });
    const replied = await call('admin', 'POST', 'question/feedBack/reply', {
      id: saved.result.id,
      status: FEEDBACK_STATUS.finished,
      reply: '体育馆周末8:00—21:00开放',
    });
    expect(replied.result).toMatchObject({ statusName: '已办结' });
    const progress = await call('student01', 'POST', 'question/user/showProgress');
    expect(progress.result).toMatchObject({
      total: 1,
      records: [{ id: saved.result.id, status: FEEDBACK_STATUS.finished }],
    });
    // A page past 10,000 is refused like the service lists' (2^53 was taken as a page).
    expect(
      await call('student01', 'POST', 'question/user/showProgress', { current: Number.MAX_SAFE_INTEGER, size: 100 }),
    ).toMatchObject({ status: 400, msg: '页码必须是1到10000的整数' });
    const detail = await call('student01', 'POST', 'question/user/progressDetail', { id: saved.result.id });
    expect(detail.result.reply).toBe('体育馆周末8:00—21:00开放');
    expect((await call('student01', 'POST', 'question/user/progressStatistics')).result).toMatchObject({
      total: 1,
      finished: 1,
    });
  });
});
