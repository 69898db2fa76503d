import { CHAT_CLOSE_UNAUTHORIZED, CHAT_PROTOCOL, CHAT_TEXTS, CHAT_TOKEN_PROTOCOL_PREFIX } from '@portal/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DEMO_PASSWORD, DEMO_TENANT_ID, DEMO_USERS } from '../../db/seed/demo.ts';
import { bearer, createTestDb, testConfig, testDatabases } from '../../test/test-app.ts';
import type { DbHandle } from '../../db/create-db.ts';
import type { FastifyInstance } from 'fastify';
import { redactUrl } from '../../platform/log-redaction.ts';
import { TestChatClient } from './chat-test-client.ts';

const [, TEACHER] = DEMO_USERS.map((u) => u.id) as [string, string, string];
const LOGOUT = '/api/blade-workbench/auth/loginOut';

/** A log sink: every line the server logs, as written. */
function logSink() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe.each(testDatabases)('chat socket security on %s', (engine) => {
  let app: FastifyInstance;
  let db: DbHandle;
  const log = logSink();
  const login = async (account: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      payload: { grant_type: 'password', tenantId: DEMO_TENANT_ID, username: account, password: DEMO_PASSWORD },
    });
    return res.json().result as { access_token: string; refresh_token: string };
  };

  beforeAll(async () => {
    db = await createTestDb(engine);
    const config = testConfig({ logLevel: 'info', allowedOrigins: ['https://oa.example.edu'] });
    app = await buildApp({ config, db, logger: true, serveWeb: false, logStream: log.stream });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('refuses a token in the URL before the upgrade, and no log line carries it', async () => {
    const { access_token } = await login('student01');
    for (const name of ['access_token', 'token']) {
      const res = await TestChatClient.attempt(
        app,
        `/api/chat/ws?${name}=${encodeURIComponent(access_token)}&resource=pc`,
      );
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ status: 400, msg: CHAT_TEXTS.tokenInUrl });
    }
    // The token sent in the header logs the socket in, and is not logged either.
    const ok = await TestChatClient.connect(app, { token: access_token });
    expect(ok.ws.protocol).toBe(CHAT_PROTOCOL);
    await ok.close();
    const logged = log.lines.join('');
    expect(logged).toContain('/api/chat/ws'); // the refusals were logged…
    expect(logged).not.toContain(access_token); // …without the token
    // Whatever logs a request object gets its URL with the secrets masked.
    expect(redactUrl(`/api/chat/ws?resource=pc&access_token=${access_token}&Token=x&sig=abc`)).toBe(
      '/api/chat/ws?resource=pc&access_token=[REDACTED]&Token=[REDACTED]&sig=[REDACTED]',
    );
  });

  it('refuses a page of another origin, and takes the portal itself, the allow-list, and clients without Origin', async () => {
    const { access_token } = await login('teacher01');
    const protocols = [CHAT_PROTOCOL, `${CHAT_TOKEN_PROTOCOL_PREFIX}${access_token}`];
    const evil = await TestChatClient.attempt(app, '/api/chat/ws', { protocols, origin: 'http://evil.example' });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body)).toMatchObject({ status: 403, msg: CHAT_TEXTS.originRefused });
    // A look-alike of the portal's host on another port or as a subdomain is another origin.
    const port = (app.server.address() as { port: number }).port;
    expect(
      (await TestChatClient.attempt(app, '/api/chat/ws', { protocols, origin: `http://127.0.0.1:${port + 1}` })).status,
    ).toBe(403);
    expect((await TestChatClient.attempt(app, '/api/chat/ws', { protocols, origin: 'null' })).status).toBe(403);

    for (const origin of [`http://127.0.0.1:${port}`, 'https://oa.example.edu', undefined]) {
      const c = await TestChatClient.connect(app, { token: access_token, ...(origin ? { origin } : {}) });
      expect(c.frames[0], String(origin)).toMatchObject({ kind: 'ready', userId: TEACHER });
      await c.close();
    }
  });

  it('closes the sockets of a session as soon as it logs out, and leaves its other sessions open', async () => {
    const first = await login('teacher01');
    const second = await login('teacher01');
    const pc = await TestChatClient.connect(app, { token: first.access_token, resource: 'pc' });
    const mobile = await TestChatClient.connect(app, { token: second.access_token, resource: 'android' });

    const logout = await app.inject({ method: 'GET', url: LOGOUT, headers: bearer(first.access_token) });
    expect(logout.statusCode).toBe(200);
    // The close event comes from the logout itself, not from the heartbeat (every 30 s, checks every 60 s).
    const closed = await Promise.race([pc.closed, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
    expect(closed).toMatchObject({ code: CHAT_CLOSE_UNAUTHORIZED });
    expect(mobile.ws.readyState).toBe(mobile.ws.OPEN);
    await mobile.close();
  });
});
