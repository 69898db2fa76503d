import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_TENANT_ID, DEFAULT_TENANT_META, LANGUAGE_COOKIE } from '@portal/contracts/constants';
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
 *
 * `/login` carries its two answers the same way (`options.pageData`, a function per path). With its data, each also
 * carries its first screen painted (ADR 0061): the page as the web app renders it for a visitor, made by the build's
 * server module (dist/.ssr/first-screen-*.js, written by apps/web/vite.config.ts) once per data and address, inside
 * `#root`, with the page's style sheets loaded before it paints; the browser hydrates it. Only where the data says so
 * (`/` as it opens, `/login` with no notice to show): a search shows its results from its call.
 *
 * Every page names the tenant the web app opens on when the address names none, when the server was given one other
 * than the demo tenant (`options.defaultTenant`, DEFAULT_TENANT): `<meta name="portal-tenant" content="…">` in its
 * head, so the web app knows it before any call. Such pages are made here (their ETag follows the tenant too), never
 * sent as the build's own index.html and its precompressed copies, which do not name it — `/index.html` included,
 * the copy the service worker opens every route from; and the service worker's list gives that copy a revision that
 * follows the page (serviceWorker), so a browser's worker takes the new page when the setting changes.
 */
export async function registerWeb(
  app: FastifyInstance,
  dist: string,
  options: {
    pageData?: Record<string, (request: FastifyRequest) => Promise<PageData | null>>;
    defaultTenant?: string | undefined;
  } = {},
): Promise<boolean> {
  if (!existsSync(join(dist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // Sent by the route below: the page every route opens from, and the worker that keeps a copy of it.
    globIgnore: ['index.html', 'sw.js'],
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
  const defaultTenant = options.defaultTenant ?? DEFAULT_TENANT_ID;
  // What every page adds to the build's head: nothing for the demo tenant, the web app's own default.
  const head =
    defaultTenant === DEFAULT_TENANT_ID
      ? ''
      : `<meta name="${DEFAULT_TENANT_META}" content="${defaultTenant.replace(/[^\w-]/g, '')}">`;
  let stamp = buildStamp();
  let pages = indexPages(dist, head);
  let painter = firstScreenPainter(dist, app);
  let worker: { made: Page; from: string } | null = null;
  const followBuild = () => {
    const now = buildStamp();
    if (now !== stamp) [stamp, pages, painter] = [now, indexPages(dist, head), firstScreenPainter(dist, app)];
  };
  /** Each page with its data (`/`, `/login`): the last one made, kept while neither the page nor the data changed. */
  const withData = new Map<string, { page: Page; data: PageData; painted: Painted | null; made: Page }>();
  /** Each page as sent under `/home/` (ADR 0076), made once per page of the build. */
  const homeBooted = new WeakMap<Page, Page>();
  const sendIndex = (
    reply: FastifyReply,
    path: string,
    data: PageData | null = null,
    painted: Painted | null = null,
  ) => {
    reply.header('cache-control', REVALIDATE_CACHE);
    followBuild();
    // index.html as built is the build's file (and its precompressed copies), unless the page names the tenant.
    let chosen = pages.get(path) ?? (head ? pages.get(PLAIN) : undefined);
    if (data) {
      const base = chosen ?? pages.get(PLAIN);
      if (base) {
        let last = withData.get(path);
        if (last?.page !== base || last.data.id !== data.id || last.data.json !== data.json || last.painted !== painted)
          withData.set(path, (last = { page: base, data, painted, made: pageWithData(base, data, painted) }));
        chosen = last.made;
      }
    }
    // A logged-in page paints its watermark from the stored session before its scripts are asked for (ADR 0076).
    if (!data && path.startsWith('/home/')) {
      const base = chosen ?? pages.get(PLAIN);
      if (base) {
        let booted = homeBooted.get(base);
        if (!booted) homeBooted.set(base, (booted = page(afterFirstPaint(base.html, HOME_BOOT))));
        chosen = booted;
      }
    }
    if (!chosen) return reply.sendFile('index.html');
    return sendPage(reply, chosen, 'text/html; charset=utf-8');
  };
  /** The service worker, its copy of index.html revised with the page (only when pages name the tenant). */
  const sendServiceWorker = (reply: FastifyReply) => {
    reply.header('cache-control', REVALIDATE_CACHE);
    followBuild();
    const plain = pages.get(PLAIN);
    let built: string;
    try {
      built = readFileSync(join(dist, 'sw.js'), 'utf8');
    } catch {
      return reply.callNotFound();
    }
    // No page made here (index.html missing or without a head): the worker as built.
    if (!plain) return reply.sendFile('sw.js');
    const from = `${plain.etag}\n${built}`;
    if (worker?.from !== from) worker = { made: page(serviceWorker(built, plain)), from };
    return sendPage(reply, worker.made, 'text/javascript; charset=utf-8');
  };
  for (const [path, dataOf] of Object.entries(options.pageData ?? {}))
    app.get(path, async (request, reply) => {
      let data: PageData | null = null;
      try {
        data = await dataOf(request);
      } catch (err) {
        // The page without its data still works: the web app makes the calls instead.
        request.log.warn({ err }, `data for ${path} not read; ${path} is sent without it`);
      }
      // The page differs with the language cookie (firstScreenOf).
      reply.header('vary', 'cookie');
      return sendIndex(reply, path, data, data && (await firstScreenOf(request, data, painter, defaultTenant)));
    });
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/')) return reply.callNotFound();
    // The server's own build (dist/.ssr) and any other dot directory: not the browser's.
    if (path.split('/').some((segment) => segment.startsWith('.'))) return reply.callNotFound();
    // The page every route is opened from (by the service worker too) is the one every other path gets.
    if (path === '/index.html') return sendIndex(reply, path);
    // The worker as built (below) when the pages are the build's too.
    if (path === '/sw.js' && head) return sendServiceWorker(reply);
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

/** A page made here, revalidated by its ETag. */
function sendPage(reply: FastifyReply, made: Page, type: string) {
  reply.header('etag', made.etag);
  if (reply.request.headers['if-none-match'] === made.etag) return reply.code(304).send();
  return reply.type(type).send(made.bytes);
}

/**
 * The service worker as built (Workbox's, apps/web/vite.config.ts) with the revision of `index.html` in its precache
 * list followed by the ETag of the page the server sends for it. The worker opens every route from its copy of that
 * page, which it fetches again only when its revision changes: the build's revision changes with a new build, not
 * with the tenant the page names (DEFAULT_TENANT). A changed worker is a new version to the browser (the web app's
 * "new version" prompt); the same page, the same worker. As built when the list does not have the entry.
 */
export function serviceWorker(built: string, plain: { etag: string }): string {
  return built.replace(
    /(\{\s*"?url"?\s*:\s*"index\.html"\s*,\s*"?revision"?\s*:\s*")([^"]*)"/,
    (_, before: string, revision: string) => `${before}${revision}-${plain.etag.replace(/[^\w-]/g, '')}"`,
  );
}

/**
 * Data a page carries: a JSON text, put in the page as `<script type="application/json" id="{id}">`; and when the
 * request's page is one the server paints, what its first screen is painted from (the build's server module reads it:
 * apps/web/src/app/first-screen.tsx), at the address it is painted for: the page's own, written one way only (its
 * tenant decoded, nothing that does not change the page), so that no two addresses make the same page twice.
 */
export type PageData = { id: string; json: string; firstScreen?: { url: string; seed: object } | undefined };

/** The build's server module (apps/web/src/app/first-screen.tsx): a page's first screen as markup. */
type FirstScreenModule = {
  renderFirstScreen: (url: string, seed: object) => Promise<string>;
  FIRST_SCREEN_LANGUAGE: string;
};
/** The language cookie's value in a Cookie header. */
const LANGUAGE_CHOSEN = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([\\w-]+)`);
/** A first screen: its markup, and the language it is in. */
type Painted = { html: string; language: string };
/** The first-screen module of the build being served (null when it has none, or it did not load), and what it made. */
type Painter = { module: Promise<FirstScreenModule | null>; made: Map<string, Map<string, Promise<Painted | null>>> };
/** How many pages' data the painter keeps screens for (each tenant's `/`, `/login` and their addresses). */
const PAINTED_KEPT = 64;
/** How long a page waits for its first screen to be made (about 15 ms when its parts are loaded). */
const PAINT_WAIT_MS = 2_000;

/**
 * Starts importing the first-screen module of the build in `dist` (named by its content: a new build is a new module).
 */
function firstScreenPainter(dist: string, app: FastifyInstance): Painter {
  let entry: string | undefined;
  try {
    entry = readdirSync(join(dist, '.ssr')).find((f) => /^first-screen-[\w-]+\.js$/.test(f));
  } catch {
    entry = undefined;
  }
  const module = entry
    ? import(pathToFileURL(join(dist, '.ssr', entry)).href).then(
        (m: Partial<FirstScreenModule>) =>
          typeof m.renderFirstScreen === 'function' && typeof m.FIRST_SCREEN_LANGUAGE === 'string'
            ? (m as FirstScreenModule)
            : null,
        (err: unknown) => {
          app.log.warn({ err }, 'the first-screen module did not load; / is sent without its first screen');
          return null;
        },
      )
    : Promise.resolve(null);
  return { module, made: new Map() };
}

/**
 * The first screen of this request's page: made once per page data (the landing's is the same text while its answer
 * did not change) and address, for a page in the screen's language. Null without the module, or when it throws: the
 * page then shows the boot mark, as without a first screen.
 */
async function firstScreenOf(
  request: FastifyRequest,
  data: PageData,
  painter: Painter,
  defaultTenant: string,
): Promise<Painted | null> {
  const screen = data.firstScreen;
  if (!screen) return null;
  const module = await painter.module;
  if (!module) return null;
  // A user who chose another language gets the boot mark, not a screen in a language that then changes.
  const chosen = LANGUAGE_CHOSEN.exec(request.headers.cookie ?? '')?.[1];
  if (chosen && chosen !== module.FIRST_SCREEN_LANGUAGE) return null;
  let byUrl = painter.made.get(data.json);
  if (!byUrl) {
    if (painter.made.size >= PAINTED_KEPT) painter.made.delete(painter.made.keys().next().value!);
    painter.made.set(data.json, (byUrl = new Map()));
  }
  const { url, seed } = screen;
  let painted = byUrl.get(url);
  if (painted === undefined) {
    if (byUrl.size >= PAINTED_KEPT) byUrl.delete(byUrl.keys().next().value!);
    const made = Promise.resolve()
      // The web app renders with the tenant the page names when its address names none (first-screen.tsx).
      .then(() => module.renderFirstScreen(url, { ...seed, defaultTenant }))
      .then(
        (html) => ({ html, language: module.FIRST_SCREEN_LANGUAGE }),
        (err: unknown) => {
          request.log.warn({ err }, `${url.split('?')[0]}'s first screen not painted; it is sent without it`);
          return null;
        },
      );
    // A screen that takes longer than that is not waited for (then or later): the page goes with the boot mark.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, PAINT_WAIT_MS, null)));
    painted = Promise.race([made, late]).then((result) => {
      clearTimeout(timer);
      if (result === null) request.log.warn(`${url.split('?')[0]}'s first screen not painted in time`);
      return result;
    });
    byUrl.set(url, painted);
  }
  return painted;
}

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

