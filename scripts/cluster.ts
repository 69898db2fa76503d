/**
 * `npm run cluster`: N portal nodes (default 2) on PostgreSQL and Redis behind Debian's nginx, on one port, with
 * the demo data — the README's "Running on several nodes" as one command. The same launcher starts the clusters
 * of the cluster tests and of the e2e pass through a proxy (`startCluster`).
 *
 *   npm run cluster                       # 2 nodes on http://localhost:8080 (nginx), nodes on 8081 and 8082
 *   npm run cluster -- --nodes 3 --port 9000 [--node-port 9100]
 *
 * Settings: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/portal_cluster, created when missing),
 * REDIS_URL (default redis://127.0.0.1:6379), TOKEN_SECRET / CLIENT_SECRET (default: generated once into
 * data/cluster/secrets.json and given to every node — the nodes themselves never generate secrets in cluster mode),
 * CLUSTER_NODES (--nodes), PORT (--port), NGINX_PATH (default /usr/sbin/nginx).
 *
 * The launcher keeps each node's output (data/cluster/node-N.log, and its lines on the launcher's own output as
 * `[node-N] …`), reports a node's exit at once with its code, restarts a node that exited without being asked
 * (1 s, doubling to 30 s while it keeps failing) and, on Ctrl-C or SIGTERM, stops nginx and then drains the nodes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEMO_PASSWORD, DEMO_TENANT_ID, DEMO_USERS } from '../apps/server/src/db/seed/demo.ts';
import { freePort, startRedis } from '../apps/server/src/test/redis-server.ts';

export { freePort };

const root = new URL('..', import.meta.url).pathname;
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export type ClusterNode = {
  id: string;
  port: number;
  url: string;
  /** Its output, appended: `<workDir>/node-N.log`. */
  log: string;
  /** Stops the node: SIGTERM drains (graceful), SIGKILL is a crash. A node stopped so is not restarted. */
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
  /** Settles when nginx exits: true when it exited without being asked (the launcher then stops everything). */
  nginx: { exited: Promise<boolean> };
  stop(): Promise<void>;
};

export type ClusterOptions = {
  nodes?: number;
  /** nginx's port (0: a free one). */
  port?: number;
  /** The first node's port, the others the ports after it (0 or left out: free ports). */
  nodePort?: number;
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
  /** Copy each line of the nodes' output to this process's stdout / stderr as `[node-N] …` (npm run cluster). */
  echo?: boolean;
  /** Restart a node that exits without being asked to, after 1 s, doubling to 30 s while it keeps failing. */
  restart?: boolean;
  /** The launcher's own lines: a node's or nginx's exit, a restart (npm run cluster prints them). */
  report?: (line: string) => void;
};

/** Back-off before restarting a node that exited unasked: 1 s, doubling to 30 s; back to 1 s after a minute up. */
export function restartDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}
const STEADY_MS = 60_000;

/** Writes a child's output into its log file and, when asked, onto this process's output with a prefix per line. */
function keepOutput(child: ChildProcess, file: string, prefix: string | null): void {
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let partial = '';
    stream?.on('data', (chunk: Buffer) => {
      appendFileSync(file, chunk);
      if (prefix === null) return;
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      if (lines.length) out.write(lines.map((l) => `${prefix} ${l}\n`).join(''));
    });
    stream?.on('end', () => {
      if (prefix !== null && partial) out.write(`${prefix} ${partial}\n`);
      partial = '';
    });
  }
}

