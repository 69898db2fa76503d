import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHAT_UPLOAD_QUOTA_MB_DEFAULT } from '@portal/contracts/chat';
import { DEFAULT_TENANT_ID } from '@portal/contracts/constants';
import { TenantId } from '@portal/contracts/envelope';
import { z } from 'zod';
import { RATE_LIMITS, type RateClass } from './platform/rate-limit.ts';

/**
 * The environment the server reads, once, at start-up. This is the only reader of process.env, but for the operator's
 * tenant command, which takes the administrator's password from PORTAL_ADMIN_PASSWORD (tenant-cli.ts).
 */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'postgres://… for PostgreSQL, or sqlite:/path/to/file.db')
    .optional(),
  REDIS_URL: z.string().optional(),
  /** HMAC key for stored token hashes. Required in production. */
  TOKEN_SECRET: z.string().min(32).optional(),
  /** OAuth client of the web app, for the basic-auth calls (removeSessionValidTime). Secret required in production. */
  CLIENT_ID: z.string().default('portal'),
  CLIENT_SECRET: z.string().min(16).optional(),
  /** Demo mode: the seeded demo accounts can log in. On by default outside production. */
  PORTAL_DEMO: z.enum(['true', 'false', '1', '0']).optional(),
  /** Seed the demo tenant on start (idempotent). Defaults to demo mode. */
  PORTAL_SEED: z.enum(['true', 'false', '1', '0']).optional(),
  /**
   * The tenant the web app opens on when the address names none (`/`, `/login`, `/allServices` without ?tenantId=):
   * a school's, as `npm run tenant -- create --tenant <id>` made it. Default: the demo tenant, 000000.
   */
  DEFAULT_TENANT: z
    .string()
    .trim()
    .refine(
      (id) => TenantId.safeParse(id).success,
      'a tenant id as `npm run tenant -- create --tenant` takes it: 1 to 12 letters, digits, _ or -, such as 100001',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web app to serve; defaults to apps/web/dist. */
  WEB_DIST: z.string().optional(),
  /** 7.1 sealing: 'optional' takes plain calls too; 'required' refuses every unsealed online-service-platform post. */
  TRANSPORT_SEAL: z.enum(['optional', 'required']).default('optional'),
  /**
   * Which proxies' X-Forwarded-For/-Proto/-Host to believe: 'true' (any), 'false', a hop count, or a comma list of
   * addresses/CIDRs. Default: 'loopback' in production, none elsewhere. HSTS is sent only when the request is HTTPS.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(true|false|\d{1,2}|[0-9A-Fa-f.:/]+(\s*,\s*[0-9A-Fa-f.:/]+)*|loopback|linklocal|uniquelocal)$/,
      'true, false, a hop count, or a comma list of addresses/CIDRs',
    )
    .optional(),
  /** Absolute session lifetime: activity extends a session at most this many hours after login (default 12). */
  SESSION_MAX_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 366)
    .default(12),
  /** Absolute lifetime of a refresh-token family: no refresh this many days after login (default 30). */
  REFRESH_MAX_DAYS: z.coerce.number().positive().max(366).default(30),
  /** Longest spacing (ms) that failed logins from one address impose on its next attempts (default 2000). */
  LOGIN_ADDRESS_DELAY_MAX_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** How long a node shutting down keeps answering on the connections it has (platform/drain.ts, ADR 0064). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** Origins besides the portal's own (its Host) whose pages may open the chat socket: a comma list such as https://oa.example.edu. */
  ALLOWED_ORIGINS: z
    .string()
    .trim()
    .regex(
      /^(\s*https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\s*)?(,\s*https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\s*)*$/,
      'a comma list of origins such as https://oa.example.edu',
    )
    .optional(),
  /** Origins (https://host[:port], wildcard subdomain allowed) that may frame the embedded-page routes, besides the portal itself. */
  FRAME_ANCESTORS: z
    .string()
    .trim()
    .regex(
      /^(\s*https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?\s*)?(,\s*https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?\s*)*$/,
      'a comma list of origins such as https://oa.example.edu',
    )
    .optional(),
  /**
   * Where files live (chat files, images, import uploads, export results): 'local' (DATA_DIR/files) or 'database'
   * (chunks in the database every node reaches). Default: 'database' in cluster mode, else 'local'.
   */
  FILE_STORE: z.enum(['local', 'database']).optional(),
  /**
   * The portal's address as browsers reach it (https://portal.example.edu), without a trailing slash: the identity
   * provider's redirect URIs and the CAS service URL are built from it. Without it, from the request's Host.
   */
  PUBLIC_URL: z
    .string()
    .trim()
    .regex(
      /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~%!$&'()*+,;=:@/-]*)?$/,
      'an http(s) address such as https://portal.example.edu',
    )
    .optional(),
  /**
   * Calls a minute one caller may make of a limited route, by kind (platform/rate-limit.ts, ADR 0068), where the
   * defaults do not suit: `upload=120,signIn=2000`. Kinds left out keep their default.
   */
  RATE_LIMITS: z
    .string()
    .trim()
    .transform((text, ctx) => {
      const limits: Partial<Record<RateClass, number>> = {};
      for (const part of text.split(',').filter((p) => p.trim())) {
        const m = /^\s*([A-Za-z]+)\s*=\s*(\d{1,6})\s*$/.exec(part);
        const kind = m?.[1] as RateClass | undefined;
        if (!m || !kind || !Object.hasOwn(RATE_LIMITS, kind) || Number(m[2]) < 1) {
          ctx.addIssue({
            code: 'custom',
            message: `kind=calls a minute (1 or more), comma-separated; kinds: ${Object.keys(RATE_LIMITS).join(', ')} — not "${part.trim()}"`,
          });
          return z.NEVER;
        }
        limits[kind] = Number(m[2]);
      }
      return limits;
    })
    .optional(),
  /**
   * Megabytes of chat files one user may keep stored, all uploads together (default CHAT_UPLOAD_QUOTA_MB_DEFAULT,
   * 500): an upload that would pass it is refused with 413 (chat.files.ts).
   */
  CHAT_UPLOAD_QUOTA_MB: z.coerce
    .number()
    .int('a whole number of megabytes (MB), from 1 to 1048576 (1 TB)')
    .min(1, 'a whole number of megabytes (MB), from 1 to 1048576 (1 TB)')
    .max(1_048_576, 'a whole number of megabytes (MB), from 1 to 1048576 (1 TB)')
    .optional(),
  /**
   * Turns on `GET /api/metrics` (Prometheus text format) for scrapes sending `Authorization: Bearer <this>`; off
   * when unset (platform/metrics.ts).
   */
  METRICS_TOKEN: z.string().min(32, 'at least 32 characters (for example: openssl rand -hex 32)').optional(),
  /** This node's name in presence and job ownership; default host-pid-random. */
  NODE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dot, dash or underscore, up to 64')
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /**
   * Several nodes share one PostgreSQL and one Redis (REDIS_URL with a postgres:// DATABASE_URL): secrets must come
   * from the environment, files go to the database, presence and jobs are watched per node.
   */
  cluster?: boolean;
  /** This node's name (NODE_ID); unique per process. */
  nodeId?: string;
  /** Where files live (FILE_STORE); 'local' when left out. */
  fileStore?: 'local' | 'database';
  tokenSecret: string;
  clientId: string;
  clientSecret: string;
  demo: boolean;
  seed: boolean;
  /**
   * The tenant the web app names when the address names none (DEFAULT_TENANT): the pages say so (platform/web.ts), and
   * `/`'s and `/login`'s data are its. DEFAULT_TENANT_ID, the demo tenant, when left out.
   */
  defaultTenant?: string;
  logLevel: string;
  webDist: string;
  /** 7.1 (platform/transport.ts); 'optional' when left out. */
  transportSeal?: 'optional' | 'required';
  /** Fastify's trustProxy (TRUST_PROXY); when left out: 'loopback' in production, false elsewhere. */
  trustProxy?: boolean | number | string;
  /** Origins besides 'self' allowed to frame the embedded-page routes (FRAME_ANCESTORS); none when left out. */
  frameAncestors?: string[];
  /** Absolute session lifetime in seconds (SESSION_MAX_HOURS); SESSION_MAX_SECONDS_DEFAULT when left out. */
  sessionMaxSeconds?: number;
  /** Absolute refresh-family lifetime in seconds (REFRESH_MAX_DAYS); REFRESH_MAX_SECONDS_DEFAULT when left out. */
  refreshMaxSeconds?: number;
  /** Longest spacing of a failing address's login attempts (LOGIN_ADDRESS_DELAY_MAX_MS); the contracts default when left out. */
  loginAddressDelayMaxMs?: number;
  /** Origins besides the portal's own allowed to open the chat socket (ALLOWED_ORIGINS, lower case); none when left out. */
  allowedOrigins?: string[];
  /** The portal's public address (PUBLIC_URL), no trailing slash; redirect URIs of the identity providers. */
  publicUrl?: string;
  /**
   * Shutdown (SHUTDOWN_DRAIN_MS): the longest a node that stopped accepting connections waits for a proxy to close
   * the ones it has, answering every call on them meanwhile (platform/drain.ts); 0 (the default on a single node)
   * closes idle connections at once. 10 s in cluster mode.
   */
  shutdownDrainMs?: number;
  /** The operator's limits by kind of route (RATE_LIMITS); the rest keep platform/rate-limit.ts's defaults. */
  rateLimits?: Partial<Record<RateClass, number>>;
  /** The bearer token of `GET /api/metrics` (METRICS_TOKEN); the route does not exist when left out. */
  metricsToken?: string;
  /** Bytes of chat files one user may keep stored (CHAT_UPLOAD_QUOTA_MB); CHAT_UPLOAD_QUOTA_MB_DEFAULT MB when left out. */
  chatUploadQuotaBytes?: number;
};