/**
 * A page with `data` as a non-executed JSON script at the end of its head (no nonce needed under the CSP), and with the
 * first screen `painted` in place of the boot mark: `#root` says in which language (the web app keeps it only in that
 * one), and the style sheets the page's part would load are loaded before the first paint instead of preloaded.
 */
function pageWithData(base: Page, data: PageData, painted: Painted | null = null): Page {
  const id = data.id.replace(/[^\w-]/g, '');
  const script = `<script type="application/json" id="${id}">${jsonForScript(data.json)}</script>`;
  let html = base.html.replace('</head>', () => `${script}</head>`);
  const start = html.indexOf(BOOT_START);
  const end = html.indexOf(BOOT_END, start);
  if (painted && start >= 0 && end > start) {
    const before = html
      .slice(0, start)
      .replaceAll(STYLE_PRELOAD, STYLE_SHEET)
      .replace(ROOT, () => `<div id="root" data-first-screen="${painted.language.replace(/[^\w-]/g, '')}">`);
    // Nothing but the screen inside `#root` (no white space around it), as React renders it: the app hydrates it.
    html =
      afterFirstPaint(before.trimEnd(), FIRST_SCREEN_BOOT) +
      BOOT_START +
      painted.html +
      BOOT_END +
      html.slice(end + BOOT_END.length).trimStart();
  }
  return page(html);
}

