import { MESSAGES } from '@portal/contracts/errors';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { IDENTITY_PATHS } from '../modules/identity/identity.service.ts';
import { DEMO_TENANT_ID, DEMO_USERS } from '../db/seed/demo.ts';
import { bearer, createPeerTestApp, createTestApp, testConfig, testDatabases, type TestApp } from '../test/test-app.ts';
import { startRedis, type OwnRedis } from '../test/redis-server.ts';
import { RATE_LIMITS, RATE_WINDOW_MS } from './rate-limit.ts';

/** A limited route of a signed-in user (chat message search) and one of a visitor (the start of an SSO sign-in). */
const SEARCH = '/api/chat/search';
const SEARCH_MAX = RATE_LIMITS.chatSearch;
const START = `${IDENTITY_PATHS.start}?tenantId=${DEMO_TENANT_ID}`;
const START_MAX = RATE_LIMITS.signIn;

/** The answer of a call over its limit: 429, the envelope with the message, Retry-After within the window. */
function expectRefused(res: LightMyRequestResponse, max: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    status: 429,
    msg: MESSAGES.tooManyRequests,
    msgDetail: expect.stringMatching(/^at most \d+ calls a minute; retry after \d+ s$/),
    result: null,
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(RATE_WINDOW_MS / 1000);
  expect(res.headers['x-ratelimit-limit']).toBe(String(max));
}

describe.each(testDatabases)('rate limits on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const search = (app: TestApp['app'], account: string) =>
    app.inject({ method: 'POST', url: SEARCH, headers: bearer(tokens[account]!), payload: { keyword: '考试' } });
  const start = (app: TestApp['app'], remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: START, remoteAddress, headers });
  /** `n` calls, `parallel` at a time (as a script would send them). */
  const calls = async (n: number, call: () => Promise<LightMyRequestResponse>, parallel = 20) => {
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < n; i += parallel)
      answers.push(...(await Promise.all(Array.from({ length: Math.min(parallel, n - i) }, call))));
    return answers;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const account of ['student01', 'student02', 'teacher01'])
      tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a student over a route’s limit with 429, the message and Retry-After; another student is not affected', async () => {
    const allowed = await calls(SEARCH_MAX, () => search(t.app, 'student01'));
    expect(allowed.map((r) => r.json().status)).toEqual(Array(SEARCH_MAX).fill(1000));
    // Every allowance was used once, whatever order the parallel calls were counted in.
    expect(allowed.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((x, y) => x - y)).toEqual(
      Array.from({ length: SEARCH_MAX }, (_, i) => i),
    );
    expectRefused(await search(t.app, 'student01'), SEARCH_MAX);

    // The other student has their own count, and so has the same student on a route of another kind.
    const other = await search(t.app, 'student02');
    expect(other.json().status).toBe(1000);
    expect(other.headers['x-ratelimit-remaining']).toBe(String(SEARCH_MAX - 1));
    const want = await t.app.inject({
      method: 'GET',
      url: '/api/blade-platform/aiquestion/wantAnswer?question=%E8%80%83%E8%AF%95',
      headers: bearer(tokens.student01!),
    });
    expect(want.json().status).toBe(1000);
    // A route without a limit says nothing of one.
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/blade-platform/serverCenter/page',
      headers: bearer(tokens.student01!),
      payload: { current: 1, size: 10 },
    });
    expect(page.json().status).toBe(1000);
    expect(page.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('counts only the calls that reach the route’s work: a body the contract refuses spends nothing', async () => {
    for (let i = 0; i < SEARCH_MAX + 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: SEARCH,
        headers: bearer(tokens.teacher01!),
        payload: { keyword: 42 },
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await search(t.app, 'teacher01')).headers['x-ratelimit-remaining']).toBe(String(SEARCH_MAX - 1));
  });

  it('limits a visitor by address, and lets the count start again after the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const allowed = await calls(START_MAX, () => start(t.app, '203.0.113.7'));
    expect(allowed.every((r) => r.statusCode === 302)).toBe(true);
    expectRefused(await start(t.app, '203.0.113.7'), START_MAX);
    // Another address, and an IPv6 visitor, are counted apart.
    expect((await start(t.app, '203.0.113.8')).statusCode).toBe(302);
    expect((await start(t.app, '2001:db8::1')).statusCode).toBe(302);
    // Without a trusted proxy, a forwarded address is not believed: still the same visitor.
    expect((await start(t.app, '203.0.113.7', { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(429);

    // The student who was refused above, too, may search again once the window has passed.
    vi.setSystemTime(Date.now() + RATE_WINDOW_MS + 1000);
    expect((await start(t.app, '203.0.113.7')).statusCode).toBe(302);
    expect((await search(t.app, 'student01')).json().status).toBe(1000);
  });

  it('takes the limit an operator set for a kind (RATE_LIMITS), and the default for the others', async () => {
    const tuned = await createPeerTestApp(t, { rateLimits: { chatSearch: 3 } });
    try {
      const answers = await calls(3, () => search(tuned.app, 'student02'), 1);
      expect(answers.map((r) => r.headers['x-ratelimit-limit'])).toEqual(['3', '3', '3']);
      expectRefused(await search(tuned.app, 'student02'), 3);
      const first = await start(tuned.app, '203.0.113.99');
      expect(first.headers['x-ratelimit-limit']).toBe(String(START_MAX));
    } finally {
      await tuned.close();
    }
  });

  it('counts together the acts that each tell every member of a chat group, and the two ways to rate a service', async () => {
    const post = (account: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload });
    const STUDENT = DEMO_USERS[2]!.id;
    const created = await post('teacher01', '/api/chat/group/create', { name: '限流群', memberIds: [STUDENT] });
    expect(created.json().status).toBe(1000);
    const groupId = created.json().result.id as string;
    const max = RATE_LIMITS.chatGroup;
    // A group's owner renaming it and changing its announcement without end: each one is a frame to every member.
    for (let i = 1; i < max; i++) {
      const res =
        i % 2
          ? await post('teacher01', '/api/chat/group/rename', { groupId, name: `限流群${i}` })
          : await post('teacher01', '/api/chat/group/setNotice', { groupId, notice: `公告${i}` });
      expect(res.json().status, `call ${i}`).toBe(1000);
    }
    expectRefused(await post('teacher01', '/api/chat/group/setNotice', { groupId, notice: '再一次' }), max);
    expectRefused(await post('teacher01', '/api/chat/group/transferOwner', { groupId, userId: STUDENT }), max);
    expectRefused(await post('teacher01', '/api/chat/group/removeMembers', { groupId, memberIds: [STUDENT] }), max);

    // Ratings: a score alone (giveScore) and a score with a comment (rateService) are one allowance.
    const rate = RATE_LIMITS.feedback;
    for (let i = 0; i < rate; i++)
      await post('student02', '/api/blade-platform/serverCenter/giveScore', { serviceId: `s-${i}`, score: 5 });
    expectRefused(
      await post('student02', '/api/blade-platform/serverCenter/giveScore', { serviceId: 's', score: 5 }),
      rate,
    );
    expectRefused(
      await post('student02', '/api/blade-workbench/serverCenter/rateService', {
        serviceId: 's',
        score: 5,
        labels: [],
        comment: '',
      }),
      rate,
    );
  });

  it('behind a trusted proxy, counts the address the proxy forwards', async () => {
    const behind = await createPeerTestApp(t, { trustProxy: true });
    try {
      const from = (client: string) => start(behind.app, '127.0.0.1', { 'x-forwarded-for': client });
      await calls(START_MAX, () => from('198.51.100.20'));
      expect((await from('198.51.100.20')).statusCode).toBe(429);
      // The proxy's other clients are not refused with it.
      expect((await from('198.51.100.21')).statusCode).toBe(302);
    } finally {
      await behind.close();
    }
  });
});

