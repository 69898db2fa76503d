/** Plain calls to a node or the proxy for the cluster tests (e2e/cluster*.spec.ts): the envelope and the HTTP status. */
import { DEMO_PASSWORD, DEMO_TENANT_ID } from '../../apps/server/src/db/seed/demo.ts';

export type Envelope<R = unknown> = { status: number; msg: string; msgDetail: string; result: R; http: number };

export async function call<R = unknown>(
  base: string,
  path: string,
  opts: { token?: string; body?: unknown; method?: string; headers?: Record<string, string> } = {},
): Promise<Envelope<R>> {
  const res = await fetch(`${base}${path}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(opts.body !== undefined && !(opts.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let json: Omit<Envelope<R>, 'http'>;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
  return { ...json, http: res.status };
}

/**
 * The operator's token the cluster tests start their nodes with (METRICS_TOKEN): `/api/health` and `/api/ready` tell
 * which node answered, and why one is not ready, only to a call that sends it (ADR 0067, addendum).
 */
export const OPERATOR_TOKEN = 'e2e-operator-token-0123456789abcdef0123456789';

/** What `/api/health` says to the operator: the node that answered. */
export async function nodeOf(base: string): Promise<string> {
  return (await call<{ node: string }>(base, '/api/health', { token: OPERATOR_TOKEN })).result.node;
}

export async function login(base: string, account: string, password = DEMO_PASSWORD, forwardedFor?: string) {
  return call<{ access_token: string; refresh_token: string; user_id: string }>(base, '/api/blade-auth/oauth/token', {
    body: { grant_type: 'password', tenantId: DEMO_TENANT_ID, username: account, password },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}