/** The loader of `/`'s and `/login`'s scripts once their first screen has painted (ADR 0061). */
const FIRST_SCREEN_BOOT = '/first-screen-boot.js';
/** The loader of a logged-in page's scripts once its watermark has painted from the stored session (ADR 0076). */
const HOME_BOOT = '/home-boot.js';

/**
 * A page's head whose scripts are asked for once its first screen has painted (`loader`, a file of the build): the
 * entry and the parts it preloads, listed in that order on the loader's element, in place of their elements. A browser
 * asking for them beside the style sheets would share a slow network with what the first paint waits for (ADR 0061).
 */
function afterFirstPaint(head: string, loader: typeof FIRST_SCREEN_BOOT | typeof HOME_BOOT): string {
  const scripts: string[] = [];
  const rest = head
    .replace(/\s*<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/, (_, src: string) => {
      scripts.unshift(src);
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g, (_, src: string) => {
      scripts.push(src);
      return '';
    });
  if (scripts.length === 0) return head;
  const element = `<script defer src="${loader}" data-scripts="${scripts.join(' ')}"></script>`;
  return rest.replace('</head>', () => `  ${element}\n  </head>`);
}

/** What index.html's `#root` holds until React renders, between these marks: the boot mark, or the first screen. */
const BOOT_START = '<!--first-screen-->';
const BOOT_END = '<!--/first-screen-->';
const ROOT = '<div id="root">';
const STYLE_PRELOAD = '<link rel="preload" as="style" crossorigin href=';
const STYLE_SHEET = '<link rel="stylesheet" crossorigin href=';

/**
 * index.html for each path of route-preloads.json, with its parts named in the head, and index.html as built under
 * PLAIN; only the latter when the build wrote no list or one that does not read. Each with `head` (what the server
 * adds to every page: the default tenant) at the end of its head.
 */
function indexPages(dist: string, head: string): Map<string, Page> {
  const pages = new Map<string, Page>();
  let index: string;
  try {
    index = readFileSync(join(dist, 'index.html'), 'utf8');
  } catch {
    return pages;
  }
  if (!index.includes('</head>')) return pages;
  if (head) index = index.replace('</head>', () => `${head}</head>`);
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
