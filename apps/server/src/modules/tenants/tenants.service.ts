import { TenantId } from '@portal/contracts/envelope';
import { PASSWORD_MAX_LENGTH } from '@portal/contracts/password';
import { z } from 'zod';
import type { Db } from '../../db/create-db.ts';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { createTenantRobot } from '../assistant/assistant.tenant-setup.ts';
import {
  DEFAULT_PASSWORD_RULE,
  accountOf,
  createTenantDirectory,
  otherActiveAdministrators,
  ruleOf,
  setPasswordEndingSessions,
  setTenantStatusEndingSessions,
  setUserStatusEndingSessions,
  tenantExists,
  tenantOf,
  tenantPasswordRule,
  tenantStatus,
  tenantsWithAdministrators,
} from '../auth/auth.tenant-setup.ts';
import { fitsPasswordRule } from '../auth/password.service.ts';
import { createFirstHomeTab } from '../home-config/home-config.tenant-setup.ts';
import { createBuiltInNavigation } from '../navigation/navigation.tenant-setup.ts';
import { createTenantFooter } from '../site-settings/site-settings.tenant-setup.ts';

/**
 * A school's tenant and its first administrator, made by the operator on the server (`npm run tenant`, the CLI in
 * apps/server/src/tenant-cli.ts): there is no call that makes a tenant or a password account, and the users of a
 * tenant otherwise come from its identity provider, which an administrator must configure first. A thin
 * coordinator over the modules that own the tables (as config-transfer is): each adds its part in one transaction.
 * No demo content: the tenant starts with its roles, one administrator, its configurations, the built-in
 * navigation and an empty home tab.
 */

/** A refusal the operator is told about (nothing was changed). */
export class TenantSetupError extends Error {}

/** An account as login takes it (TokenRequest's username): trimmed, up to 64, no spaces or control characters. */
const Account = z
  .string()
  .trim()
  .min(1, 'an account is needed')
  .max(64, 'an account has at most 64 characters')
  .regex(/^[^\s\p{C}]+$/u, 'an account has no spaces or control characters');

const NewTenantInput = z.object({
  tenantId: TenantId.refine((id) => id !== DEMO_TENANT_ID, `${DEMO_TENANT_ID} is the demo tenant's id`),
  tenantName: z.string().trim().min(1, 'a name is needed').max(200, 'a name has at most 200 characters'),
  adminAccount: Account,
  adminName: z.string().trim().min(1, 'a name is needed').max(100, 'a name has at most 100 characters'),
});

export type NewTenant = z.input<typeof NewTenantInput> & { password: string };

function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw new TenantSetupError(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
}

/** Refuses a password the rule does not take, with the rule's own message. */
function assertFitsRule(rule: Parameters<typeof ruleOf>[0], password: string, tenantId: string): void {
  if (password.length > PASSWORD_MAX_LENGTH || !fitsPasswordRule(ruleOf(rule), password))
    throw new TenantSetupError(`The password does not follow the password rule of tenant ${tenantId}: ${rule.message}`);
}

/**
 * Makes the tenant, its roles (the administrator's holding every configuration menu), the administrator (is_demo
 * 0, the password hashed as login checks it), its login, password and robot configurations, the built-in
 * navigation, an empty home tab and a footer with its name. An existing tenant is refused and left as it was.
 */
