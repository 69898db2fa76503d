import { LOGIN_FAILURES_PER_ACCOUNT } from '@portal/contracts/constants';
import { MESSAGES } from '@portal/contracts/errors';
import { PASSWORD_TEXTS } from '@portal/contracts/password';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

const TOKEN_URL = '/api/blade-auth/oauth/token';
const USER_INFO = '/api/blade-user/user/getUserInfo';
const CHANGE = '/api/blade-workbench/eduSystemManagePwdConfig/changePassword';
const INFO = '/api/blade-workbench/eduSystemManagePwdConfig/changePasswordInfo';
const START = 'Start#2026pw';

describe.each(testDatabases)('a user changes their password on %s', (engine) => {
  let t: TestApp;

  const addUser = async (account: string, { demo = false } = {}) =>
    t.db.db
      .insertInto('users')
      .values({
        id: `pw-${account}`,
        tenant_id: DEMO_TENANT_ID,
        account,
        user_name: '改密学生',
        nick_name: '改密学生',
        password_hash: await hashPassword(START),
        role_id: `${DEMO_TENANT_ID}-student`,
        is_demo: demo ? 1 : 0,
        status: 1,
        created_at: new Date().toISOString(),
      })
      .execute();

  const login = async (username: string, password: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', tenantId: DEMO_TENANT_ID, username, password }).toString(),
    });
    return {
      http: res.statusCode,
      token: (res.json() as { result?: { access_token?: string } }).result?.access_token ?? '',
    };
  };
  const change = async (token: string | null, payload: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: CHANGE,
      headers: token ? bearer(token) : {},
      payload: payload as object,
    });
    return {
      http: res.statusCode,
      ...(res.json() as { status: number; msg: string; msgDetail: string; result: unknown }),
    };
  };
  const alive = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: USER_INFO, headers: bearer(token) })).statusCode === 200;

  beforeAll(async () => {
    t = await createTestApp(engine, { loginAddressDelayMaxMs: 0 });
    await addUser('pw1');
    await addUser('pw2');
    await addUser('pwdemo', { demo: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const info = async (token: string) =>
    (await t.app.inject({ method: 'POST', url: INFO, headers: bearer(token), payload: {} })).json() as {
      result: { allowed: boolean; reason: string; regex: string };
    };

  it('tells the form who may change and the rule', async () => {
    const user = await info((await login('pw1', START)).token);
    expect(user.result).toMatchObject({ allowed: true, reason: '' });
    expect(user.result.regex).not.toBe('');
    const demo = await info((await login('pwdemo', START)).token);
    expect(demo.result).toMatchObject({ allowed: false, reason: PASSWORD_TEXTS.demoAccount[0] });
  });

  it('checks the current password, follows the rule, keeps this session and ends the others', async () => {
    const here = await login('pw1', START);
    const there = await login('pw1', START);
    expect(here.http).toBe(200);
    expect(there.http).toBe(200);

    const wrong = await change(here.token, { oldPassword: 'Nope#2026pw', newPassword: 'Fresh#2026pw' });
    // A wrong current password counts toward the login lockout, and says how many more lock it.
    expect([wrong.http, wrong.status, wrong.msg, wrong.msgDetail]).toEqual([
      400,
      400,
      '原密码不正确，再错4次将锁定登录15分钟',
      'The current password is not correct. 4 more wrong tries will lock sign-in for 15 minutes.',
    ]);

    // The seeded rule: a letter, a digit and a symbol, 8 to 20 characters; its message is the answer.
    const weak = await change(here.token, { oldPassword: START, newPassword: 'password' });
    expect(weak.status).toBe(400);
    const rule = await t.db.db
      .selectFrom('password_configs')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .select('message')
      .executeTakeFirstOrThrow();
    expect(weak.msg).toBe(rule.message);
    const same = await change(here.token, { oldPassword: START, newPassword: START });
    expect([same.status, same.msg]).toEqual([400, PASSWORD_TEXTS.sameAsOld[0]]);
    expect(await alive(there.token)).toBe(true);

    const done = await change(here.token, { oldPassword: START, newPassword: 'Fresh#2026pw' });
    expect([done.http, done.status, done.msg]).toEqual([200, 1000, PASSWORD_TEXTS.changed[0]]);
    expect(done.result).toEqual({ otherSessionsEnded: 2 });
    expect(await alive(here.token)).toBe(true);
    expect(await alive(there.token)).toBe(false);
    expect((await login('pw1', START)).http).toBe(400);
    expect((await login('pw1', 'Fresh#2026pw')).http).toBe(200);
  });

  it('counts wrong current passwords toward the account lockout, warning of it before and saying when it is locked', async () => {
    const { token } = await login('pw2', START);
    // One count with the login's: a failed login first leaves the form one try fewer.
    expect((await login('pw2', 'Wrong#login')).http).toBe(400);
    const answers: string[][] = [];
    for (let i = 1; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      const r = await change(token, { oldPassword: `Wrong#${i}pw`, newPassword: 'Fresh#2026pw' });
      answers.push([String(r.http), r.msg, r.msgDetail]);
    }
    expect(answers).toEqual([
      [
        '400',
        '原密码不正确，再错3次将锁定登录15分钟',
        'The current password is not correct. 3 more wrong tries will lock sign-in for 15 minutes.',
      ],
      [
        '400',
        '原密码不正确，再错2次将锁定登录15分钟',
        'The current password is not correct. 2 more wrong tries will lock sign-in for 15 minutes.',
      ],
      [
        '400',
        '原密码不正确，再错1次将锁定登录15分钟',
        'The current password is not correct. 1 more wrong try will lock sign-in for 15 minutes.',
      ],
      [
        '400',
        '原密码不正确，登录已锁定15分钟',
        'The current password is not correct. Sign-in is now locked for 15 minutes.',
      ],
    ]);
    expect(PASSWORD_TEXTS.locked).toEqual([
      '密码错误次数过多，登录已锁定，请15分钟后再试',
      'Too many wrong passwords: sign-in is locked. Please try again in 15 minutes.',
    ]);
    const locked = await change(token, { oldPassword: START, newPassword: 'Fresh#2026pw' });
    expect([locked.http, locked.msg, locked.msgDetail]).toEqual([429, ...PASSWORD_TEXTS.locked]);
    const signIn = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        tenantId: DEMO_TENANT_ID,
        username: 'pw2',
        password: START,
      }).toString(),
    });
    expect([signIn.statusCode, signIn.json().msg]).toEqual([429, MESSAGES.accountLocked]);
  });

  it('refuses demo accounts, callers without a session and bad input, changing nothing', async () => {
    const demo = await login('pwdemo', START);
    const r = await change(demo.token, { oldPassword: START, newPassword: 'Fresh#2026pw' });
    expect([r.http, r.msg]).toEqual([403, PASSWORD_TEXTS.demoAccount[0]]);
    expect((await change(null, { oldPassword: START, newPassword: 'Fresh#2026pw' })).http).toBe(401);
    for (const bad of [
      {},
      { oldPassword: START },
      { oldPassword: '', newPassword: 'x' },
      { oldPassword: START, newPassword: 'x'.repeat(129) },
      { oldPassword: 1, newPassword: [] },
    ]) {
      const b = await change(demo.token, bad);
      expect(b.http).toBe(400);
      expect(b.msg).not.toBe('');
    }
    expect((await login('pwdemo', START)).http).toBe(200);
    // The demo accounts keep the demo password.
    expect((await login('admin', DEMO_PASSWORD)).http).toBe(200);
  });
});
