import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Hashed build output: the name changes with the content, so a browser may keep it for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files: always revalidated, so a new release is picked up on the next visit. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * Serves the built web app (apps/web/dist) and answers client-side routes with index.html, so
 * /home/homePage and friends load the app. API paths keep their JSON 404.
 *
 * Files under /assets/ carry a content hash and are served with a year-long immutable cache; the build writes a
 * brotli and a gzip copy beside each (scripts/web-build.ts), which @fastify/static picks by Accept-Encoding.
 * index.html is never cached without revalidation.
 *
 * For the paths a visit most often starts on (`/`, `/login`, `/home/homePage`), index.html names the code parts that
 * path's page needs (`route-preloads.json`, written by the build: apps/web/vite.config.ts), so the browser fetches them
 * beside the first script instead of once it has run (issue 10). Those pages are made once, at start.
 */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<boolean> {
  if (!existsSync(join(dist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // (@fastify/static 10 hands its reply here, not the raw response)
    setHeaders: (reply: unknown, path: string) => {
      (reply as FastifyReply).header(
        'cache-control',
        path.startsWith(join(dist, 'assets')) ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
      );
    },
  });
  // Made again when a new build is put in place while the server runs (index.html or the list changed).
  const buildStamp = () =>
    ['index.html', 'route-preloads.json']
      .map((f) => {
        try {
          const s = statSync(join(dist, f));
          return `${s.mtimeMs}:${s.size}`;
        } catch {
          return '-';
        }
      })
      .join('|');
  let stamp = buildStamp();
  let pages = indexPages(dist);
  const sendIndex = (reply: FastifyReply, path: string) => {
    reply.header('cache-control', REVALIDATE_CACHE);
    const now = buildStamp();
    if (now !== stamp) [stamp, pages] = [now, indexPages(dist)];
    const page = pages.get(path);
    if (!page) return reply.sendFile('index.html');
    reply.header('etag', page.etag);
    if (reply.request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(page.html);
  };
  app.get('/', (_req, reply) => sendIndex(reply, '/'));
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/')) return reply.callNotFound();
    if (/\.[a-z0-9]+$/i.test(path)) {
      let file: string;
      try {
        file = join(dist, decodeURIComponent(path));
      } catch {
        return reply.callNotFound();
      }
      if (file.startsWith(dist) && existsSync(file)) return reply.sendFile(path.slice(1));
      return reply.callNotFound();
    }
    return sendIndex(reply, path);
  });
  return true;
}

type RoutePreloads = Record<string, { scripts?: unknown; styles?: unknown } | null>;

/**
 * index.html for each path of route-preloads.json, with its parts named in the head; none when the build wrote no list
 * or one that does not read.
 */
function indexPages(dist: string): Map<string, { html: string; etag: string }> {
  const pages = new Map<string, { html: string; etag: string }>();
  let index: string;
  let list: RoutePreloads;
  try {
    index = readFileSync(join(dist, 'index.html'), 'utf8');
    list = JSON.parse(readFileSync(join(dist, 'route-preloads.json'), 'utf8')) as RoutePreloads;
  } catch {
    return pages;
  }
  if (!index.includes('</head>') || typeof list !== 'object' || !list) return pages;
  // Only the build's own hashed files that are there, written as the attribute value they are.
  const asset = (file: unknown) =>
    typeof file === 'string' && /^assets\/[\w.-]+\.(js|css)$/.test(file) && existsSync(join(dist, file));
  const files = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  for (const [path, entry] of Object.entries(list)) {
    const links = [
      ...files(entry?.scripts)
        .filter(asset)
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ...files(entry?.styles)
        .filter(asset)
        .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    ];
    if (links.length === 0) continue;
    const html = index.replace('</head>', `${links.join('\n    ')}\n  </head>`);
    pages.set(path, { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` });
  }
  return pages;
}
