import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Browser security headers on every answer (pages, files, API, errors), by helmet's middleware built once and
 * run in one onRequest hook (docs/adr/0016-security-headers-replay-store-and-route-access.md, issue 13).
 *
 * - Content-Security-Policy: scripts only from the portal itself (the built index.html has no inline script; no
 *   'unsafe-inline', no 'unsafe-eval'); styles may be inline because Ant Design's CSS-in-JS writes <style> tags;
 *   images and embedded pages may come from any http(s) address, because tenants configure service icons, card
 *   and navigation pages on their own hosts; connections to the portal itself, including its chat socket.
 * - frame-ancestors 'self' everywhere, plus FRAME_ANCESTORS on the embedded-page routes of 2.1 only. X-Frame-Options
 *   SAMEORIGIN says the same to browsers without CSP 2; it is left out where an allow-list applies, since it
 *   cannot name other origins and would contradict frame-ancestors.
 * - X-Content-Type-Options nosniff, Referrer-Policy strict-origin-when-cross-origin, Cross-Origin-Opener-Policy.
 * - Strict-Transport-Security only on an answer to an HTTPS request: request.protocol, which believes
 *   X-Forwarded-Proto only from the proxies TRUST_PROXY names. Sent over plain http it would be ignored at best.
 */

/** The embedded-page routes of spec 2.1 (the shell's /home/… pages that show an embedded page). */
export const EMBEDDED_PAGE_PATHS = [
  '/home/iframPage',
  '/home/navIfram',
  '/home/messageIfrm',
  '/home/serviceIframPage',
  '/home/managementGuideConfig',
];

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0]!.replace(/\/+$/, '') || '/';
export const isEmbeddedPage = (url: string | undefined) => EMBEDDED_PAGE_PATHS.includes(pathOf(url));

/** A Host header that is a plain host[:port] (anything else is not echoed into a header). */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Fastify's trustProxy from TRUST_PROXY (a hop count becomes proxy-addr's trust function). */
export function trustProxyOption(
  config: Pick<Config, 'trustProxy' | 'env'>,
): boolean | string | ((address: string, hop: number) => boolean) {
  const v = config.trustProxy ?? (config.env === 'production' ? 'loopback' : false);
  return typeof v === 'number' ? (_address, hop) => hop < v : v;
}

export type SecurityHeaderOptions = { frameAncestors?: string[] };

export function registerSecurityHeaders(
  app: FastifyInstance,
  { frameAncestors = [] }: SecurityHeaderOptions = {},
): void {
  const ancestors = (req: IncomingMessage) =>
    frameAncestors.length && isEmbeddedPage(req.url) ? `'self' ${frameAncestors.join(' ')}` : "'self'";
  // The chat socket of the same origin: ws: over http, wss: over https ('self' covers them in CSP 3 browsers only).
  const socket = (req: IncomingMessage) => {
    const host = req.headers.host;
    return host && HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
  };

  // helmet's middlewares, built once from these options: @fastify/helmet built them again on every request, which
  // was about a tenth of a small API answer's cost (ADR 0016; issue 13).
  const policy = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'none'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", socket],
      frameSrc: ["'self'", 'http:', 'https:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: [ancestors],
    },
  });
  const others = helmet({
    contentSecurityPolicy: false,
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
    // Tenants' services open in new windows and embed portal pages: keep the opener policy, not the embedder's.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
    originAgentCluster: true,
    xDnsPrefetchControl: { allow: false },
    xDownloadOptions: true,
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    xPoweredBy: true,
    xXssProtection: true,
  });

  // The policy depends only on the Host header and on whether the page is an embedded page with an allow-list, so
  // it is made once per such pair, from a request that holds only those two (a few hosts in practice; bounded).
  const policies = new Map<string, string | Error>();
  const policyOf = (host: string, embedded: boolean): string | Error => {
    const key = `${embedded ? '1' : '0'}${host}`;
    let value = policies.get(key);
    if (value === undefined) {
      const probe = { url: embedded ? EMBEDDED_PAGE_PATHS[0] : '/', headers: { host } } as IncomingMessage;
      let made: string | Error = new Error('Content-Security-Policy not made');
      const sink = { setHeader: (_name: string, v: unknown) => void (made = String(v)) } as unknown as ServerResponse;
      policy(probe, sink, (err?: unknown) => {
        if (err) made = err instanceof Error ? err : new Error(String(err));
      });
      if (policies.size >= 256) policies.clear();
      policies.set(key, (value = made));
    }
    return value;
  };

  // One synchronous hook on every answer, the headers in helmet's order (CSP first).
  app.addHook('onRequest', (request, reply, done) => {
    const embedded = frameAncestors.length > 0 && isEmbeddedPage(request.url);
    const csp = policyOf(request.headers.host ?? '', embedded);
    if (csp instanceof Error) return done(csp);
    reply.raw.setHeader('Content-Security-Policy', csp);
    let failed: unknown;
    others(request.raw, reply.raw, (err?: unknown) => void (failed = err));
    if (failed) return done(failed instanceof Error ? failed : new Error(String(failed)));
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    // API answers are personal or change at once, and the token answer carries tokens (RFC 6749 5.1): no cache or
    // browser keeps them. A route whose answer may be kept (a chat file, an uploaded icon) says so itself, and its
    // header wins (reply headers are written over the raw response's).
    if (request.url.startsWith('/api/')) reply.raw.setHeader('Cache-Control', 'no-store');
    // helmet writes on the raw response.
    if (embedded) reply.raw.removeHeader('x-frame-options');
    done();
  });
}
