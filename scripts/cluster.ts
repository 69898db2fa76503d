/**
 * `npm run cluster`: N portal nodes (default 2) on PostgreSQL and Redis behind Debian's nginx, on one port, with
 * the demo data — the README's "Running on several nodes" as one command. The same launcher starts the clusters
 * of the cluster tests and of the e2e pass through a proxy (`startCluster`).
 *
 *   npm run cluster                       # 2 nodes on http://localhost:8080
 *   npm run cluster -- --nodes 3 --port 9000
 *
 * Settings: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/portal_cluster, created when missing),
 * REDIS_URL (default redis://127.0.0.1:6379), TOKEN_SECRET / CLIENT_SECRET (default: generated once into
 * data/cluster/secrets.json and given to every node — the nodes themselves never generate secrets in cluster mode).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startRedis } from '../apps/server/src/test/redis-server.ts';

export { freePort };

const root = new URL('..', import.meta.url).pathname;
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export type ClusterNode = {
  id: string;
  port: number;
  url: string;
  /** Stops the node: SIGTERM drains (graceful), SIGKILL is a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the node again on the same port after a stop. */
  start(): Promise<void>;
  readonly running: boolean;
};

export type RunningCluster = {
  /** The one address users reach: nginx in front of the nodes. */
  url: string;
  nodes: ClusterNode[];
  databaseUrl: string;
  redisUrl: string;
  client: { id: string; secret: string };
  /** The cluster's own Redis, when `ownRedis` was asked for: a test may stop and start it (a Redis restart). */
  redis: { stop(): Promise<void>; start(): Promise<void> } | null;
  stop(): Promise<void>;
};

export type ClusterOptions = {
  nodes?: number;
  /** nginx's port (0: a free one). */
  port?: number;
  /** The database: `fresh` makes a new one on the server of `databaseUrl` (dropped by stop()). */
  databaseUrl?: string;
  fresh?: boolean;
  redisUrl?: string;
  /** Start a Redis of the cluster's own on a free port (tests that restart Redis). */
  ownRedis?: boolean;
  secrets?: { tokenSecret: string; clientSecret: string };
  logLevel?: string;
  /** Extra environment for every node. */
  env?: Record<string, string>;
  /** Where nginx's configuration, logs and the nodes' DATA_DIRs go (default: a new temporary folder). */
  workDir?: string;
  /** Echo the nodes' output (npm run cluster). */
  inheritOutput?: boolean;
};

