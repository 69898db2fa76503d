import { MESSAGES, STATUS_FAILURE, STATUS_NETWORK, STATUS_TIMEOUT, httpErrorMessage } from '@portal/contracts/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, setUnauthorizedHandler } from './client.ts';
import { authHeaders, userStamp } from './encoding.ts';
import { HttpError } from './errors.ts';
import { resetNotifyState, setNotifier } from './notify.ts';

type Call = { url: string; init: RequestInit };

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    return respond(call);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('http client (section 7 and 8)', () => {
  const shown: { kind: string; text: string }[] = [];
  beforeEach(() => {
    shown.length = 0;
    resetNotifyState();
    setNotifier({
      error: (text) => shown.push({ kind: 'error', text }),
      warning: (text) => shown.push({ kind: 'warning', text }),
    });
  });
  afterEach(() => setUnauthorizedHandler(null));

  describe('in a browser with scheduler.yield (issue 10)', () => {
    let turns: (() => void)[];
    beforeEach(() => {
      turns = [];
      vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => turns.push(resolve)) });
    });
    afterEach(() => vi.unstubAllGlobals());
    const ok = () => json({ status: 1000, msg: '', msgDetail: '', result: 1 });

    it('makes each call in a turn of its own, in the order they were asked for', async () => {
      const { fetch, calls } = fakeFetch(ok);
      const http = createHttpClient({ baseUrl: '', fetch });
      const answers = [http.get('/a'), http.get('/b'), http.get('/c')];
      await Promise.resolve();
      expect(turns).toHaveLength(3);
      expect(calls).toHaveLength(0);
      turns[0]!();
      await vi.waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/a']));
      turns[1]!();
      turns[2]!();
      await expect(Promise.all(answers)).resolves.toEqual([1, 1, 1]);
      expect(calls.map((c) => c.url)).toEqual(['/a', '/b', '/c']);
    });

    it('does not make a call given up while it waited for its turn', async () => {
      const { fetch, calls } = fakeFetch(ok);
      const http = createHttpClient({ baseUrl: '', fetch });
      const controller = new AbortController();
      const answer = http.get('/a', {}, { signal: controller.signal }).catch((e: unknown) => e);
      controller.abort();
      turns[0]!();
      expect(await answer).toMatchObject({ name: 'AbortError' });
      expect(calls).toHaveLength(0);
      expect(shown).toEqual([]);
    });
  });

  it('unwraps the result of an accepted status', async () => {
    const { fetch } = fakeFetch(() => json({ status: 1000, msg: '操作成功', msgDetail: '', result: { a: 1 } }));
    const http = createHttpClient({ baseUrl: '/api/blade-platform', fetch });
    await expect(http.get('/x')).resolves.toEqual({ a: 1 });
  });

  it('turns any other status into 8008 with the server message and detail, and toasts it', async () => {
    const { fetch } = fakeFetch(() => json({ status: 5001, msg: '服务不存在', msgDetail: 'id 9', result: null }));
    const http = createHttpClient({ baseUrl: '', fetch });
    const err = await http.post('/x', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: STATUS_FAILURE, msg: '服务不存在', msgDetail: 'id 9' });
    expect(shown).toEqual([{ kind: 'error', text: '服务不存在' }]);
  });

  it('does not toast a message its caller shows itself, and toasts any other', async () => {
    // A configuration save refused because another administrator saved first (ADR 0075): the dialog that offers the
    // reload says so; a toast over it said it a second time.
    const answers = ['该配置已被他人修改，请刷新后重试', '服务不存在'];
    const { fetch } = fakeFetch(() => json({ status: 5001, msg: answers.shift(), msgDetail: '', result: null }));
    const http = createHttpClient({ baseUrl: '', fetch });
    const quiet = { quietMessages: ['该配置已被他人修改，请刷新后重试'] };
    await expect(http.post('/x', {}, quiet)).rejects.toMatchObject({ msg: '该配置已被他人修改，请刷新后重试' });
    expect(shown).toEqual([]);
    await expect(http.post('/x', {}, quiet)).rejects.toMatchObject({ msg: '服务不存在' });
    expect(shown).toEqual([{ kind: 'error', text: '服务不存在' }]);
  });

  it('rejects a whitelisted status even though it is accepted', async () => {
    const { fetch } = fakeFetch(() => json({ status: 9009, msg: '需要确认', msgDetail: '', result: null }));
    const http = createHttpClient({ baseUrl: '', fetch });
    await expect(http.get('/x', {}, { rejectStatuses: [9009], silent: true })).rejects.toMatchObject({
      status: 9009,
      msg: '需要确认',
    });
    expect(shown).toEqual([]);
  });

  it('uses the default message when the server gives none', async () => {
    const { fetch } = fakeFetch(() => json({ status: 7, msg: '', msgDetail: '', result: null }));
    const http = createHttpClient({ baseUrl: '', fetch });
    await expect(http.get('/x', {}, { silent: true })).rejects.toMatchObject({ msg: MESSAGES.defaultError });
  });

  it('gives the E-FY{status}Q message for an HTTP error with a text body, and the server msg for an envelope', async () => {
    const text = createHttpClient({
      baseUrl: '',
      fetch: fakeFetch(() => new Response('Bad Gateway', { status: 502 })).fetch,
    });
    await expect(text.get('/x', {}, { silent: true })).rejects.toMatchObject({
      msg: httpErrorMessage(502),
      httpStatus: 502,
    });
    const env = createHttpClient({
      baseUrl: '',
      fetch: fakeFetch(() => json({ status: 400, msg: '请输入账号', msgDetail: 'username', result: null }, 400)).fetch,
    });
    await expect(env.get('/x', {}, { silent: true })).rejects.toMatchObject({
      status: STATUS_FAILURE,
      msg: '请输入账号',
      msgDetail: 'username',
    });
  });

  it('shows the server’s message for a refusal as too many calls (429 with Retry-After), not a network error', async () => {
    const { fetch, calls } = fakeFetch(
      () =>
        new Response(
          JSON.stringify({
            status: 429,
            msg: MESSAGES.tooManyRequests,
            msgDetail: 'at most 30 calls a minute; retry after 42 s',
            result: null,
          }),
          { status: 429, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '42' } },
        ),
    );
    const http = createHttpClient({ baseUrl: '/api/chat', fetch });
    const err = await http.post('/upload', new FormData()).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: STATUS_FAILURE,
      msg: MESSAGES.tooManyRequests,
      msgDetail: 'at most 30 calls a minute; retry after 42 s',
      httpStatus: 429,
    });
    expect(shown).toEqual([{ kind: 'error', text: MESSAGES.tooManyRequests }]);
    // Shown once, not retried by the client.
    expect(calls).toHaveLength(1);
  });

  it('maps a network failure to 8199 and shows E-N00001 only once within 3 s', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const http = createHttpClient({ baseUrl: '', fetch });
    await expect(http.get('/x')).rejects.toMatchObject({ status: STATUS_NETWORK, msg: MESSAGES.network });
    await expect(http.get('/y')).rejects.toMatchObject({ status: STATUS_NETWORK });
    expect(shown).toEqual([{ kind: 'error', text: MESSAGES.network }]);
  });

  it('maps a timeout to 8010 and shows E-N00002 as a warning', async () => {
    vi.useFakeTimers();
    try {
      const fetch = ((_u: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        )) as unknown as typeof globalThis.fetch;
      const http = createHttpClient({ baseUrl: '', fetch, timeoutMs: 50 });
      const p = http.get('/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(60);
      expect(await p).toMatchObject({ status: STATUS_TIMEOUT, msg: MESSAGES.timeout });
      expect(shown).toEqual([{ kind: 'warning', text: MESSAGES.timeout }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands a 401 to the session handler after clearing the ticket, without a toast', async () => {
    const order: string[] = [];
    setUnauthorizedHandler(() => order.push('dialog'));
    const { fetch } = fakeFetch(() =>
      json({ status: 401, msg: '登录已失效，请重新登录', msgDetail: '', result: null }, 401),
    );
    const http = createHttpClient({ baseUrl: '', fetch, onUnauthorized: () => order.push('clearTicket') });
    await expect(http.get('/x')).rejects.toMatchObject({ status: 401 });
    expect(order).toEqual(['clearTicket', 'dialog']);
    expect(shown).toEqual([]);
  });

  it('adds the bearer token, the tenant, the time value and the account to GET calls, and account and nick name to payloads', async () => {
    const { fetch, calls } = fakeFetch(() => json({ status: 1000, msg: '', msgDetail: '', result: null }));
    const identity = () => ({
      token: 'tok',
      tenantId: '000000',
      account: 'student01',
      userName: '李同学',
      nickName: '小李',
    });
    const http = createHttpClient({
      baseUrl: '/api/blade-workbench',
      fetch,
      interceptors: [authHeaders(identity), userStamp(identity, () => 42)],
    });
    await http.get('/a', { q: '成绩' });
    await http.post('/b', { id: 1 });
    await http.post('/c', { x: 1 }, { form: true, query: { grant_type: 'password' } });
    const get = new URL(calls[0]!.url, 'http://h');
    expect(get.pathname).toBe('/api/blade-workbench/a');
    expect(Object.fromEntries(get.searchParams)).toEqual({
      q: '成绩',
      _t: '42',
      _account: 'student01',
      _userName: '李同学',
    });
    expect(calls[0]!.init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Tenant-Id': '000000' });
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({ _account: 'student01', _nickName: '小李', id: 1 });
    expect(calls[2]!.url).toContain('grant_type=password');
    expect(String(calls[2]!.init.body)).toContain('x=1');
    expect(calls[2]!.init.headers).toMatchObject({ 'Content-Type': 'application/x-www-form-urlencoded' });
  });
});
