import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import {
  requestSigningText,
  responseSigningText,
  STATUS_SIGNATURE_FAULT,
  TRANSPORT_TEXTS,
  UNWRAPPED_MULTIPART_DATA,
} from '@portal/contracts/transport';
import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { DbHandle } from '../db/create-db.ts';
import { DEMO_PASSWORD, DEMO_TENANT_ID } from '../db/seed/demo.ts';
import { nowIso } from '../db/sql-helpers.ts';
import { bearer, createTestApp, createTestDb, testConfig, testDatabases, type TestApp } from '../test/test-app.ts';
import {
  databaseReplayStore,
  open,
  openBytes,
  redisReplayStore,
  REPLAY_WINDOW_MS,
  seal,
  sign,
  transportKeys,
} from './transport.ts';

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
  const sealedPost = async (
    token: string,
    path: string,
    body: unknown,
    tamper: {
      data?: string;
      time?: string;
      sign?: string;
      requestId?: string;
      keysOf?: string;
      drop?: string;
      deflate?: boolean;
    } = {},
  ) => {
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
    if (tamper.deflate) headers['Portal-Transport-Deflate'] = '1';
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
    expect(again.res.json()).toMatchObject({
      status: STATUS_SIGNATURE_FAULT,
      msg: TRANSPORT_TEXTS.badSign,
      msgDetail: 'request id already used',
    });
    // A sealed call without a token is still a 401, not a signature fault.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'Portal-Transport': '1' },
      payload: { data: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('deflates a long result inside the seal only for a client that can inflate, and no short one (ADR 0060)', async () => {
    const path = `${O}/indexcardconfig/list`;
    const plainSealed = await sealedPost(student, path, {});
    const layout = openAnswer(plainSealed.res, plainSealed.requestId, student).result;
    const json = JSON.stringify(layout);
    expect(json.length).toBeGreaterThan(1024);

    const deflated = await sealedPost(student, path, {}, { deflate: true });
    const env = deflated.res.json() as { status: number; result: string };
    // Bound and signed as any sealed answer; the opened bytes are the mark and the raw deflate stream of the JSON.
    expect(deflated.res.headers['request-id']).toBe(deflated.requestId);
    expect(deflated.res.headers.sign).toBe(
      sign(deflated.keys, responseSigningText(deflated.requestId, env.status, env.result)),
    );
    const bytes = openBytes(deflated.keys, env.result)!;
    expect(bytes[0]).toBe(0);
    expect(inflateRawSync(bytes.subarray(1)).toString('utf8')).toBe(json);
    expect(env.result.length).toBeLessThan(JSON.parse(plainSealed.res.body).result.length / 3);
    // Another user's keys open neither.
    expect(openBytes(transportKeys(admin), env.result)).toBeNull();

    // A short result is sealed as it is, whatever the client can do.
    const short = await sealedPost(student, `${O}/homePage/getHoliday`, {}, { deflate: true });
    const shortEnv = short.res.json() as { result: string };
    expect(JSON.parse(open(short.keys, shortEnv.result)!)).toEqual(
      openAnswer(short.res, short.requestId, student).result,
    );
  });

  it('seals answers of the four groups only when asked, and leaves plain calls and files alone', async () => {
    const asked = await t.app.inject({
      method: 'GET',
      url: `${P}/serverCenter/myCollect`,
      headers: { ...bearer(student), 'Portal-Transport': '1', 'Request-Id': 'r-1' },
    });
    const opened = openAnswer(asked as never, 'r-1', student);
    expect(opened.status).toBe(1000);
    expect(Array.isArray(opened.result)).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url: `${P}/serverCenter/myCollect`, headers: bearer(student) });
    expect(plain.headers['portal-transport']).toBeUndefined();
    expect(Array.isArray(plain.json().result)).toBe(true);
    // Not one of the four groups: the user info stays plain.
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/blade-user/user/getUserInfo',
      headers: { ...bearer(student), 'Portal-Transport': '1', 'Request-Id': 'r-2' },
    });
    expect(user.json().result.account).toBe('student01');
    // A file is not an envelope: it goes out as it is.
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/blade-workbench/transfer/deptDuty/template',
      headers: { ...bearer(admin), 'Portal-Transport': '1', 'Request-Id': 'r-3' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).not.toMatch(/json/);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Plain posts to the online-service-platform group are taken in optional mode.
    expect(
      (
        await t.app.inject({ method: 'POST', url: `${O}/homePage/getHoliday`, headers: bearer(student), payload: {} })
      ).json().status,
    ).toBe(1000);
  });
});

