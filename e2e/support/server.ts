import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

export type RunningServer = {
  url: string;
  dataDir: string;
  /** The generated OAuth client credentials (for back-channel calls such as removeSessionValidTime). */
  client: { id: string; secret: string };
  stop: () => Promise<void>;
};

/**
 * What a journey puts in the database with the operator's command (`npm run tenant`, apps/server/src/tenant-cli.ts),
 * given the environment that reaches the server's database: on a single node before it starts (SQLite takes one
 * process per file), on a cluster once it runs (PostgreSQL takes the command beside the nodes).
 */
export type Prepare = (database: Record<string, string>) => Promise<void>;

/**
 * Starts the real server (`apps/server/src/main.ts`) on a free port with a fresh SQLite database — or, when
 * E2E_CLUSTER is set (`npm test`'s pass through a proxy), two nodes on a fresh PostgreSQL database and Redis behind
 * nginx, started by `npm run cluster`'s launcher: the journeys then run unchanged through the proxy.
 */
export async function startServer(env: Record<string, string> = {}, prepare?: Prepare): Promise<RunningServer> {
  if (process.env.E2E_CLUSTER) {
    const { startCluster } = await import('../../scripts/cluster.ts');
    const cluster = await startCluster({ nodes: Number(process.env.E2E_CLUSTER) || 2, fresh: true, env });
    try {
      await prepare?.({ DATABASE_URL: cluster.databaseUrl });
    } catch (err) {
      await cluster.stop();
      throw err;
    }
    return { url: cluster.url, dataDir: '', client: cluster.client, stop: () => cluster.stop() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  try {
    await prepare?.({ DATA_DIR: dataDir, DATABASE_URL: '' });
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const child: ChildProcess = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /running: (http:\/\/localhost:\d+)\//.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { clientSecret: string };
  return {
    url,
    dataDir,
    client: { id: 'portal', secret: secrets.clientSecret },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes a tenant and its first administrator with the operator's command, as a school's install does (README,
 * "Production: first tenant and administrator"), in the database `database` names (a Prepare's argument).
 */
export async function createTenant(
  database: Record<string, string>,
  tenant: { tenantId: string; name: string; admin: string; password: string },
): Promise<void> {
  const args = ['create', '--tenant', tenant.tenantId, '--name', tenant.name, '--admin', tenant.admin];
  const child = spawn(process.execPath, [join(root, 'apps/server/src/tenant-cli.ts'), ...args], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // Secrets the command does not use, given so that it writes none (under DATA_DIR, or ./data beside a cluster).
      TOKEN_SECRET: randomBytes(32).toString('base64url'),
      CLIENT_SECRET: randomBytes(24).toString('base64url'),
      ...database,
      PORTAL_ADMIN_PASSWORD: tenant.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (output += b.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run tenant -- create exited with ${code}:\n${output}`);
}
