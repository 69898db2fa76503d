/** The baseline of the HTTP benches: a bare Fastify 5 hello-world, no logger, in its own process (http-load.ts forks it). */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.post('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', (m) => {
  if (m === 'stop') void app.close().then(() => process.exit(0));
});
