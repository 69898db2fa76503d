import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A CAS server for the tests, written from the Apereo CAS Protocol 3.0 specification — there is no CAS server in
 * the package registries this project reaches (the real one is a Java web application).
 *
 * What it implements, by section of the specification:
 * - 2.1 /login as credential requestor (a form) and 2.2 as acceptor (POST username, password, service): on success
 *   a ticket-granting cookie (TGC, path of the CAS context) and a redirect to the service with `ticket=ST-…`; with a
 *   live TGC, /login redirects at once (single sign-on). `renew=true` ignores the TGC.
 * - 2.5 /serviceValidate (CAS 2.0: the user only) and 2.6 /p3/serviceValidate (CAS 3.0: with cas:attributes):
 *   INVALID_REQUEST without service or ticket, INVALID_TICKET_SPEC for a ticket not starting with ST-,
 *   INVALID_TICKET for an unknown, expired or already validated ticket, INVALID_SERVICE when the service differs
 *   from the one the ticket was issued for (3.1.1: the ticket is then spent as well). 3.1.1: a service ticket is
 *   valid for one validation attempt and expires (here after 5 minutes, the recommended maximum).
 * - 2.3 /logout: ends the SSO session and, per 2.3.3 and appendix C (Single Logout), POSTs a SAML
 *   `logoutRequest` with the service ticket as SessionIndex to every service the session signed in to.
 */
export type CasPerson = { user: string; password: string; attributes: Record<string, string[]> };

export const CAS_PEOPLE: CasPerson[] = [
  {
    user: 'chen.ba',
    password: 'Chen#2026',
    attributes: { cn: ['陈八'], department: ['外国语学院'], eduPersonAffiliation: ['student'] },
  },
  {
    user: 'zhou.jiu',
    password: 'Zhou#2026',
    attributes: { cn: ['周九'], department: ['教务处'], eduPersonAffiliation: ['staff', 'faculty'] },
  },
];

export type TestCas = {
  /** The CAS server's base URL, such as http://127.0.0.1:1234/cas. */
  url: string;
  /** How a single-logout POST reaches a service (default: over HTTP). */
  deliver: (serviceUrl: string, form: URLSearchParams) => Promise<void>;
  /** Validation requests it answered, for assertions. */
  validations: Array<{ path: string; service: string; ticket: string }>;
  /** Issues a service ticket for a person and a service without the browser steps (for foreign-ticket tests). */
  issueTicket: (user: string, service: string) => string;
  close: () => Promise<void>;
};

type Ticket = { user: string; service: string; issued: number; used: boolean; tgt: string };

const xml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const NS = 'http://www.yale.edu/tp/cas';

