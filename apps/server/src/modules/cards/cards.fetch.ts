import { EXTERNAL_FETCH_MAX_BYTES, EXTERNAL_FETCH_TIMEOUT_MS, WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../../platform/errors.ts';

/**
 * Server-side fetches of external data sources (commonTool/verifyUrl and 'external' card columns).
 * Private, loopback, link-local and other non-public targets are refused unless the tenant's
 * administrator allow-listed the host; the check runs on the address actually connected to (inside the
 * socket's lookup), so a name that re-resolves to a private address is refused too. Redirects are not
 * followed; every fetch has a time-out and a size limit.
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for an address no external data source may point to. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export type FetchOptions = {
  allowHosts: readonly string[];
  method?: 'GET' | 'POST';
  body?: unknown;
  timeoutMs?: number;
  maxBytes?: number;
};

export function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(WORKBENCH_MESSAGES.badUrl, raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(WORKBENCH_MESSAGES.badUrl, url.protocol);
  if (url.username || url.password) throw badRequest(WORKBENCH_MESSAGES.badUrl, 'credentials in url');
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Refuses a literal private address at once (before any connection); names are checked on lookup. */
export function assertAllowedTarget(raw: string, allowHosts: readonly string[]): URL {
  const url = parseTarget(raw);
  const host = hostOf(url);
  if (allowHosts.includes(host)) return url;
  if (host === 'localhost' || host.endsWith('.localhost')) throw badRequest(WORKBENCH_MESSAGES.privateUrl, host);
  if (isIP(host) && isForbiddenAddress(host)) throw badRequest(WORKBENCH_MESSAGES.privateUrl, host);
  return url;
}

/** GETs or POSTs JSON from an external source under the rules above. */
export async function fetchExternalJson(raw: string, opts: FetchOptions): Promise<unknown> {
  const url = assertAllowedTarget(raw, opts.allowHosts);
  const allowed = opts.allowHosts.includes(hostOf(url));
  const timeoutMs = opts.timeoutMs ?? EXTERNAL_FETCH_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? EXTERNAL_FETCH_MAX_BYTES;
  const body = opts.method === 'POST' ? JSON.stringify(opts.body ?? {}) : undefined;
  const lookup = (
    hostname: string,
    options: object,
    cb: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return cb(err, '', 4);
      const list = addresses as LookupAddress[];
      const bad = !allowed && list.some((a) => isForbiddenAddress(a.address));
      if (bad) return cb(Object.assign(new Error('forbidden address'), { code: 'EFORBIDDEN' }), '', 4);
      if ((options as { all?: boolean }).all) return cb(null, list);
      return cb(null, list[0]!.address, list[0]!.family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: opts.method ?? 'GET',
        lookup: lookup as never,
        timeout: timeoutMs,
        headers: {
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        if ((res.statusCode ?? 0) >= 300) {
          res.resume();
          return reject(badRequest(WORKBENCH_MESSAGES.fetchFailed, `HTTP ${res.statusCode}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) {
            req.destroy();
            reject(badRequest(WORKBENCH_MESSAGES.fetchTooLarge, `> ${maxBytes} bytes`));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            reject(badRequest(WORKBENCH_MESSAGES.fetchFailed, 'not JSON'));
          }
        });
        res.on('error', (e) => reject(badRequest(WORKBENCH_MESSAGES.fetchFailed, e.message)));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      reject(badRequest(WORKBENCH_MESSAGES.fetchTimeout, `${timeoutMs} ms`));
    }, timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => {
      req.destroy();
      reject(badRequest(WORKBENCH_MESSAGES.fetchTimeout, `${timeoutMs} ms`));
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EFORBIDDEN') reject(badRequest(WORKBENCH_MESSAGES.privateUrl, url.hostname));
      else reject(badRequest(WORKBENCH_MESSAGES.fetchFailed, e.message));
    });
    if (body) req.write(body);
    req.end();
  });
}

/** The list inside a JSON answer: at listPath, else the answer, its result, data, records or list. */
export function listOf(json: unknown, listPath: string): Record<string, unknown>[] {
  let v: unknown = json;
  if (listPath)
    for (const k of listPath.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  for (let i = 0; i < 3 && v && !Array.isArray(v) && typeof v === 'object'; i++) {
    const o = v as Record<string, unknown>;
    v = o.result ?? o.data ?? o.records ?? o.list;
  }
  return Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];
}

/**
 * How many items the source says it has: a whole number `total`, `totalCount`, `totalNum` or `count` on the way to
 * the list (the one nearest the list wins; a page of 50 from 120 counts 120), else the length of the whole list.
 */
export function totalOf(json: unknown, listPath: string, listLength: number): number {
  let found: number | undefined;
  const look = (o: unknown) => {
    if (!o || typeof o !== 'object' || Array.isArray(o)) return;
    for (const k of ['total', 'totalCount', 'totalNum', 'count']) {
      const n = (o as Record<string, unknown>)[k];
      if (typeof n === 'number' && Number.isInteger(n) && n >= 0) {
        found = n;
        return;
      }
    }
  };
  let v: unknown = json;
  look(v);
  if (listPath)
    for (const k of listPath.split('.')) {
      v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
      look(v);
    }
  for (let i = 0; i < 3 && v && !Array.isArray(v) && typeof v === 'object'; i++) {
    const o = v as Record<string, unknown>;
    v = o.result ?? o.data ?? o.records ?? o.list;
    look(v);
  }
  return Math.max(found ?? listLength, listLength);
}

/** Whether a row of an external source says it is overdue (`timeout`, `isTimeout` or `is_timeout`: true or 1). */
export function isOverdue(row: Record<string, unknown>): boolean {
  return [row.timeout, row.isTimeout, row.is_timeout].some((x) => x === true || x === 1 || x === '1' || x === 'true');
}
