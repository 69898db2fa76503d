import type { IdentityProviderSubmit } from '@portal/contracts/identity';
import { expect } from 'vitest';
import { nowIso } from '../../db/sql-helpers.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { bearer, type TestApp } from '../../test/test-app.ts';

export const WB = '/api/blade-workbench';
export const MODEL_LOGIN = `${WB}/auth/auth/modelLogin`;
export const GET_ADDRESS = `${WB}/auth/getAddress`;
export const MP_LIST = `${WB}/serviceItem/getMpList`;
export const PROVIDER_DETAIL = `${WB}/identity/provider/detail`;
export const PROVIDER_SUBMIT = `${WB}/identity/provider/submit`;
export const OTHER_TENANT = '300003';
export const OTHER_PASSWORD = 'Other#2026pw';

/** A second tenant with an administrator, a student, its own login config and one public account. */
export async function seedOtherTenant(t: TestApp): Promise<void> {
  const db = t.db.db;
  const now = nowIso();
  await db
    .insertInto('tenants')
    .values({ tenant_id: OTHER_TENANT, tenant_name: '第三大学', status: 1, created_at: now })
    .execute();
  await db
    .insertInto('login_configs')
    .values({ tenant_id: OTHER_TENANT, identity_auth_status: 0, is_self_cas: 0, out_log_tip: '' })
    .execute();
  await db
    .insertInto('roles')
    .values([
      {
        id: `${OTHER_TENANT}-admin`,
        tenant_id: OTHER_TENANT,
        role_name: '三校管理员',
        role_alias: 'administrator',
        role_type: 'admin',
        sort: 1,
      },
      {
        id: `${OTHER_TENANT}-student`,
        tenant_id: OTHER_TENANT,
        role_name: '三校学生',
        role_alias: 'student',
        role_type: 'student',
        sort: 2,
      },
    ])
    .execute();
  const hash = await hashPassword(OTHER_PASSWORD);
  await db
    .insertInto('users')
    .values([
      {
        id: `${OTHER_TENANT}-admin`,
        tenant_id: OTHER_TENANT,
        account: 'admin',
        user_name: '三校管理员',
        nick_name: '三校管理员',
        password_hash: hash,
        role_id: `${OTHER_TENANT}-admin`,
        is_demo: 0,
        status: 1,
        created_at: now,
      },
      {
        id: `${OTHER_TENANT}-s1`,
        tenant_id: OTHER_TENANT,
        account: 's1',
        user_name: '三校学生',
        nick_name: '三校学生',
        password_hash: hash,
        role_id: `${OTHER_TENANT}-student`,
        is_demo: 0,
        status: 1,
        created_at: now,
      },
    ])
    .execute();
  await db
    .insertInto('role_menus')
    .values({ tenant_id: OTHER_TENANT, role_id: `${OTHER_TENANT}-admin`, menu_name: 'identityProviderConfig' })
    .execute();
  await db
    .insertInto('chat_public_accounts')
    .values({
      id: `${OTHER_TENANT}-mp-1`,
      tenant_id: OTHER_TENANT,
      name: '三校教务处',
      mp_type: 1,
      avatar: '',
      intro: '',
      sort: 1,
      created_at: now,
    })
    .execute();
}

export async function loginOther(t: TestApp, account: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    payload: { grant_type: 'password', tenantId: OTHER_TENANT, username: account, password: OTHER_PASSWORD },
  });
  expect(res.json(), res.body).toMatchObject({ status: 1000 });
  return res.json().result.access_token as string;
}

/** Saves the tenant's provider as its administrator and expects success. */
export async function submitProvider(
  t: TestApp,
  adminToken: string,
  body: Omit<Partial<IdentityProviderSubmit>, 'settings' | 'type'> & {
    type: IdentityProviderSubmit['type'];
    settings: Record<string, unknown>;
  },
): Promise<Record<string, unknown>> {
  const res = await t.app.inject({
    method: 'POST',
    url: PROVIDER_SUBMIT,
    headers: bearer(adminToken),
    payload: { name: '统一身份认证', ...body },
  });
  expect(res.json(), res.body).toMatchObject({ status: 1000 });
  return res.json().result;
}

/** Every answer is an envelope without a stack trace. */
export function expectEnvelope(res: { statusCode: number; body: string }, status: number): void {
  expect(res.statusCode, res.body).toBeLessThan(500);
  const json = JSON.parse(res.body) as { status: number };
  expect(json.status, res.body).toBe(status);
  expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules/);
}