export async function createTenant(
  db: Db,
  input: NewTenant,
): Promise<{ tenantId: string; tenantName: string; adminAccount: string; adminUserId: string }> {
  const t = parsed(NewTenantInput, input);
  const exists = () =>
    new TenantSetupError(
      `Tenant ${t.tenantId} already exists: nothing was changed (list shows it and its administrators).`,
    );
  if (await tenantExists(db, t.tenantId)) throw exists();
  assertFitsRule(DEFAULT_PASSWORD_RULE, input.password, t.tenantId);
  const passwordHash = await hashPassword(input.password);
  try {
    const { adminUserId } = await db.transaction().execute(async (trx) => {
      if (await tenantExists(trx, t.tenantId)) throw exists();
      const made = await createTenantDirectory(trx, {
        tenantId: t.tenantId,
        tenantName: t.tenantName,
        admin: { account: t.adminAccount, name: t.adminName, passwordHash },
      });
      await createTenantRobot(trx, t.tenantId, t.tenantName);
      await createBuiltInNavigation(trx, t.tenantId);
      await createFirstHomeTab(trx, t.tenantId);
      await createTenantFooter(trx, t.tenantId, t.tenantName);
      return made;
    });
    return { tenantId: t.tenantId, tenantName: t.tenantName, adminAccount: t.adminAccount, adminUserId };
  } catch (err) {
    // Made by another process between the check and the insert: its key refused ours, and the transaction undid ours.
    if (!(err instanceof TenantSetupError) && (await tenantExists(db, t.tenantId))) throw exists();
    throw err;
  }
}

/**
 * Gives an account of a tenant a new password (the tenant's rule applies), ends its sessions and lifts its login
 * lockout: how an operator who lost the administrator's password gets back in. Demo accounts are refused (they
 * keep the documented demo password and log in only in demo mode).
 */
export async function resetPassword(
  db: Db,
  input: { tenantId: string; account: string; password: string },
): Promise<{ account: string; userName: string; roleName: string; active: boolean; sessionsEnded: number }> {
  const { tenantId, user } = await namedAccount(db, input, 'it keeps the demo password and logs in only in demo mode.');
  assertFitsRule((await tenantPasswordRule(db, tenantId)) ?? DEFAULT_PASSWORD_RULE, input.password, tenantId);
  const passwordHash = await hashPassword(input.password);
  const sessionsEnded = await db
    .transaction()
    .execute((trx) => setPasswordEndingSessions(trx, tenantId, user, passwordHash));
  return {
    account: user.account,
    userName: user.user_name,
    roleName: user.role_name,
    active: user.status === 1,
    sessionsEnded,
  };
}

/**
 * The tenant and the account a command names, or a refusal that says which is missing. The demo seed's accounts
 * are refused, with `demoRefusal`: demo mode is what lets them in or keeps them out.
 */
async function namedAccount(db: Db, input: { tenantId: string; account: string }, demoRefusal: string) {
  const { tenantId, account } = parsed(z.object({ tenantId: TenantId, account: Account }), input);
  if (!(await tenantExists(db, tenantId))) throw new TenantSetupError(`Tenant ${tenantId} does not exist.`);
  const user = await accountOf(db, tenantId, account);
  if (!user) throw new TenantSetupError(`Tenant ${tenantId} has no account ${account}.`);
  if (user.is_demo === 1)
    throw new TenantSetupError(`${account} is a demo account: ${demoRefusal} Nothing was changed.`);
  return { tenantId, user };
}

const DEMO_STATUS_REFUSAL =
  'it logs in only in demo mode, and running without demo mode (NODE_ENV=production, PORTAL_DEMO unset) keeps every demo account out.';

export type AccountStatusChange = {
  account: string;
  userName: string;
  roleName: string;
  /** Whether the account was enabled before the command. */
  wasActive: boolean;
  sessionsEnded: number;
};

/**
 * Disables an account at once: it cannot log in (the login says the account is disabled), its refresh tokens and
 * every open session end, and the nodes close its chat sockets (ADR 0065). The tenant's last enabled administrator
 * is refused unless `force`: nobody could configure the tenant then (reset-password is the way to lock an intruder
 * out of that account and keep it). Disabling a disabled account ends whatever session it has left.
 */
export async function deactivateAccount(
  db: Db,
  input: { tenantId: string; account: string; force?: boolean },
): Promise<AccountStatusChange> {
  const { tenantId, user } = await namedAccount(db, input, DEMO_STATUS_REFUSAL);
  const sessionsEnded = await db.transaction().execute(async (trx) => {
    if (
      !input.force &&
      user.role_type === 'admin' &&
      user.status === 1 &&
      (await otherActiveAdministrators(trx, tenantId, user.id)) === 0
    )
      throw new TenantSetupError(
        `${user.account} is the last enabled administrator of tenant ${tenantId}: without it nobody can configure the tenant. ` +
          'If its password is known to someone else, reset-password gives it a new one and ends its sessions; ' +
          'to disable it anyway, add --force (activate enables it again). Nothing was changed.',
      );
    return setUserStatusEndingSessions(trx, tenantId, user.id, 0);
  });
  return statusChange(user, sessionsEnded);
}