/** Waits for a child's output to match, or fails with what it printed. */
function waitForOutput(
  child: ChildProcess,
  pattern: RegExp,
  what: string,
  timeoutMs: number,
): Promise<RegExpExecArray> {
  return new Promise((resolveMatch, reject) => {
    let output = '';
    const timer = setTimeout(
      () => done(new Error(`${what} did not start in ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
      const m = pattern.exec(output);
      if (m) done(null, m);
    };
    const onExit = (code: number | null) => done(new Error(`${what} exited with ${code}:\n${output}`));
    const done = (err: Error | null, m?: RegExpExecArray) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      // The pipes go on flowing into the node's log (keepOutput).
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
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

/**
 * The portal's part of nginx's configuration, for the `http` context — the file to copy
 * (`data/cluster/portal.conf`, e.g. into /etc/nginx/conf.d/): round robin, WebSocket upgrades passed on, the public
 * Host and client address kept, a node that refuses a connection skipped, no call sent twice.
 */
export function nginxPortalConfig(port: number, nodePorts: number[]): string {
  return `# The portal behind nginx, for the http context (e.g. /etc/nginx/conf.d/portal.conf).
# Written by scripts/cluster.ts (npm run cluster) for its nodes; README "Running on several nodes", ADR 0021, 0064.
# Specific to the launcher: the node addresses (127.0.0.1, ports ${nodePorts.join(', ')}) and the listen address
# (loopback, port ${port}, plain http); use your nodes' addresses, and listen on 443 with TLS (then keep
# X-Forwarded-Proto, and set TRUST_PROXY on the nodes to this proxy's address).

# Chat sockets: pass the upgrade on; a plain call keeps its kept-alive connection to the node.
map $http_upgrade $connection_upgrade { default upgrade; '' ''; }

upstream portal {
${nodePorts.map((p) => `  server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
  keepalive 64;
  # Shorter than the nodes' drain window (SHUTDOWN_DRAIN_MS, 10 s in cluster mode): a node shutting down waits for
  # nginx to close its idle connections to it, so that no call is ever written to a connection the node closed.
  keepalive_timeout 4s;
}

server {
  listen 127.0.0.1:${port};
  # Uploads: an import spreadsheet may be 20 MB.
  client_max_body_size 25m;
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
    # A node that is down, or shutting down (it refuses new connections), is skipped before anything was sent.
    # Not non_idempotent: a POST that was sent is never sent again (it could be done twice); a draining node
    # answers the calls it was sent (ADR 0064).
    proxy_next_upstream error timeout http_502 http_503;
  }
}
`;
}

/** The launcher's own main file: nginx run in the foreground out of `dir`, as this user; includes portal.conf. */
export function nginxMainConfig(dir: string): string {
  const temp = (name: string) => `${name}_temp_path ${join(dir, `${name}-temp`)};`;
  return `# Written by scripts/cluster.ts to run nginx out of this folder (npm run cluster, the cluster tests).
# Not the file to copy: a packaged nginx has its own main file (user, pid, logs, temp folders).
# The portal's part is portal.conf, beside this file.
${
  process.getuid?.() === 0
    ? `# Run as root by the launcher: the workers keep root's rights to write the temp folders below, which are the
# launcher's. A packaged nginx runs its workers as its own user (www-data).
user root;
`
    : ''
}worker_processes 1;
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
  include ${join(dir, 'portal.conf')};
}
`;
}

/** Writes nginx.conf and portal.conf into `dir`; returns nginx.conf's path. */
export function writeNginxConfig(dir: string, port: number, nodePorts: number[]): string {
  writeFileSync(join(dir, 'portal.conf'), nginxPortalConfig(port, nodePorts));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxMainConfig(dir));
  return conf;
}

export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const count = options.nodes ?? 2;
  const workDir = options.workDir ?? mkdtempSync(join(tmpdir(), 'portal-cluster-'));
  mkdirSync(workDir, { recursive: true });
  const report = options.report ?? (() => undefined);
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
  const ports = options.nodePort
    ? Array.from({ length: count }, (_, i) => options.nodePort! + i)
    : await Promise.all(Array.from({ length: count }, () => freePort()));
  /** Set once the cluster is up (restarts only then) and unset by stop() (no restart while stopping). */
  let supervising = false;

  const makeNode = (i: number) => {
    const id = `node-${i + 1}`;
    const port = ports[i]!;
    const dataDir = join(workDir, id);
    const log = join(workDir, `${id}.log`);
    /** Exits without being asked, in a row: the back-off. */
    let failures = 0;
    let readyAt = 0;
    let restartTimer: NodeJS.Timeout | null = null;
    /** Asked to stop (stop()): its exit is not a crash. */
    let stopping = false;
    const onExit = (child: ChildProcess, code: number | null, signal: NodeJS.Signals | null) => {
      if (node.child !== child) return;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (stopping) {
        report(`${id} stopped (${how})`);
        return;
      }
      if (!supervising || !options.restart) {
        report(`${id} exited with ${how}`);
        return;
      }
      if (readyAt && Date.now() - readyAt >= STEADY_MS) failures = 0;
      failures++;
      const delay = restartDelay(failures);
      report(`${id} exited with ${how}; restarting in ${delay / 1000} s`);
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (!supervising || stopping) return;
        // A start that fails is an exit like any other: onExit schedules the next try.
        node.start().then(
          () => report(`${id} is running again on port ${port}`),
          () => undefined,
        );
      }, delay);
    };
    const node = {
      id,
      port,
      url: `http://127.0.0.1:${port}`,
      log,
      child: null as ChildProcess | null,
      get running() {
        return node.child !== null && node.child.exitCode === null && node.child.signalCode === null;
      },
      start: async () => {
        stopping = false;
        appendFileSync(log, `--- ${new Date().toISOString()} ${id} starting on port ${port}\n`);
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
          // Its own process group: a Ctrl-C in the terminal reaches the launcher only, which stops nginx first and
          // then the nodes, none of them taken for a crash.
          detached: true,
        });
        node.child = child;
        keepOutput(child, log, options.echo ? `[${id}]` : null);
        child.once('exit', (code, signal) => onExit(child, code, signal));
        await waitForOutput(child, /running: http:\/\/localhost:\d+\//, id, 90_000);
        readyAt = Date.now();
      },
      stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
        stopping = true;
        if (restartTimer) clearTimeout(restartTimer);
        restartTimer = null;
        await stopChild(node.child, signal);
      },
    };
    return node;
  };
  const nodes = Array.from({ length: count }, (_, i) => makeNode(i));
  let nginx: ChildProcess | null = null;
  let nginxStopping = false;
  const stopAll = async () => {
    supervising = false;
    // nginx first (it finishes the calls it passed on and closes its connections), so the nodes drain at once.
    nginxStopping = true;
    await stopChild(nginx, 'SIGQUIT').catch(() => undefined);
    await Promise.all(nodes.map((n) => n.stop('SIGTERM').catch(() => undefined)));
    await ownRedis?.stop();
    await database.drop().catch(() => undefined);
    if (!options.workDir) rmSync(workDir, { recursive: true, force: true });
  };
  try {
    // The first node migrates and seeds; the others start once it is up (in parallel with each other).
    await nodes[0]!.start();
    await Promise.all(nodes.slice(1).map((n) => n.start()));
    const port = options.port || (await freePort());
    const conf = writeNginxConfig(workDir, port, ports);
    if (!existsSync(NGINX)) throw new Error(`nginx not found at ${NGINX}: apt-get install -y nginx`);
    const check = spawnSync(NGINX, ['-t', '-q', '-p', workDir, '-c', conf], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
    nginx = spawn(NGINX, ['-p', workDir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    keepOutput(nginx, join(workDir, 'nginx.log'), options.echo ? '[nginx]' : null);
    nginx.once('exit', (code, signal) => {
      if (!nginxStopping) report(`nginx exited with ${signal ? `signal ${signal}` : `code ${code}`}`);
    });
    const url = `http://127.0.0.1:${port}`;
    await waitUntilReady(url, nginx);
    supervising = true;
    return {
      url,
      nodes,
      databaseUrl: database.url,
      redisUrl,
      client: { id: 'portal', secret: secrets.clientSecret },
      redis: ownRedis,
      nginx: { exited: new Promise((r) => nginx!.once('exit', () => r(!nginxStopping))) },
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
  const nodePort = Number(arg('node-port') ?? port + 1);
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > 16) {
    console.error('--nodes: a whole number from 1 to 16');
    process.exit(2);
  }
  for (const [name, p] of [
    ['--port', port],
    ['--node-port', nodePort],
  ] as const)
    if (!Number.isInteger(p) || p < 1 || p + (name === '--node-port' ? nodes - 1 : 0) > 65535) {
      console.error(`${name}: a port from 1 to 65535 (the nodes take --node-port and the ${nodes - 1} after it)`);
      process.exit(2);
    }
  if (port >= nodePort && port < nodePort + nodes) {
    console.error(`--port ${port} is one of the nodes' ports (${nodePort}–${nodePort + nodes - 1})`);
    process.exit(2);
  }
  const { buildWebIfStale } = await import('./web-build.ts');
  buildWebIfStale();
  const workDir = resolve(root, 'data/cluster');
  const say = (line: string) => console.log(`[cluster] ${line}`);
  let cluster: RunningCluster | null = null;
  let stopping = false;
  const shutdown = async (why: string, code: number) => {
    if (stopping) {
      // A second Ctrl-C: no more waiting for the drain.
      say('stopping at once');
      for (const n of cluster?.nodes ?? []) void n.stop('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    say(`${why}: stopping nginx, then the nodes (they drain; Ctrl-C again to stop at once)`);
    await cluster?.stop();
    say('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  try {
    cluster = await startCluster({
      nodes,
      port,
      nodePort,
      databaseUrl: process.env.DATABASE_URL,
      redisUrl: process.env.REDIS_URL,
      secrets: clusterSecrets(),
      logLevel: process.env.LOG_LEVEL ?? 'warn',
      workDir,
      echo: true,
      restart: true,
      report: say,
    });
  } catch (err) {
    console.error(`[cluster] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  void cluster.nginx.exited.then((unasked) => {
    if (unasked && !stopping) void shutdown('nginx exited', 1);
  });
  const accounts = DEMO_USERS.map((u) => u.account);
  console.log(
    [
      '',
      `  Campus Service Portal cluster is running: http://localhost:${port}/`,
      `  ${nodes} node(s) behind nginx: ${cluster.nodes.map((n) => `${n.id} ${n.url}`).join(', ')}`,
      `  Database: ${cluster.databaseUrl.replace(/\/\/[^@/]*@/, '//')}   Redis: ${cluster.redisUrl}`,
      `  nginx: ${join(workDir, 'portal.conf')} (the portal's part, to copy), run through ${join(workDir, 'nginx.conf')}`,
      `  Logs: ${join(workDir, 'node-N.log')} and here as [node-N]; a node that exits is restarted`,
      `  Demo mode: tenant ${DEMO_TENANT_ID}, password ${DEMO_PASSWORD} for ${accounts.slice(0, -1).join(', ')} and ${accounts.at(-1)}`,
      '  Ctrl-C stops nginx and the nodes.',
      '',
    ].join('\n'),
  );
}
