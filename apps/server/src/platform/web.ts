import { existsSync } from 'node:fs';
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
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', REVALIDATE_CACHE).sendFile('index.html');
  app.get('/', (_req, reply) => sendIndex(reply));
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
    return sendIndex(reply);
  });
  return true;
}