/** Waits for a child's output to match, or fails with what it printed. */
function waitForOutput(
  child: ChildProcess,
  pattern: RegExp,
  what: string,
  timeoutMs: number,
  echo = false,
): Promise<RegExpExecArray> {
  return new Promise((resolveMatch, reject) => {
    let output = '';
    const timer = setTimeout(
      () => done(new Error(`${what} did not start in ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      if (echo) process.stdout.write(chunk);
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
      const m = pattern.exec(output);
      if (m) done(null, m);
    };
    const onExit = (code: number | null) => done(new Error(`${what} exited with ${code}:\n${output}`));
    const done = (err: Error | null, m?: RegExpExecArray) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      if (!echo) {
        // Keep draining the pipes so a chatty child never blocks on a full pipe.
        child.stdout?.off('data', onData).resume();
        child.stderr?.off('data', onData).resume();
      }
      if (err) reject(err);
      else resolveMatch(m!);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

async function stopChild(child: ChildProcess | null, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

/** A database of its own on the server of `url` (fresh), or the database of `url`, created when missing. */
async function prepareDatabase(url: string, fresh: boolean): Promise<{ url: string; drop: () => Promise<void> }> {
  const target = new URL(url);
  const name = fresh
    ? `portal_cluster_${randomBytes(5).toString('hex')}`
    : decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`database name ${name}: letters, digits and underscores only`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      if (!fresh) return;
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
    },
  };
}

/** nginx in front of the nodes: round robin, WebSocket upgrades passed on, the public Host and client address kept. */
export function nginxConfig(dir: string, port: number, nodePorts: number[]): string {
  const temp = (name: string) => `${name}_temp_path ${join(dir, `${name}-temp`)};`;
  return `# Written by scripts/cluster.ts
${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${temp('client_body')}
  ${temp('proxy')}
  ${temp('fastcgi')}
  ${temp('uwsgi')}
  ${temp('scgi')}
  # Uploads: an import spreadsheet may be 20 MB.
  client_max_body_size 25m;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream portal {
${nodePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      # The portal checks a chat socket's Origin against the public host, and builds no URL from its own.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 120s;
      # A node that is down or draining (503) is skipped; calls that change data are not sent twice.
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const count = options.nodes ?? 2;
  const workDir = options.workDir ?? mkdtempSync(join(tmpdir(), 'portal-cluster-'));
  mkdirSync(workDir, { recursive: true });
  const ownRedis = options.ownRedis ? await startRedis() : null;
  const redisUrl = ownRedis?.url ?? options.redisUrl ?? 'redis://127.0.0.1:6379';
  const database = await prepareDatabase(
    options.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/portal_cluster',
    options.fresh ?? false,
  );
  const secrets = options.secrets ?? {
    tokenSecret: randomBytes(32).toString('base64url'),
    clientSecret: randomBytes(24).toString('base64url'),
  };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));

  const makeNode = (i: number): ClusterNode & { child: ChildProcess | null } => {
    const id = `node-${i + 1}`;
    const port = ports[i]!;
    const dataDir = join(workDir, id);
    const node = {
      id,
      port,
      url: `http://127.0.0.1:${port}`,
      child: null as ChildProcess | null,
      get running() {
        return node.child !== null && node.child.exitCode === null && node.child.signalCode === null;
      },
      start: async () => {
        const child = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
          cwd: root,
          env: {
            ...process.env,
            NODE_ENV: 'development',
            HOST: '127.0.0.1',
            PORT: String(port),
            DATA_DIR: dataDir,
            DATABASE_URL: database.url,
            REDIS_URL: redisUrl,
            TOKEN_SECRET: secrets.tokenSecret,
            CLIENT_SECRET: secrets.clientSecret,
            NODE_ID: id,
            // Only the first node seeds the demo tenant (seeding is idempotent, but one writer is enough).
            PORTAL_SEED: i === 0 ? 'true' : 'false',
            // nginx on this host is the only proxy: its X-Forwarded-For is the user's address.
            TRUST_PROXY: 'loopback',
            LOG_LEVEL: options.logLevel ?? 'warn',
            ...options.env,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        node.child = child;
        await waitForOutput(child, /running: http:\/\/localhost:\d+\//, id, 90_000, options.inheritOutput);
      },
      stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
        const c = node.child;
        await stopChild(c, signal);
      },
    };
    return node;
  };
  const nodes = Array.from({ length: count }, (_, i) => makeNode(i));
  const stopAll = async () => {
    await stopChild(nginx, 'SIGQUIT').catch(() => undefined);
    await Promise.all(nodes.map((n) => n.stop('SIGTERM').catch(() => undefined)));
    await ownRedis?.stop();
    await database.drop().catch(() => undefined);
    if (!options.workDir) rmSync(workDir, { recursive: true, force: true });
  };
  let nginx: ChildProcess | null = null;
  try {
    // The first node migrates and seeds; the others start once it is up (in parallel with each other).
    await nodes[0]!.start();
    await Promise.all(nodes.slice(1).map((n) => n.start()));
    const port = options.port || (await freePort());
    const conf = join(workDir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(workDir, port, ports));
    if (!existsSync(NGINX)) throw new Error(`nginx not found at ${NGINX}: apt-get install -y nginx`);
    const check = spawnSync(NGINX, ['-t', '-q', '-p', workDir, '-c', conf], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
    nginx = spawn(NGINX, ['-p', workDir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stdout!.resume();
    nginx.stderr!.resume();
    const url = `http://127.0.0.1:${port}`;
    await waitUntilReady(url, nginx);
    return {
      url,
      nodes,
      databaseUrl: database.url,
      redisUrl,
      client: { id: 'portal', secret: secrets.clientSecret },
      redis: ownRedis,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function waitUntilReady(url: string, nginx: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
    const res = await fetch(`${url}/api/ready`).catch(() => null);
    if (res?.ok) return;
    if (Date.now() > deadline) throw new Error(`the cluster at ${url} did not become ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Secrets for `npm run cluster`: from the environment, else generated once and kept for the next run. */
function clusterSecrets(): { tokenSecret: string; clientSecret: string } {
  const file = resolve(root, 'data/cluster/secrets.json');
  const fromEnv = { tokenSecret: process.env.TOKEN_SECRET, clientSecret: process.env.CLIENT_SECRET };
  if (fromEnv.tokenSecret && fromEnv.clientSecret) return fromEnv as { tokenSecret: string; clientSecret: string };
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(resolve(file, '..'), { recursive: true });
  const secrets = {
    tokenSecret: randomBytes(32).toString('base64url'),
    clientSecret: randomBytes(24).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

// Run directly, or through the launcher (scripts/start.mjs cluster), which names this file in argv[1].
if (import.meta.main || process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const nodes = Number(arg('nodes') ?? process.env.CLUSTER_NODES ?? 2);
  const port = Number(arg('port') ?? process.env.PORT ?? 8080);
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > 16) {
    console.error('--nodes: a whole number from 1 to 16');
    process.exit(2);
  }
  const { buildWebIfStale } = await import('./web-build.ts');
  buildWebIfStale();
  const workDir = resolve(root, 'data/cluster');
  const cluster = await startCluster({
    nodes,
    port,
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    secrets: clusterSecrets(),
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    workDir,
    inheritOutput: false,
  });
  console.log(
    [
      '',
      `  Campus Service Portal cluster is running: http://localhost:${port}/`,
      `  ${nodes} node(s) behind nginx: ${cluster.nodes.map((n) => `${n.id} ${n.url}`).join(', ')}`,
      `  Database: ${cluster.databaseUrl.replace(/\/\/[^@/]*@/, '//')}   Redis: ${cluster.redisUrl}`,
      '  Demo mode: tenant 000000, password Demo@12345 for admin, teacher01 and student01',
      '  Ctrl-C stops the nodes and nginx.',
      '',
    ].join('\n'),
  );
  const shutdown = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