/** Enables a disabled account again (its password unchanged; its sessions ended when it was disabled). */
export async function activateAccount(
  db: Db,
  input: { tenantId: string; account: string },
): Promise<AccountStatusChange> {
  const { tenantId, user } = await namedAccount(db, input, DEMO_STATUS_REFUSAL);
  await setUserStatusEndingSessions(db, tenantId, user.id, 1);
  return statusChange(user, 0);
}

/** What the command reports of an account whose status it set. */
const statusChange = (
  user: { account: string; user_name: string; role_name: string; status: number },
  sessionsEnded: number,
): AccountStatusChange => ({
  account: user.account,
  userName: user.user_name,
  roleName: user.role_name,
  wasActive: user.status === 1,
  sessionsEnded,
});

export type TenantStatusChange = { tenantId: string; tenantName: string; wasActive: boolean; sessionsEnded: number };

async function namedTenant(db: Db, input: { tenantId: string }) {
  const { tenantId } = parsed(z.object({ tenantId: TenantId }), input);
  const tenant = await tenantOf(db, tenantId);
  if (!tenant) throw new TenantSetupError(`Tenant ${tenantId} does not exist.`);
  return tenant;
}

/**
 * Disables a whole tenant: its login page and sign-in say so, every session of its users ends (refresh tokens with
 * them), every call with one of its tokens is refused, and the nodes close its chat sockets (ADR 0065). Its data
 * stays as it is.
 */
export async function deactivateTenant(db: Db, input: { tenantId: string }): Promise<TenantStatusChange> {
  const tenant = await namedTenant(db, input);
  const sessionsEnded = await db
    .transaction()
    .execute((trx) => setTenantStatusEndingSessions(trx, tenant.tenant_id, 0));
  return { tenantId: tenant.tenant_id, tenantName: tenant.tenant_name, wasActive: tenant.status === 1, sessionsEnded };
}

/** Enables a disabled tenant again: its users log in as before (their sessions ended when it was disabled). */
export async function activateTenant(db: Db, input: { tenantId: string }): Promise<TenantStatusChange> {
  const tenant = await namedTenant(db, input);
  await setTenantStatusEndingSessions(db, tenant.tenant_id, 1);
  return {
    tenantId: tenant.tenant_id,
    tenantName: tenant.tenant_name,
    wasActive: tenant.status === 1,
    sessionsEnded: 0,
  };
}

/** Every tenant and its administrators. */
export const listTenants = (db: Db) => tenantsWithAdministrators(db);

/**
 * What the operator is told at start when the tenant `/`, `/login` and every address without `?tenantId=` open on
 * (DEFAULT_TENANT, else the demo tenant: config.ts) is not in the database or is disabled: its pages find nothing
 * and no one can sign in there. Null when it is there and enabled.
 */
export async function defaultTenantWarning(db: Db, tenantId: string): Promise<string | null> {
  const status = await tenantStatus(db, tenantId);
  if (status === 1) return null;
  const what = status === null ? 'is not a tenant of this database' : 'is disabled';
  if (tenantId === DEMO_TENANT_ID)
    return (
      `The demo tenant ${tenantId}, which /, /login and every address without ?tenantId= open on, ${what}: ` +
      "set DEFAULT_TENANT to the school's tenant (npm run tenant -- list shows them)."
    );
  return (
    `DEFAULT_TENANT ${tenantId} ${what}: /, /login and every address without ?tenantId= open on it and find nothing. ` +
    (status === null
      ? `Create it (npm run tenant -- create --tenant ${tenantId} …) or set DEFAULT_TENANT to a tenant npm run tenant -- list shows.`
      : 'Set DEFAULT_TENANT to an enabled tenant (npm run tenant -- list shows them).')
  );
}