const flag = (v: string | undefined, fallback: boolean) => (v === undefined ? fallback : v === 'true' || v === '1');

export class ConfigError extends Error {}

/** Reads the configuration. A missing secret is an error in production; elsewhere one is generated under DATA_DIR. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // A variable set to nothing (PORT= in a unit file or an .env) means what leaving it out means, for every variable:
  // never 0, a random port or the working directory.
  const given = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = Env.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  let tokenSecret = e.TOKEN_SECRET;
  let clientSecret = e.CLIENT_SECRET;
  const postgres = /^postgres(ql)?:\/\//.test(e.DATABASE_URL ?? '');
  const cluster = Boolean(e.REDIS_URL) && postgres;
  if (cluster) {
    // Every node must sign and check with the same keys: one that generated its own would answer 401 to the
    // tokens of the others. Refuse now, with the reason, instead of failing later.
    const missing = [!tokenSecret && 'TOKEN_SECRET', !clientSecret && 'CLIENT_SECRET'].filter(Boolean);
    if (missing.length) {
      throw new ConfigError(
        `Cluster mode (REDIS_URL with a PostgreSQL DATABASE_URL) needs ${missing.join(' and ')} in the environment, the same on every node: ` +
          'a node cannot generate its own secrets, or tokens issued by one node would be refused by the others (README, "Running on several nodes").',
      );
    }
  }
  if (production) {
    const missing = [!tokenSecret && 'TOKEN_SECRET', !clientSecret && 'CLIENT_SECRET'].filter(Boolean);
    if (missing.length) throw new ConfigError(`Missing secret(s) in production: ${missing.join(', ')}`);
  } else if (!tokenSecret || !clientSecret) {
    const generated = generatedSecrets(dataDir);
    tokenSecret ??= generated.tokenSecret;
    clientSecret ??= generated.clientSecret;
  }
  const demo = flag(e.PORTAL_DEMO, !production);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    cluster,
    nodeId:
      e.NODE_ID ??
      `${hostname().replace(/[^A-Za-z0-9.-]/g, '') || 'node'}-${process.pid}-${randomBytes(3).toString('hex')}`,
    fileStore: e.FILE_STORE ?? (cluster ? 'database' : 'local'),
    tokenSecret: tokenSecret!,
    clientId: e.CLIENT_ID,
    clientSecret: clientSecret!,
    demo,
    seed: flag(e.PORTAL_SEED, demo),
    defaultTenant: e.DEFAULT_TENANT ?? DEFAULT_TENANT_ID,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    transportSeal: e.TRANSPORT_SEAL,
    trustProxy: trustProxyOf(e.TRUST_PROXY, production),
    frameAncestors: (e.FRAME_ANCESTORS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    sessionMaxSeconds: Math.round(e.SESSION_MAX_HOURS * 3600),
    refreshMaxSeconds: Math.round(e.REFRESH_MAX_DAYS * 86400),
    loginAddressDelayMaxMs: e.LOGIN_ADDRESS_DELAY_MAX_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (cluster ? 10_000 : 0),
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().toLowerCase())
      .filter(Boolean),
    ...(e.PUBLIC_URL ? { publicUrl: e.PUBLIC_URL.replace(/\/+$/, '') } : {}),
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
    chatUploadQuotaBytes: (e.CHAT_UPLOAD_QUOTA_MB ?? CHAT_UPLOAD_QUOTA_MB_DEFAULT) * 1024 * 1024,
    ...(e.RATE_LIMITS && Object.keys(e.RATE_LIMITS).length ? { rateLimits: e.RATE_LIMITS } : {}),
  };
}

function trustProxyOf(v: string | undefined, production: boolean): boolean | number | string {
  if (v === undefined) return production ? 'loopback' : false;
  if (v === 'true' || v === 'false') return v === 'true';
  return /^\d+$/.test(v) ? Number(v) : v;
}

/** Secrets generated once for the embedded default and kept in DATA_DIR/secrets.json (mode 600). */
function generatedSecrets(dataDir: string): { tokenSecret: string; clientSecret: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    tokenSecret: randomBytes(32).toString('base64url'),
    clientSecret: randomBytes(24).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
