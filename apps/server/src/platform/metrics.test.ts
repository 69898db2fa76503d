import { MSG_TYPE_RECEIPT_STORED } from '@portal/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { routeLabel } from './metrics.ts';
import { DEMO_USERS } from '../db/seed/demo.ts';
import { receiptOf, TestChatClient } from '../modules/chat/chat-test-client.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';

const TOKEN = 'm'.repeat(40);
const STUDENT = DEMO_USERS[2]!.id;

/** The value of one series in Prometheus's text format (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('routeLabel', () => {
  it("labels calls by their pattern and the web app's pages and hashed files as one label", () => {
    expect(routeLabel('/api/ospServerCenter/serverCenter/page')).toBe('/api/ospServerCenter/serverCenter/page');
    for (const route of ['/assets/home-page-CL7ZAjI7.js', '/favicon.svg', '/', '/home/*', '/sw.js'])
      expect(routeLabel(route)).toBe('web');
    expect(routeLabel(null)).toBe('unmatched');
  });
});

describe('METRICS_TOKEN', () => {
  it('is off when unset or empty, and a short one is refused with the reason', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-metrics-config' }).metricsToken).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-metrics-config', METRICS_TOKEN: ' ' }).metricsToken,
    ).toBeUndefined();
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-metrics-config', METRICS_TOKEN: 'short' }),
    ).toThrow(/METRICS_TOKEN: at least 32 characters/);
  });
});

describe.each(testDatabases)('Prometheus metrics on %s', (engine) => {
  let t: TestApp;
  let off: TestApp;
  const clients: TestChatClient[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { metricsToken: TOKEN, nodeId: 'node-m' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    off = await createTestApp(engine);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await off?.close();
    await t?.close();
  });
  const scrape = async (app = t) => {
    const res = await app.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
    return { status: res.statusCode, type: res.headers['content-type'], text: res.body };
  };

  it('answers only a scrape with the token; anyone else meets a route that does not exist', async () => {
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(ok.text, 'portal_build_info', { engine, node: 'node-m' })).toBe(1);
    const student = await t.login('student01');
    for (const headers of [{}, bearer('x'.repeat(40)), bearer(student.access_token), { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/portal_/);
    }
    // A node without METRICS_TOKEN has no such route, whatever is sent.
    expect((await scrape(off)).status).toBe(404);
  });

  it('counts answers by method, route pattern and status class, and their durations', async () => {
    const before = await scrape();
    const count = (text: string, route: string, status: string) =>
      sample(text, 'portal_http_requests_total', { method: 'GET', route, status }) ?? 0;
    const durations = (text: string, status: string) =>
      sample(text, 'portal_http_request_duration_seconds_count', { status }) ?? 0;
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-call?token=secret' });
    const after = await scrape();
    expect(count(after.text, '/api/health', '2xx') - count(before.text, '/api/health', '2xx')).toBe(3);
    expect(count(after.text, 'unmatched', '4xx') - count(before.text, 'unmatched', '4xx')).toBe(1);
    // the scrape before this one is counted too
    expect(durations(after.text, '2xx') - durations(before.text, '2xx')).toBe(4);
    // a path's query string (or any path) never becomes a label: routes are patterns
    expect(after.text).not.toMatch(/secret|no-such-call/);
    expect(sample(after.text, 'portal_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(after.text, 'portal_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('shows the open chat sockets and the chat commits', async () => {
    const teacher = await TestChatClient.connect(t.app, { token: (await t.login('teacher01')).access_token });
    clients.push(teacher);
    const before = await scrape();
    expect(sample(before.text, 'portal_chat_sockets')).toBe(1);
    const w = teacher.say(STUDENT, '指标');
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, w));
    const after = await scrape();
    expect(sample(after.text, 'portal_chat_facts_total')).toBeGreaterThan(
      sample(before.text, 'portal_chat_facts_total')!,
    );
    expect(sample(after.text, 'portal_chat_commits_total')).toBeGreaterThan(0);
    await teacher.close();
    await expect.poll(async () => sample((await scrape()).text, 'portal_chat_sockets')).toBe(0);
    if (engine === 'postgres') expect(sample(after.text, 'portal_db_pool_connections')).toBeGreaterThan(0);
    else expect(sample(after.text, 'portal_db_pool_connections')).toBeUndefined();
  });
});
