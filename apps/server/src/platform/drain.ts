import type { FastifyInstance } from 'fastify';
import { Server as NetServer, type Socket } from 'node:net';

export type Drain = {
  /** From the start of app.close(): the node takes no new connection and closes each one after its answer. */
  readonly draining: boolean;
};

/**
 * Shutdown without a 502 or 503 reaching a user through the proxy (ADR 0064). A proxy such as nginx sends a call
 * that was refused at connect time to the next node, but never sends a POST twice once it was written to a
 * connection — and almost every portal call is a POST. So, from the moment app.close() begins:
 *
 * 1. The node stops listening: a new connection is refused before anything was sent, and the proxy tries the next
 *    node. (Node's own http `server.close()` would also drop idle kept-alive connections at once, racing a call the
 *    proxy is writing to one of them; the listening socket alone is closed here.)
 * 2. Every call that still arrives on a connection the node has is answered as usual (Fastify's `return503OnClosing`
 *    is off), with `Connection: close`, so the proxy does not use that connection again.
 * 3. Idle connections are left for the proxy to close (nginx's upstream `keepalive_timeout`, which must be shorter
 *    than `windowMs`). The last preClose hook waits until no connection is left, or `windowMs` has passed; only then
 *    does Fastify close what is still idle and the node go on to its onClose hooks (jobs, database, Redis).
 *
 * `register()` adds the hooks that must come first (stop listening, `Connection: close`); `waitLast()` must be called
 * after every module is registered, so that its preClose hook runs after theirs (the chat's 1012 goodbye included).
 */
export function registerDrain(app: FastifyInstance, windowMs: number): Drain & { waitLast(): Promise<void> } {
  let draining = false;
  let wasListening = false;
  const open = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', async () => {
    draining = true;
    // Only the listening socket: see 1. above. Fastify's own server.close() later finds it closed already.
    wasListening = app.server.listening;
    if (wasListening) NetServer.prototype.close.call(app.server);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  return {
    get draining() {
      return draining;
    },
    waitLast: async () => {
      await app.register(async (last) => {
        last.addHook('preClose', async () => {
          if (!wasListening || windowMs <= 0 || open.size === 0) return;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, windowMs);
            const sockets = [...open];
            function done() {
              clearTimeout(timer);
              for (const s of sockets) s.off('close', check);
              resolve();
            }
            function check() {
              if (open.size === 0) done();
            }
            for (const s of sockets) s.on('close', check);
          });
        });
      });
    },
  };
}
