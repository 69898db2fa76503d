import { ROBOT_TEXTS } from '@portal/contracts/assistant';
import { AUDIT_PATHS } from '@portal/contracts/audit';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';

const P = '/api/blade-platform';
const O = '/api/online-service-platform';

/** questionbasicconfig/submit (not in the spec): the robot's name, greeting and switch, each with its English. */
describe.each(testDatabases)("the robot assistant's settings on %s", (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = async (account: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: bearer(tokens[account]!), payload });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: any }) };
  };
  const read = (account = 'admin') => call(account, 'GET', `${P}/questionbasicconfig/baseInfo`);
  const save = (body: object, account = 'admin') => call(account, 'POST', `${P}/questionbasicconfig/submit`, body);

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const account of ['admin', 'student01']) tokens[account] = (await t.login(account)).access_token;
    const other = await seedOtherTenant(t.db.db, '100006');
    tokens.other = (await t.login(other.account, other.tenantId)).access_token;
  });
  afterAll(async () => t.close());

  it('an administrator renames the robot and changes its greeting in both languages; every user is greeted so', async () => {
    const before = (await read()).result;
    expect(before.version).toEqual(expect.any(String));
    const saved = await save({
      robotName: ' 小办 ',
      greeting: '同学你好，我是小办。',
      robotNameEn: 'Xiaoban',
      greetingEn: 'Hi, I am Xiaoban.',
      enabled: true,
      version: before.version,
    });
    expect(saved).toMatchObject({
      http: 200,
      status: 1000,
      result: {
        robotName: '小办',
        greeting: '同学你好，我是小办。',
        robotNameEn: 'Xiaoban',
        greetingEn: 'Hi, I am Xiaoban.',
      },
    });
    expect(saved.result.robotAvatar).toBe(before.robotAvatar);
    expect((await call('student01', 'GET', `${P}/aiquestion/greet`)).result).toMatchObject({
      robotName: '小办',
      robotNameEn: 'Xiaoban',
      greeting: '同学你好，我是小办。',
      greetingEn: 'Hi, I am Xiaoban.',
    });

    // On 配置变更记录, and reverted from there.
    const [entry] = (await call('admin', 'POST', `${O}${AUDIT_PATHS.list}`, { size: 5, entityKind: 'robot' })).result
      .records;
    expect(entry).toMatchObject({
      summary: '机器人助手设置',
      action: 'update',
      before: { robotName: before.robotName, greetingEn: before.greetingEn },
      after: { robotName: '小办', robotNameEn: 'Xiaoban', enabled: true },
    });
    expect((await call('admin', 'POST', `${O}${AUDIT_PATHS.revert}`, { id: entry.id })).status).toBe(1000);
    expect((await read()).result).toMatchObject({ robotName: before.robotName, greeting: before.greeting });
  });

  it('refuses a save over a change made since it was read (409), and an empty name or greeting (400), changing nothing', async () => {
    const first = (await read()).result;
    expect((await save({ ...first, robotName: '甲', version: first.version })).status).toBe(1000);
    const stale = await save({ ...first, robotName: '乙', version: first.version });
    expect(stale).toMatchObject({ http: 409, msg: WORKBENCH_MESSAGES.changedMeanwhile });
    const now = (await read()).result;
    expect(now.robotName).toBe('甲');
    expect(await save({ ...now, robotName: '   ' })).toMatchObject({ http: 400, msg: ROBOT_TEXTS.robotNameRequired });
    expect(await save({ ...now, greeting: '' })).toMatchObject({ http: 400, msg: ROBOT_TEXTS.greetingRequired });
    expect((await save({ ...now, robotName: '名'.repeat(21) })).http).toBe(400);
    expect((await read()).result).toEqual(now);
  });

  it('an administrator gives the robot an avatar, kept by a save without one, removed with an empty one, reverted', async () => {
    const first = (await read()).result;
    const { version: _v, robotAvatar: _a, ...fields } = first;
    const withAvatar = await save({ ...fields, robotAvatar: '/files/000000/robot.png', version: first.version });
    expect(withAvatar).toMatchObject({ status: 1000, result: { robotAvatar: '/files/000000/robot.png' } });
    expect((await call('student01', 'GET', `${P}/aiquestion/greet`)).result.robotAvatar).toBe(
      '/files/000000/robot.png',
    );
    // A client that does not send the avatar (the submit of before avatars) leaves it as it is.
    expect((await save({ ...fields, greeting: '换个问候' })).result.robotAvatar).toBe('/files/000000/robot.png');
    // An address that is not an image's refused, with the field's message, and nothing changes.
    const now = (await read()).result;
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/a.png',
      'data:image/png;base64,AAAA',
      `/${'a'.repeat(500)}`,
    ])
      expect(await save({ ...fields, robotAvatar: bad }), bad).toMatchObject({
        http: 400,
        msg: ROBOT_TEXTS.avatarInvalid,
      });
    expect((await read()).result).toEqual(now);
    // On 配置变更记录 with the avatar, and reverted from there.
    const [entry] = (await call('admin', 'POST', `${O}${AUDIT_PATHS.list}`, { size: 5, entityKind: 'robot' })).result
      .records;
    expect(entry.after).toMatchObject({ robotAvatar: '/files/000000/robot.png', greeting: '换个问候' });
    const removed = await save({ ...fields, robotAvatar: '' });
    expect(removed.result.robotAvatar).toBe('');
    const [removal] = (await call('admin', 'POST', `${O}${AUDIT_PATHS.list}`, { size: 5, entityKind: 'robot' })).result
      .records;
    expect(removal.before.robotAvatar).toBe('/files/000000/robot.png');
    expect(removal.after).not.toHaveProperty('robotAvatar');
    expect((await call('admin', 'POST', `${O}${AUDIT_PATHS.revert}`, { id: removal.id })).status).toBe(1000);
    expect((await read()).result.robotAvatar).toBe('/files/000000/robot.png');
  });

  it('turned off, the robot is off for everyone; a student may not change it; another tenant keeps its own', async () => {
    const now = (await read()).result;
    expect((await save({ ...now, robotName: '学生改的' }, 'student01')).http).toBe(403);
    expect((await save({ ...now, enabled: false })).status).toBe(1000);
    expect((await read('student01')).result.enabled).toBe(false);
    // The other tenant has no robot of its own configured: still none, whatever this tenant saved.
    expect((await read('other')).http).toBe(404);
  });
});