/** A captured sealed call: path, headers and payload exactly as sent, so it can be sent again. */
function sealedCall(token: string, path: string, body: unknown) {
  const keys = transportKeys(token);
  const requestId = randomUUID();
  const time = String(Date.now());
  const data = seal(keys, JSON.stringify(body));
  const headers = {
    ...bearer(token),
    'Portal-Transport': '1',
    'Request-Id': requestId,
    'Request-Time': time,
    Sign: sign(keys, requestSigningText(requestId, time, 'POST', path, data)),
  };
  return { method: 'POST' as const, url: path, headers, payload: { data } };
}

/** A multipart body of one small PNG file. */
function pngUpload(boundary = '----sealtest') {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('7.1 transport sealing (required mode)', () => {
  let t: TestApp;
  let student: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { transportSeal: 'required' });
    student = (await t.login('student01')).access_token;
    admin = (await t.login('admin')).access_token;
  });
  afterAll(async () => t?.close());

  it('refuses an unsealed JSON post of the online-service-platform group, and nothing else', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: `${O}/homePage/getHoliday`,
      headers: bearer(student),
      payload: {},
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ status: STATUS_SIGNATURE_FAULT, msg: TRANSPORT_TEXTS.missingHeaders });
    // nobody paths, GETs and the other groups are not wrapped.
    expect(
      (await t.app.inject({ method: 'GET', url: `${O}/nobody/preLogin/common/semesterList?tenantId=000000` }))
        .statusCode,
    ).not.toBe(400);
    expect(
      (
        await t.app.inject({ method: 'POST', url: `${P}/serverCenter/page`, headers: bearer(student), payload: {} })
      ).json().status,
    ).toBe(1000);
    // The sealed call itself goes through.
    expect((await t.app.inject(sealedCall(student, `${O}/homePage/getHoliday`, {}))).json().status).toBe(1000);
  });

  const upload = pngUpload();
  it.each([
    ['form-urlencoded', 'application/x-www-form-urlencoded', 'tenantId=000000&x=1'],
    ['text/plain', 'text/plain', '{}'],
    ['multipart', upload.contentType, upload.payload],
  ] as const)(
    'refuses an unsealed %s body of the group, with or without the Portal-Transport header',
    async (_what, contentType, payload) => {
      for (const asked of [{}, { 'Portal-Transport': '1' }]) {
        const res = await t.app.inject({
          method: 'POST',
          url: `${O}/homePage/getHoliday`,
          headers: { ...bearer(student), ...asked, 'content-type': contentType },
          payload,
        });
        expect(res.statusCode, JSON.stringify(asked)).toBe(400);
        expect(res.json(), JSON.stringify(asked)).toMatchObject({
          status: STATUS_SIGNATURE_FAULT,
          msg: TRANSPORT_TEXTS.missingHeaders,
        });
      }
    },
  );

  it('refuses a post without a body', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${O}/homePage/getHoliday`, headers: bearer(student) });
    expect(res.json()).toMatchObject({ status: STATUS_SIGNATURE_FAULT, msg: TRANSPORT_TEXTS.missingHeaders });
  });

  it('takes a signed upload (the file is not wrapped), once; refuses a badly signed one', async () => {
    const path = `${O}/common/upload`;
    const keys = transportKeys(admin);
    const signed = (requestId: string, data = UNWRAPPED_MULTIPART_DATA) => {
      const time = String(Date.now());
      const { payload, contentType } = pngUpload();
      return t.app.inject({
        method: 'POST',
        url: path,
        headers: {
          ...bearer(admin),
          'content-type': contentType,
          'Portal-Transport': '1',
          'Request-Id': requestId,
          'Request-Time': time,
          Sign: sign(keys, requestSigningText(requestId, time, 'POST', path, data)),
        },
        payload,
      });
    };
    const id = randomUUID();
    const ok = await signed(id);
    expect(ok.json().status).toBe(1000);
    // The answer is sealed like any other of the group.
    expect(JSON.parse(open(keys, ok.json().result)!)).toMatchObject({
      url: expect.stringContaining('/nobody/common/image/'),
    });
    expect((await signed(id)).json()).toMatchObject({
      status: STATUS_SIGNATURE_FAULT,
      msgDetail: 'request id already used',
    });
    expect((await signed(randomUUID(), 'something else')).json()).toMatchObject({
      status: STATUS_SIGNATURE_FAULT,
      msg: TRANSPORT_TEXTS.badSign,
    });
  });
});

describe.each(testDatabases)('7.1 replay guard in the database (%s)', (engine) => {
  let db: DbHandle;
  const apps: FastifyInstance[] = [];
  const newApp = async () => {
    const app = await buildApp({ config: testConfig(), db, logger: false, serveWeb: false });
    await app.ready();
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await db?.close();
  });

  it('refuses a captured sealed request replayed after a restart (a new app on the same database)', async () => {
    const first = await newApp();
    const login = await first.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      payload: { grant_type: 'password', tenantId: DEMO_TENANT_ID, username: 'student01', password: DEMO_PASSWORD },
    });
    const token = login.json().result.access_token as string;
    const captured = sealedCall(token, `${O}/homePage/getHoliday`, {});
    expect((await first.inject(captured)).json().status).toBe(1000);
    await first.close();

    const restarted = await newApp();
    const replay = await restarted.inject(captured);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      status: STATUS_SIGNATURE_FAULT,
      msg: TRANSPORT_TEXTS.badSign,
      msgDetail: 'request id already used',
    });
    // A fresh call still works on the new process.
    expect((await restarted.inject(sealedCall(token, `${O}/homePage/getHoliday`, {}))).json().status).toBe(1000);
  });

  it('refuses the same request on a second node of the same database, however the two race', async () => {
    const [a, b] = [await newApp(), await newApp()];
    const login = await a.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      payload: { grant_type: 'password', tenantId: DEMO_TENANT_ID, username: 'student01', password: DEMO_PASSWORD },
    });
    const captured = sealedCall(login.json().result.access_token as string, `${O}/homePage/getHoliday`, {});
    const answers = await Promise.all([a, b, a, b, a, b].map((app) => app.inject(captured)));
    expect(answers.map((r) => r.json().status).sort()).toEqual([1000, 1002, 1002, 1002, 1002, 1002]);
  });

  it('takes an id once within the window, again once it has expired, and prunes expired ids', async () => {
    const store = databaseReplayStore(db.db, 1000);
    const t0 = Date.parse('2031-01-01T00:00:00Z');
    expect(await store.claim('a', t0)).toBe(true);
    expect(await store.claim('a', t0 + 500)).toBe(false);
    expect(await store.claim('a', t0 + 1500)).toBe(true);
    // Two claimants of an expired id at once: one wins.
    expect((await Promise.all([store.claim('a', t0 + 3000), store.claim('a', t0 + 3000)])).sort()).toEqual([
      false,
      true,
    ]);
    expect(await store.claim('b', t0 + 3000)).toBe(true);
    // A minute later the next claim prunes every expired row first.
    await store.claim('c', t0 + 3000 + 61_000);
    const left = await db.db
      .selectFrom('transport_replay')
      .select('request_id')
      .where('expires_at', '<=', nowIso(t0 + 3000 + 61_000))
      .execute();
    expect(left).toEqual([]);
  });
});

describe('7.1 replay guard in Redis (REDIS_URL)', () => {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  it('takes an id once across two connections (two nodes), and again after the window', async () => {
    const prefix = `portal:test:replay:${randomUUID()}`;
    const [a, b] = [redisReplayStore(url, prefix, 300), redisReplayStore(url, prefix, 300)];
    try {
      const results = await Promise.all([a.claim('x'), b.claim('x'), a.claim('x'), b.claim('x')]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await b.claim('y')).toBe(true);
      await new Promise((r) => setTimeout(r, 400));
      expect(await a.claim('x')).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('is the store the app uses when REDIS_URL is set: a replay on a second node is refused', async () => {
    const db = await createTestDb('sqlite');
    const apps = await Promise.all(
      [0, 1].map(async () => {
        const app = await buildApp({ config: testConfig({ redisUrl: url }), db, logger: false, serveWeb: false });
        await app.ready();
        return app;
      }),
    );
    try {
      const login = await apps[0]!.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        payload: { grant_type: 'password', tenantId: DEMO_TENANT_ID, username: 'student01', password: DEMO_PASSWORD },
      });
      const captured = sealedCall(login.json().result.access_token as string, `${O}/homePage/getHoliday`, {});
      expect((await apps[0]!.inject(captured)).json().status).toBe(1000);
      expect((await apps[1]!.inject(captured)).json()).toMatchObject({
        status: STATUS_SIGNATURE_FAULT,
        msgDetail: 'request id already used',
      });
      // Not in the database: Redis holds it.
      expect(await db.db.selectFrom('transport_replay').select('request_id').execute()).toEqual([]);
    } finally {
      for (const app of apps) await app.close();
      await db.close();
    }
    expect(REPLAY_WINDOW_MS).toBe(10 * 60_000);
  });
});
