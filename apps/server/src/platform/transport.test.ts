import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { requestSigningText, responseSigningText, STATUS_SIGNATURE_FAULT, TRANSPORT_TEXTS } from '@portal/contracts/transport';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';
import { open, ReplayGuard, seal, sign, transportKeys } from './transport.ts';

const O = '/api/online-service-platform';
const P = '/api/blade-platform';

describe('7.1 transport sealing (optional mode)', () => {
  let t: TestApp;
  let admin: string;
  let student: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    admin = (await t.login('admin')).access_token;
    student = (await t.login('student01')).access_token;
  });
  afterAll(async () => t?.close());

  /** A sealed POST as the web client sends it; `tamper` changes one part after signing. */
  const sealedPost = async (token: string, path: string, body: unknown, tamper: { data?: string; time?: string; sign?: string; requestId?: string; keysOf?: string; drop?: string } = {}) => {
    const keys = transportKeys(tamper.keysOf ?? token);
    const requestId = tamper.requestId ?? randomUUID();
    const time = String(Date.now());
    const data = seal(keys, JSON.stringify(body));
    const headers: Record<string, string> = {
      ...bearer(token),
      'Portal-Transport': '1',
      'Request-Id': requestId,
      'Request-Time': tamper.time ?? time,
      Sign: tamper.sign ?? sign(keys, requestSigningText(requestId, time, 'POST', path, data)),
    };
    if (tamper.drop) delete headers[tamper.drop];
    const res = await t.app.inject({ method: 'POST', url: path, headers, payload: { data: tamper.data ?? data } });
    return { res, requestId, keys: transportKeys(token) };
  };

  /** Checks an answer's binding and signature and opens its result, as the web client does. */
  const openAnswer = (res: Awaited<ReturnType<typeof sealedPost>>['res'], requestId: string, token: string) => {
    const keys = transportKeys(token);
    const env = res.json() as { status: number; result: string };
    expect(res.headers['portal-transport']).toBe('1');
    expect(res.headers['request-id']).toBe(requestId);
    expect(res.headers.sign).toBe(sign(keys, responseSigningText(requestId, env.status, env.result)));
    return { ...env, result: JSON.parse(open(keys, env.result)!) as unknown };
  };

  it('opens a sealed body before the contract schemas and seals the answer, bound to the request id', async () => {
    const path = `${O}/indexholidayconfig/submit`;
    const saved = await sealedPost(admin, path, { name: '校庆日', date: '2031-05-20' });
    expect(saved.res.statusCode).toBe(200);
    const answer = openAnswer(saved.res, saved.requestId, admin);
    expect(answer).toMatchObject({ status: 1000, result: { name: '校庆日', date: '2031-05-20' } });

    // The opened body meets the schemas like any other: a bad one gets the field's message.
    const bad = await sealedPost(admin, path, { name: '', date: '2031-05-20' });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().msg).toBe(WORKBENCH_MESSAGES.holidayNameRequired);
    // Without the token's keys the sealed result is unreadable.
    expect(open(transportKeys(student), JSON.parse(saved.res.body).result)).toBeNull();
  });

  it('refuses changed data, a wrong signature, other keys, a stale time, a replay and missing headers with the 1002 messages', async () => {
    const path = `${O}/homePage/getHoliday`;
    const cases = [
      [{ data: seal(transportKeys(student), '{}') }, TRANSPORT_TEXTS.badSign],
      [{ sign: 'x'.repeat(43) }, TRANSPORT_TEXTS.badSign],
      [{ keysOf: admin }, TRANSPORT_TEXTS.badSign],
      [{ time: String(Date.now() - 6 * 60_000) }, TRANSPORT_TEXTS.badSign],
      [{ drop: 'Sign' }, TRANSPORT_TEXTS.missingHeaders],
      [{ drop: 'Request-Id' }, TRANSPORT_TEXTS.missingHeaders],
      [{ drop: 'Request-Time' }, TRANSPORT_TEXTS.missingHeaders],
    ] as const;
    for (const [tamper, msg] of cases) {
      const { res } = await sealedPost(student, path, {}, tamper);
      expect(res.statusCode, JSON.stringify(tamper)).toBe(400);
      expect(res.json(), JSON.stringify(tamper)).toMatchObject({ status: STATUS_SIGNATURE_FAULT, msg });
    }
    const first = await sealedPost(student, path, {}, { requestId: 'once-only' });
    expect(first.res.json().status).toBe(1000);
    const again = await sealedPost(student, path, {}, { requestId: 'once-only' });
    expect(again.res.json()).toMatchObject({ status: STATUS_SIGNATURE_FAULT, msg: TRANSPORT_TEXTS.badSign, msgDetail: 'request id already used' });
    // A sealed call without a token is still a 401, not a signature fault.
    const anonymous = await t.app.inject({ method: 'POST', url: path, headers: { 'Portal-Transport': '1' }, payload: { data: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('seals answers of the four groups only when asked, and leaves plain calls and files alone', async () => {
    const asked = await t.app.inject({ method: 'GET', url: `${P}/serverCenter/myCollect`, headers: { ...bearer(student), 'Portal-Transport': '1', 'Request-Id': 'r-1' } });
    const opened = openAnswer(asked as never, 'r-1', student);
    expect(opened.status).toBe(1000);
    expect(Array.isArray(opened.result)).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url: `${P}/serverCenter/myCollect`, headers: bearer(student) });
    expect(plain.headers['portal-transport']).toBeUndefined();
    expect(Array.isArray(plain.json().result)).toBe(true);
    // Not one of the four groups: the user info stays plain.
    const user = await t.app.inject({ method: 'GET', url: '/api/blade-user/user/getUserInfo', headers: { ...bearer(student), 'Portal-Transport': '1', 'Request-Id': 'r-2' } });
    expect(user.json().result.account).toBe('student01');
    // A file is not an envelope: it goes out as it is.
    const file = await t.app.inject({ method: 'GET', url: '/api/blade-workbench/transfer/deptDuty/template', headers: { ...bearer(admin), 'Portal-Transport': '1', 'Request-Id': 'r-3' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).not.toMatch(/json/);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Plain posts to the online-service-platform group are taken in optional mode.
    expect((await t.app.inject({ method: 'POST', url: `${O}/homePage/getHoliday`, headers: bearer(student), payload: {} })).json().status).toBe(1000);
  });
});

describe('7.1 transport sealing (required mode)', () => {
  let t: TestApp;
  let student: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { transportSeal: 'required' });
    student = (await t.login('student01')).access_token;
  });
  afterAll(async () => t?.close());

  it('refuses an unsealed JSON post of the online-service-platform group, and nothing else', async () => {
    const plain = await t.app.inject({ method: 'POST', url: `${O}/homePage/getHoliday`, headers: bearer(student), payload: {} });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ status: STATUS_SIGNATURE_FAULT, msg: TRANSPORT_TEXTS.missingHeaders });
    // nobody paths, GETs and the other groups are not wrapped.
    expect((await t.app.inject({ method: 'GET', url: `${O}/nobody/preLogin/common/semesterList?tenantId=000000` })).statusCode).not.toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `${P}/serverCenter/page`, headers: bearer(student), payload: {} })).json().status).toBe(1000);
  });
});

describe('replay guard', () => {
  it('takes an id once within the window, again after it, and stays bounded', () => {
    const g = new ReplayGuard(1000, 4);
    expect(g.claim('a', 0)).toBe(true);
    expect(g.claim('a', 500)).toBe(false);
    expect(g.claim('a', 1500)).toBe(true);
    for (const id of ['b', 'c', 'd', 'e', 'f', 'g']) expect(g.claim(id, 1600)).toBe(true);
  });
});