export async function startTestCas(): Promise<TestCas> {
  const people = new Map(CAS_PEOPLE.map((p) => [p.user, p]));
  const tickets = new Map<string, Ticket>();
  /** TGT → the person and the service tickets issued in that SSO session. */
  const sessions = new Map<string, { user: string; services: Array<{ service: string; ticket: string }> }>();
  const server: Server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`;

  const cas: TestCas = {
    url,
    validations: [],
    deliver: async (serviceUrl, form) => {
      await fetch(serviceUrl, { method: 'POST', body: form }).catch(() => undefined);
    },
    issueTicket: (user, service) => grant(user, service, newTgt(user)),
    close: () => new Promise((r) => server.close(() => r())),
  };

  function newTgt(user: string): string {
    const tgt = `TGT-${randomBytes(16).toString('hex')}`;
    sessions.set(tgt, { user, services: [] });
    return tgt;
  }
  function grant(user: string, service: string, tgt: string): string {
    const ticket = `ST-${randomBytes(20).toString('hex')}`;
    tickets.set(ticket, { user, service, issued: Date.now(), used: false, tgt });
    sessions.get(tgt)?.services.push({ service, ticket });
    return ticket;
  }
  const withTicket = (service: string, ticket: string) =>
    `${service}${service.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;
  const cookieOf = (req: IncomingMessage) => /(?:^|;\s*)CASTGC=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  const body = async (req: IncomingMessage) => {
    let s = '';
    for await (const c of req) s += c;
    return new URLSearchParams(s);
  };
  const send = (
    res: ServerResponse,
    status: number,
    type: string,
    text: string,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': type, ...headers });
    res.end(text);
  };
  const failure = (code: string, text: string) =>
    `<cas:serviceResponse xmlns:cas="${NS}">\n  <cas:authenticationFailure code="${code}">${xml(text)}</cas:authenticationFailure>\n</cas:serviceResponse>\n`;

  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? '/', url);
    const path = u.pathname.replace(/^\/cas/, '');
    try {
      if (path === '/login' && req.method === 'GET') {
        const service = u.searchParams.get('service') ?? '';
        const tgt = cookieOf(req);
        if (tgt && sessions.has(tgt) && service && u.searchParams.get('renew') !== 'true') {
          return send(res, 303, 'text/plain', '', {
            location: withTicket(service, grant(sessions.get(tgt)!.user, service, tgt)),
          });
        }
        return send(
          res,
          200,
          'text/html; charset=utf-8',
          `<!doctype html><html lang="zh-CN"><head><title>统一身份认证 CAS</title></head><body><h1>统一身份认证</h1>
<form method="post" action="/cas/login"><input type="hidden" name="service" value="${xml(service)}">
<label>用户名 <input name="username" autocomplete="username"></label><label>密码 <input name="password" type="password"></label>
<button type="submit">登录 CAS</button></form></body></html>`,
        );
      }
      if (path === '/login' && req.method === 'POST') {
        const form = await body(req);
        const person = people.get(form.get('username') ?? '');
        const service = form.get('service') ?? '';
        if (!person || person.password !== form.get('password'))
          return send(res, 401, 'text/html; charset=utf-8', '<p>用户名或密码错误</p>');
        const tgt = newTgt(person.user);
        const headers = { 'set-cookie': `CASTGC=${tgt}; Path=/cas; HttpOnly; SameSite=Lax` };
        if (!service) return send(res, 200, 'text/html; charset=utf-8', '<p>登录成功</p>', headers);
        return send(res, 303, 'text/plain', '', {
          ...headers,
          location: withTicket(service, grant(person.user, service, tgt)),
        });
      }
      if ((path === '/serviceValidate' || path === '/p3/serviceValidate') && req.method === 'GET') {
        const service = u.searchParams.get('service');
        const ticket = u.searchParams.get('ticket');
        cas.validations.push({ path, service: service ?? '', ticket: ticket ?? '' });
        const type = 'application/xml; charset=utf-8';
        if (!service || !ticket)
          return send(
            res,
            200,
            type,
            failure('INVALID_REQUEST', "'service' and 'ticket' parameters are both required"),
          );
        if (!ticket.startsWith('ST-'))
          return send(res, 200, type, failure('INVALID_TICKET_SPEC', `Ticket ${ticket} is not a service ticket`));
        const t = tickets.get(ticket);
        if (!t || t.used || Date.now() - t.issued > 5 * 60_000)
          return send(res, 200, type, failure('INVALID_TICKET', `Ticket ${ticket} not recognized`));
        t.used = true;
        if (t.service !== service)
          return send(res, 200, type, failure('INVALID_SERVICE', `Ticket ${ticket} does not match supplied service`));
        const person = people.get(t.user)!;
        const attributes =
          path === '/p3/serviceValidate'
            ? `\n    <cas:attributes>\n${Object.entries(person.attributes)
                .flatMap(([k, vs]) => vs.map((v) => `      <cas:${k}>${xml(v)}</cas:${k}>`))
                .join('\n')}\n    </cas:attributes>`
            : '';
        return send(
          res,
          200,
          type,
          `<cas:serviceResponse xmlns:cas="${NS}">\n  <cas:authenticationSuccess>\n    <cas:user>${xml(person.user)}</cas:user>${attributes}\n  </cas:authenticationSuccess>\n</cas:serviceResponse>\n`,
        );
      }
      if (path === '/logout') {
        const tgt = cookieOf(req);
        const session = tgt ? sessions.get(tgt) : undefined;
        if (tgt) sessions.delete(tgt);
        for (const s of session?.services ?? []) {
          const logoutRequest = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-${randomBytes(8).toString('hex')}" Version="2.0" IssueInstant="${new Date().toISOString()}"><saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>${s.ticket}</samlp:SessionIndex></samlp:LogoutRequest>`;
          await cas.deliver(s.service, new URLSearchParams({ logoutRequest }));
        }
        const service = u.searchParams.get('service');
        const clear = { 'set-cookie': 'CASTGC=; Path=/cas; Max-Age=0' };
        if (service) return send(res, 303, 'text/plain', '', { ...clear, location: service });
        return send(res, 200, 'text/html; charset=utf-8', '<p>您已退出统一身份认证</p>', clear);
      }
      send(res, 404, 'text/plain', 'not found');
    } catch {
      send(res, 500, 'text/plain', 'error');
    }
  });
  return cas;
}