describe.each(testDatabases)('rate limits across nodes (Redis) on %s', (engine) => {
  let redis: OwnRedis;
  let a: TestApp;
  let b: TestApp;
  let token: string;
  const lines: string[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    a = await createTestApp(engine, { redisUrl: redis.url });
    // The second node logs, so the test can see what it says of a Redis outage.
    const app = await buildApp({
      config: testConfig({ ...a.config, redisUrl: redis.url, logLevel: 'info' }),
      db: a.db,
      logger: true,
      serveWeb: false,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
    b = { ...a, app, close: async () => app.close() };
    token = (await a.login('student01')).access_token;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  const search = (t: TestApp) =>
    t.app.inject({ method: 'POST', url: SEARCH, headers: bearer(token), payload: { keyword: '考试' } });
  const said = (text: string) =>
    lines.filter((l) => ((JSON.parse(l) as { msg?: string }).msg ?? '').startsWith(text)).length;

  it('counts a user’s calls on every node together', async () => {
    for (let i = 0; i < SEARCH_MAX; i++) expect((await search(i % 2 ? b : a)).json().status).toBe(1000);
    expectRefused(await search(a), SEARCH_MAX);
    expectRefused(await search(b), SEARCH_MAX);
  });

  it('counts the routes that share a count together on every node (a rating by either route)', async () => {
    const rate = (t: TestApp, url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        payload: { serviceId: 'none', score: 5, labels: [], comment: '' },
      });
    for (let i = 0; i < RATE_LIMITS.feedback; i++)
      expect((await rate(i % 2 ? b : a, '/api/blade-platform/serverCenter/giveScore')).statusCode).not.toBe(429);
    expectRefused(await rate(b, '/api/blade-workbench/serverCenter/rateService'), RATE_LIMITS.feedback);
    expectRefused(await rate(a, '/api/blade-platform/serverCenter/giveScore'), RATE_LIMITS.feedback);
  });

  it('lets calls through while Redis is down, says so once, and limits again once it is back', async () => {
    await redis.stop();
    for (let i = 0; i < 5; i++) expect((await search(b)).json().status).toBe(1000);
    await vi.waitFor(() => expect(said('rate limits: Redis cannot be reached')).toBe(1), { timeout: 10_000 });
    for (let i = 0; i < 5; i++) expect((await search(b)).json().status).toBe(1000);
    expect(said('rate limits: Redis cannot be reached')).toBe(1);

    await redis.start();
    await vi.waitFor(() => expect(said('rate limits: Redis is back')).toBe(1), { timeout: 15_000, interval: 100 });
    // Each node counts again once its own connection is back (until then its calls pass uncounted).
    const remaining = async (t: TestApp) => Number((await search(t)).headers['x-ratelimit-remaining']);
    await vi.waitFor(async () => expect(await remaining(a)).toBeLessThan(SEARCH_MAX), { timeout: 15_000 });
    let left: number = SEARCH_MAX;
    await vi.waitFor(async () => expect((left = await remaining(b))).toBeLessThan(SEARCH_MAX - 1), { timeout: 15_000 });
    // The restarted Redis kept nothing: the count started again, on both nodes together.
    for (let i = 0; i < left; i++) expect((await search(i % 2 ? a : b)).json().status).toBe(1000);
    expectRefused(await search(a), SEARCH_MAX);
  });
});
