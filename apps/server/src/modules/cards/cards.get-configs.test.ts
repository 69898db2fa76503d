import { CARD_VIEWS_MAX } from '@portal/contracts/constants';
import { MESSAGES } from '@portal/contracts/errors';
import { CardViews, WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CARD_IDS } from '../../db/seed/workbench.ts';
import { addTenantWithAdmin, bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

const O = '/api/online-service-platform';
const OTHER = '100003';

/**
 * cardcolumnconfig/getConfigs (issue 10, ADR 0054): the home page's cards in one call, each part what
 * cardcolumnconfig/getConfig answers that caller for that card — its view, or its own error.
 */
describe.each(testDatabases)('the home page cards in one call on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = async (who: string | null, path: string, payload: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${O}/${path}`,
      headers: who ? bearer(tokens[who]!) : {},
      payload,
    });
    return { http: res.statusCode, ...res.json() };
  };
  /** What getConfig answers, as a part of getConfigs (the envelope with the card's id). */
  const single = async (who: string, cardId: string, layout: string) => {
    const { status, msg, msgDetail, result } = await call(who, 'cardcolumnconfig/getConfig', { cardId, layout });
    return { cardId, status, msg, msgDetail, result };
  };
  const homeCardIds = async (who: string): Promise<string[]> =>
    (await call(who, 'indexcardconfig/list')).result.types.flatMap((x: { cardConfigs: Array<{ id: string }> }) =>
      x.cardConfigs.map((c) => c.id),
    );
  let otherTenantCard = '';
  let unpublished = '';

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const account of ['admin', 'student01', 'teacher01']) tokens[account] = (await t.login(account)).access_token;
    await addTenantWithAdmin(t.db.db, OTHER);
    tokens.other = (await t.login('admin', OTHER)).access_token;
    // A published card of another tenant, granted to that tenant's administrators.
    const theirs = await call('other', 'cardbasicconfig/submit', {
      cardType: 'commonTools',
      basicConfig: { cardName: '他校工具', cardIntroduction: '', displayRows: 1 },
    });
    otherTenantCard = theirs.result.id;
    await call('other', 'indextypeconfig/authConfig', { cardId: otherTenantCard, roleIds: [`${OTHER}-admin`] });
    expect((await call('other', 'indexcardconfig/submit', { id: otherTenantCard })).result.status).toBe(1);
    // A card of this tenant granted to students but not published.
    const draft = await call('admin', 'cardbasicconfig/submit', {
      cardType: 'commonTools',
      basicConfig: { cardName: '未发布工具', cardIntroduction: '', displayRows: 1 },
    });
    unpublished = draft.result.id;
    await call('admin', 'indextypeconfig/authConfig', { cardId: unpublished, roleIds: ['000000-student'] });
  });
  afterAll(async () => t?.close());

  it('answers every card of a student’s and an administrator’s home page as getConfig does, in both layouts', async () => {
    for (const who of ['student01', 'admin']) {
      const ids = await homeCardIds(who);
      expect(ids).toEqual(Object.values(DEMO_CARD_IDS));
      for (const layout of ['same', 'separate']) {
        const res = await call(who, 'cardcolumnconfig/getConfigs', { cardIds: ids, layout });
        expect(res.http).toBe(200);
        expect(res.status).toBe(1000);
        expect(CardViews.strict().parse(res.result).list).toHaveLength(ids.length);
        const each = await Promise.all(ids.map((id) => single(who, id, layout)));
        expect(each.every((p) => p.status === 1000)).toBe(true);
        expect(res.result.list).toEqual(each);
      }
    }
    // Without a layout, the same as getConfig's default (same page).
    const ids = await homeCardIds('student01');
    expect((await call('student01', 'cardcolumnconfig/getConfigs', { cardIds: ids })).result.list).toEqual(
      await Promise.all(ids.map((id) => single('student01', id, 'same'))),
    );
  });

  it('answers a card the caller may not see with that card’s own error, and the others with their views', async () => {
    const asked = [
      DEMO_CARD_IDS.waitHandle,
      otherTenantCard,
      DEMO_CARD_IDS.campusNews,
      unpublished,
      'no-such-card',
      DEMO_CARD_IDS.waitHandle,
    ];
    const res = await call('student01', 'cardcolumnconfig/getConfigs', { cardIds: asked, layout: 'same' });
    expect(res.http).toBe(200);
    expect(res.status).toBe(1000);
    const each = await Promise.all(asked.map((id) => single('student01', id, 'same')));
    expect(res.result.list).toEqual(each);
    expect(res.result.list.map((p: { status: number }) => p.status)).toEqual([1000, 404, 1000, 403, 404, 1000]);
    expect(res.result.list[3].msg).toBe(WORKBENCH_MESSAGES.cardNotPublished);
    expect(res.result.list[1].result).toBeNull();
    expect(res.result.list[0].result.list.length).toBeGreaterThan(0);
    // The other tenant's administrator sees their own card and none of this tenant's.
    const theirs = await call('other', 'cardcolumnconfig/getConfigs', {
      cardIds: [otherTenantCard, DEMO_CARD_IDS.waitHandle],
    });
    expect(theirs.result.list.map((p: { status: number }) => p.status)).toEqual([1000, 404]);
    expect(theirs.result.list).toEqual([
      await single('other', otherTenantCard, 'same'),
      await single('other', DEMO_CARD_IDS.waitHandle, 'same'),
    ]);
    // A card granted to teachers only is the student's 403, the teacher's view.
    const teacherOnly = (await call('admin', 'indextypeconfig/getAuthConfig', { cardId: DEMO_CARD_IDS.waitHandle }))
      .result.roleIds;
    await call('admin', 'indextypeconfig/authConfig', {
      cardId: DEMO_CARD_IDS.waitHandle,
      roleIds: ['000000-teacher'],
    });
    try {
      const [s] = (await call('student01', 'cardcolumnconfig/getConfigs', { cardIds: [DEMO_CARD_IDS.waitHandle] }))
        .result.list;
      expect(s).toEqual(await single('student01', DEMO_CARD_IDS.waitHandle, 'same'));
      expect(s.status).toBe(403);
      const [tv] = (await call('teacher01', 'cardcolumnconfig/getConfigs', { cardIds: [DEMO_CARD_IDS.waitHandle] }))
        .result.list;
      expect(tv.status).toBe(1000);
      expect(tv).toEqual(await single('teacher01', DEMO_CARD_IDS.waitHandle, 'same'));
    } finally {
      await call('admin', 'indextypeconfig/authConfig', { cardId: DEMO_CARD_IDS.waitHandle, roleIds: teacherOnly });
    }
  });

  it('refuses a bad body with the 400 of section 8 and a caller without a session with 401', async () => {
    const ids = Array.from({ length: CARD_VIEWS_MAX + 1 }, (_, i) => `card-${i}`);
    for (const body of [
      { cardIds: ids },
      { cardIds: [] },
      {},
      { cardIds: [DEMO_CARD_IDS.waitHandle], layout: 'wide' },
      { cardIds: [''] },
      { cardIds: DEMO_CARD_IDS.waitHandle },
    ]) {
      const res = await call('student01', 'cardcolumnconfig/getConfigs', body);
      expect([res.http, res.status, res.msg, res.result], JSON.stringify(body)).toEqual([
        400,
        400,
        MESSAGES.badRequest,
        null,
      ]);
    }
    // The most it takes is still answered.
    const most = await call('student01', 'cardcolumnconfig/getConfigs', { cardIds: ids.slice(0, CARD_VIEWS_MAX) });
    expect(most.status).toBe(1000);
    expect(most.result.list).toHaveLength(CARD_VIEWS_MAX);
    const anonymous = await call(null, 'cardcolumnconfig/getConfigs', { cardIds: [DEMO_CARD_IDS.waitHandle] });
    expect([anonymous.http, anonymous.status, anonymous.result]).toEqual([401, 401, null]);
  });
});
