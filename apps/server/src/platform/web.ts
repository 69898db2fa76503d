import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preparedBuffer } from './prepared-answer.ts';

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
 *
 * `/` also carries its first screen's data when `options.landingData` gives it (ADR 0053): the answer of the landing
 * index call, as a JSON script the page reads instead of making that call. Asked per request (the data follows the
 * catalogue version, read by the request like the call's), the page made again only when the data or the build
 * changed; its ETag changes with both.
 */
export async function registerWeb(
  app: FastifyInstance,
  dist: string,
  options: { landingData?: (request: FastifyRequest) => Promise<PageData | null> } = {},
): Promise<boolean> {
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
  /** `/`'s page with its data: the last one made, kept while neither the page nor the data changed. */
  let withData: { page: Page; data: PageData; made: Page } | null = null;
  const sendIndex = (reply: FastifyReply, path: string, data: PageData | null = null) => {
    reply.header('cache-control', REVALIDATE_CACHE);
    const now = buildStamp();
    if (now !== stamp) [stamp, pages] = [now, indexPages(dist)];
    let chosen = pages.get(path);
    if (data) {
      const base = chosen ?? pages.get(PLAIN);
      if (base) {
        if (withData?.page !== base || withData.data.id !== data.id || withData.data.json !== data.json)
          withData = { page: base, data, made: pageWithData(base, data) };
        chosen = withData.made;
      }
    }
    if (!chosen) return reply.sendFile('index.html');
    reply.header('etag', chosen.etag);
    if (reply.request.headers['if-none-match'] === chosen.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(chosen.bytes);
  };
  app.get('/', async (request, reply) => {
    let data: PageData | null = null;
    try {
      data = (await options.landingData?.(request)) ?? null;
    } catch (err) {
      // The page without its data still works: the web app makes the call instead.
      request.log.warn({ err }, 'landing data for / not read; / is sent without it');
    }
    return sendIndex(reply, '/', data);
  });
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
type Page = { html: string; etag: string; bytes: Buffer };

/** Data a page carries: a JSON text, put in the page as `<script type="application/json" id="{id}">`. */
export type PageData = { id: string; json: string };

/** The key of index.html as built, in the map of indexPages (a key no path can be). */
const PLAIN = '';

const etagOf = (html: string) => `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

function page(html: string): Page {
  // The same bytes for every request while the page lives: their compression is made once (prepared-answer.ts).
  return { html, etag: etagOf(html), bytes: preparedBuffer(Buffer.from(html, 'utf8')) };
}

/**
 * JSON text written inside a `<script>` element: no `<`, `>` or `&` (so neither `</script>` nor `<!--` can end or
 * change the element) and no U+2028/U+2029, each as its `\u` escape — which JSON reads as the same character, and
 * which can only stand inside a JSON string, where these characters only ever are.
 */
export function jsonForScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A page with `data` as a non-executed JSON script at the end of its head (no nonce needed under the CSP). */
function pageWithData(base: Page, data: PageData): Page {
  const id = data.id.replace(/[^\w-]/g, '');
  const script = `<script type="application/json" id="${id}">${jsonForScript(data.json)}</script>`;
  return page(base.html.replace('</head>', () => `${script}</head>`));
}

/**
 * index.html for each path of route-preloads.json, with its parts named in the head, and index.html as built under
 * PLAIN; only the latter when the build wrote no list or one that does not read.
 */
function indexPages(dist: string): Map<string, Page> {
  const pages = new Map<string, Page>();
  let index: string;
  try {
    index = readFileSync(join(dist, 'index.html'), 'utf8');
  } catch {
    return pages;
  }
  if (!index.includes('</head>')) return pages;
  pages.set(PLAIN, page(index));
  let list: RoutePreloads;
  try {
    list = JSON.parse(readFileSync(join(dist, 'route-preloads.json'), 'utf8')) as RoutePreloads;
  } catch {
    return pages;
  }
  if (typeof list !== 'object' || !list) return pages;
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
    pages.set(path, page(index.replace('</head>', `${links.join('\n    ')}\n  </head>`)));
  }
  return pages;
}
