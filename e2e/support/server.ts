import { spawn, type ChildProcess } from 'node:child_process';
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
 * Starts the real server (`apps/server/src/main.ts`) on a free port with a fresh SQLite database — or, when
 * E2E_CLUSTER is set (`npm test`'s pass through a proxy), two nodes on a fresh PostgreSQL database and Redis behind
 * nginx, started by `npm run cluster`'s launcher: the journeys then run unchanged through the proxy.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (process.env.E2E_CLUSTER) {
    const { startCluster } = await import('../../scripts/cluster.ts');
    const cluster = await startCluster({ nodes: Number(process.env.E2E_CLUSTER) || 2, fresh: true, env });
    return { url: cluster.url, dataDir: '', client: cluster.client, stop: () => cluster.stop() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
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
