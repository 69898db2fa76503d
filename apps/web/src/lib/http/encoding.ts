import type { Interceptor } from './client.ts';

export type Identity = {
  token: string | null;
  tenantId: string | null;
  account: string | null;
  userName: string | null;
  nickName: string | null;
};

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
}

/** Authorization: the bearer token and the tenant (every client, section 7). */
export const authHeaders =
  (identity: () => Identity): Interceptor =>
  (req) => {
    const { token, tenantId } = identity();
    const headers = { ...req.headers };
    if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
    if (tenantId && !headers['Tenant-Id']) headers['Tenant-Id'] = tenantId;
    return { ...req, headers };
  };

/**
 * 7.1: "GET calls append a time value and the user account and name"; section 7: each client adds
 * "the user account and nick name in payloads".
 */
export const userStamp =
  (identity: () => Identity, now: () => number = Date.now): Interceptor =>
  (req) => {
    const { account, userName, nickName } = identity();
    if (req.method === 'GET') {
      return {
        ...req,
        query: {
          ...req.query,
          _t: now(),
          ...(account ? { _account: account } : {}),
          ...(userName ? { _userName: userName } : {}),
        },
      };
    }
    if (isPlainObject(req.body) && account) {
      return { ...req, body: { _account: account, _nickName: nickName ?? '', ...req.body } };
    }
    return req;
  };
