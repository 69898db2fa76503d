import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app (apps/web/dist) and answers client-side routes with index.html,
 * so /home/homePage and friends load the app. API paths keep their JSON 404.
 */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<boolean> {
  if (!existsSync(join(dist, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  const sendIndex = (reply: { header: (k: string, v: string) => unknown; sendFile: (f: string, o?: object) => unknown }) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', { maxAge: 0 });
  };
  app.get('/', (_req, reply) => sendIndex(reply));
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/')) return reply.callNotFound();
    if (/\.[a-z0-9]+$/i.test(path)) {
      const file = join(dist, decodeURIComponent(path));
      if (file.startsWith(dist) && existsSync(file)) return reply.sendFile(path.slice(1));
      return reply.callNotFound();
    }
    return sendIndex(reply);
  });
  return true;
}
