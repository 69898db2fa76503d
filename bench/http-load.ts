/**
 * What the HTTP benches share (issue 13): a bare Fastify 5 hello-world in a process of its own (the baseline),
 * the portal with a generated catalogue in a process of its own (catalogue-server.ts), and a closed-loop load of
 * N keep-alive connections from this process. Loads alternate round by round so drift hits all alike; the
 * figure of a load is the median of its rounds.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export type Result = { requests: number; seconds: number; latencies: number[]; errors: number };
export type Target = {
  port: number;
  method: 'GET' | 'POST';
  path: string;
  bodies?: string[];
  headers?: Record<string, string>;
};

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
export const median = (xs: number[]) => pct(xs, 50);
export const rps = (rs: Result[]) => median(rs.map((x) => x.requests / x.seconds));
/** The median over rounds of each round's percentile. */
export const latency = (rs: Result[], p: number) => median(rs.map((x) => pct(x.latencies, p)));
export const errors = (rs: Result[]) => rs.reduce((a, x) => a + x.errors, 0);

/** One request; resolves with its latency in ms, or null when it failed (not 200, or not a status-1000 envelope when `envelope`). */
export function once(agent: Agent, t: Target, body: string | undefined, envelope: boolean): Promise<number | null> {
  return new Promise((resolve) => {
    const s = performance.now();
    const headers: Record<string, string | number> = { ...(t.headers ?? {}) };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    const req = request({ host: '127.0.0.1', port: t.port, path: t.path, method: t.method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ok =
          res.statusCode === 200 && (!envelope || Buffer.concat(chunks).toString('utf8').startsWith('{"status":1000'));
        resolve(ok ? performance.now() - s : null);
      });
    });
    req.on('error', () => resolve(null));
    req.end(body);
  });
}

/** `connections` closed loops over keep-alive sockets for `seconds`: each sends the next request when the last one answered. */
export async function load(t: Target, connections: number, seconds: number, envelope = true): Promise<Result> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const ms = await once(agent, t, t.bodies ? t.bodies[next++ % t.bodies.length] : undefined, envelope);
        if (ms === null) failed++;
        else latencies.push(ms);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return { requests: latencies.length, seconds: elapsed, latencies, errors: failed };
}

/** Runs every load once per round, in turn, for `rounds` rounds (after one short warm-up of each). */
export async function alternate<K extends string>(
  loads: Record<K, { target: Target; envelope: boolean }>,
  opts: { rounds: number; seconds: number; connections: number; warmup: number },
): Promise<Record<K, Result[]>> {
  const keys = Object.keys(loads) as K[];
  for (const k of keys) await load(loads[k].target, opts.connections, opts.warmup, loads[k].envelope);
  const out = Object.fromEntries(keys.map((k) => [k, [] as Result[]])) as Record<K, Result[]>;
  for (let r = 0; r < opts.rounds; r++) {
    for (const k of keys) out[k].push(await load(loads[k].target, opts.connections, opts.seconds, loads[k].envelope));
  }
  return out;
}

type Child = { port: number; stop: () => Promise<void> };

/** Forks `script` with `env`; resolves with the first message it sends (its ready message, with a port). */
export async function child<T extends { port: number }>(
  script: string,
  env: Record<string, string>,
): Promise<T & { stop: () => Promise<void> }> {
  const proc: ChildProcess = fork(script, [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<T>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as T));
    proc.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.send('stop');
      setTimeout(() => proc.kill('SIGKILL'), 10_000).unref();
    });
  return { ...ready, stop };
}

/** The baseline: a bare Fastify 5 hello-world (GET and POST /) in a process of its own. */
export function startBareFastify(): Promise<Child> {
  return child<{ port: number }>(new URL('./bare-fastify.ts', import.meta.url).pathname, {});
}

export const line = (cells: string[], first = 50) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(first) : c.padStart(11))).join('');
export const ms = (x: number) => `${x.toFixed(2)} ms`;

/** The header and one row of a load's table: req/s, × the baseline's req/s, the given latency percentiles, errors. */
export const resultHeader = (percentiles: number[]) =>
  line(['', 'req/s', 'x bare', ...percentiles.map((p) => `p${p}`), 'errors']);
export const resultRow = (name: string, rs: Result[], base: Result[], percentiles: number[]) =>
  line([
    name,
    rps(rs).toFixed(0),
    `${(rps(rs) / rps(base)).toFixed(3)}x`,
    ...percentiles.map((p) => ms(latency(rs, p))),
    String(errors(rs)),
  ]);
