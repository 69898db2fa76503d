/**
 * `npm run tenant -- <command>`: what an operator does on the server before anyone can log in to a production
 * install (README, "Production: first tenant and administrator"). The same configuration as the server
 * (DATABASE_URL / DATA_DIR, config.ts); the database is migrated to the latest first. The password is read from
 * PORTAL_ADMIN_PASSWORD or, when that is not set and stdin is a terminal, typed without echo — never from the
 * command line, where `ps` and the shell history would show it. The work is modules/tenants/tenants.service.ts.
 *
 *   create --tenant <id> --name <school> --admin <account> [--admin-name <name>]
 *   reset-password --tenant <id> --account <account>
 *   deactivate --tenant <id> --account <account> [--force]    activate --tenant <id> --account <account>
 *   deactivate-tenant --tenant <id>                            activate-tenant --tenant <id>
 *   list
 *
 * What ends sessions (reset-password, deactivate, deactivate-tenant) tells the running nodes through PostgreSQL, so
 * that they close the chat sockets of those sessions at once (ADR 0065); on SQLite the portal is stopped meanwhile.
 *
 * Exit codes: 0 done, 1 refused (nothing changed), 2 wrong usage, 78 configuration or a SQLite file in use.
 */
import { parseArgs } from 'node:util';
import type { DbHandle } from './db/create-db.ts';

/** The server's code, loaded once the command line is understood (a usage error answers at once). */
const serverCode = async () => ({
  ...(await import('./config.ts')),
  ...(await import('./db/create-db.ts')),
  ...(await import('./db/migrate.ts')),
  ...(await import('./db/sqlite-owner.ts')),
  ...(await import('./modules/tenants/tenants.service.ts')),
});
type ServerCode = Awaited<ReturnType<typeof serverCode>>;

/** A refusal the command makes itself (nothing changed): exit 1, as the service's refusals. */
class Refused extends Error {}

const PASSWORD_ENV = 'PORTAL_ADMIN_PASSWORD';

const USAGE = `Usage: npm run tenant -- <command> [options]

  create --tenant <id> --name <school name> --admin <account> [--admin-name <name>]
      Makes the tenant and its first administrator (default name 系统管理员).
  reset-password --tenant <id> --account <account>
      Sets a new password for an account, ends its sessions and lifts its login lockout.
  deactivate --tenant <id> --account <account> [--force]
      Disables an account at once: it cannot log in, and every session it has ends (its chat too).
      The tenant's last enabled administrator is refused, since nobody could configure the tenant
      then: if someone else knows its password, reset-password locks them out and keeps the account.
      --force disables it anyway (activate gives it back).
  activate --tenant <id> --account <account>
      Enables a disabled account again, with its password as it was.
  deactivate-tenant --tenant <id>
      Disables a whole tenant: its users cannot log in, every session of it ends. Its data is kept.
  activate-tenant --tenant <id>
      Enables a disabled tenant again.
  list
      Lists the tenants and their administrators.

The password comes from the environment variable ${PASSWORD_ENV}, or, when it is not set and this is a
terminal, is asked for without echo. It is never taken from the command line. The database is the server's
(DATABASE_URL, or DATA_DIR/portal.db); on SQLite, stop the portal first. On PostgreSQL the running portal
is told of the sessions a command ends, and closes their chat connections within seconds.`;

class UsageError extends Error {}

const COMMANDS = [
  'create',
  'reset-password',
  'deactivate',
  'activate',
  'deactivate-tenant',
  'activate-tenant',
  'list',
] as const;

const out = (line = '') => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

/** Reads a line from the terminal without showing it; Ctrl-C or Ctrl-D before Enter cancels. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let chars: string[] = [];
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(chars.join(''));
          return;
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish();
          reject(new Refused('Cancelled: nothing was changed.'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') chars = chars.slice(0, -1);
        else if (ch === '\u0015') chars = [];
        else if (ch >= ' ') chars.push(ch);
      }
    };
    stdin.on('data', onData);
  });
}

/** The password from the environment (then removed from it), else typed twice at the terminal. */
async function readPassword(account: string): Promise<string> {
  const fromEnv = process.env[PASSWORD_ENV];
  delete process.env[PASSWORD_ENV];
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY)
    throw new UsageError(
      `No password: set ${PASSWORD_ENV} in the environment, or run the command in a terminal to type it.`,
    );
  const first = await promptHidden(`Password for ${account}: `);
  const again = await promptHidden('The same password again: ');
  if (first !== again) throw new Refused('The two passwords differ: nothing was changed.');
  if (!first) throw new Refused('An empty password: nothing was changed.');
  return first;
}

type Values = Record<string, string | boolean | undefined>;
type Parsed = { command: string; values: Values };

function parse(argv: string[]): Parsed {
  // Before parseArgs, whose complaint about an unknown option could repeat its value.
  if (argv.some((a) => /^(--pass(word)?|-p)(=|$)/i.test(a)))
    throw new UsageError(
      `The password is never taken from the command line (ps and the shell history would show it): set ${PASSWORD_ENV}, or type it when asked.`,
    );
  let parsedArgs;
  try {
    parsedArgs = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        tenant: { type: 'string' },
        name: { type: 'string' },
        admin: { type: 'string' },
        'admin-name': { type: 'string' },
        account: { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0]!);
  }
  const { values, positionals } = parsedArgs;
  if (values.help) return { command: 'help', values: {} };
  if (positionals.length !== 1) throw new UsageError(positionals.length ? 'One command at a time.' : 'No command.');
  const { help: _help, ...rest } = values;
  return { command: positionals[0]!, values: rest };
}

/** A string option's value (allowOnly lets --force, the one boolean, through to deactivate only). */
const str = (values: Values, name: string): string => String(values[name] ?? '');
/** The tenant id as the command named it, for the report. */
const tenantOf = (values: Values) => str(values, 'tenant').trim();

function need(values: Values, ...names: string[]): void {
  const missing = names.filter((n) => !str(values, n).trim());
  if (missing.length) throw new UsageError(`Missing ${missing.map((n) => `--${n}`).join(', ')}.`);
}

function allowOnly(command: string, values: Values, ...names: string[]): void {
  const extra = Object.keys(values).filter((k) => values[k] !== undefined && !names.includes(k));
  if (extra.length) throw new UsageError(`${command} takes no ${extra.map((n) => `--${n}`).join(', ')}.`);
}

async function run(code: ServerCode, db: DbHandle, { command, values }: Parsed): Promise<void> {
  if (command === 'create') {
    const t = await code.createTenant(db.db, {
      tenantId: str(values, 'tenant'),
      tenantName: str(values, 'name'),
      adminAccount: str(values, 'admin'),
      adminName: values['admin-name'] === undefined ? '系统管理员' : str(values, 'admin-name'),
      password: await readPassword(str(values, 'admin').trim()),
    });
    out(`Tenant ${t.tenantId} (${t.tenantName}) created, with administrator ${t.adminAccount}.`);
    out(`Set DEFAULT_TENANT=${t.tenantId} in the portal's environment and restart it: /, /login and every address`);
    out(`without ?tenantId= then open on this tenant (until then, use /login?tenantId=${t.tenantId}).`);
    out(`Log in there as ${t.adminAccount}; then configure the school's identity provider under`);
    out('管理配置 → 统一身份认证配置, so that its users can sign in.');
    return;
  }
  if (command === 'reset-password') {
    const r = await code.resetPassword(db.db, {
      tenantId: str(values, 'tenant'),
      account: str(values, 'account'),
      password: await readPassword(str(values, 'account').trim()),
    });
    out(`New password set for ${r.account} (${r.userName}, ${r.roleName}) of tenant ${tenantOf(values)}.`);
    out(`Sessions ended: ${r.sessionsEnded}; the account's login lockout is lifted.`);
    if (!r.active) out('Note: this account is disabled, and stays so (activate enables it): it cannot log in.');
    return;
  }
  if (command === 'deactivate' || command === 'activate') {
    const input = { tenantId: str(values, 'tenant'), account: str(values, 'account') };
    const r =
      command === 'deactivate'
        ? await code.deactivateAccount(db.db, { ...input, force: values.force === true })
        : await code.activateAccount(db.db, input);
    const who = `${r.account} (${r.userName}, ${r.roleName}) of tenant ${tenantOf(values)}`;
    if (command === 'deactivate') {
      out(`${who} ${r.wasActive ? 'is disabled' : 'was disabled already'}: it cannot log in.`);
      out(`Sessions ended: ${r.sessionsEnded}.`);
    } else out(`${who} ${r.wasActive ? 'was enabled already' : 'is enabled'}: it logs in with its password.`);
    return;
  }
  if (command === 'deactivate-tenant' || command === 'activate-tenant') {
    const input = { tenantId: str(values, 'tenant') };
    const r =
      command === 'deactivate-tenant'
        ? await code.deactivateTenant(db.db, input)
        : await code.activateTenant(db.db, input);
    const which = `Tenant ${r.tenantId} (${r.tenantName})`;
    if (command === 'deactivate-tenant') {
      out(
        `${which} ${r.wasActive ? 'is disabled' : 'was disabled already'}: its users cannot log in; its data is kept.`,
      );
      out(`Sessions ended: ${r.sessionsEnded}.`);
    } else out(`${which} ${r.wasActive ? 'was enabled already' : 'is enabled'}: its users can log in.`);
    return;
  }
  const tenants = await code.listTenants(db.db);
  if (!tenants.length) {
    out('No tenants yet: npm run tenant -- create --tenant <id> --name <school name> --admin <account>');
    return;
  }
  for (const t of tenants) {
    out(`${t.tenantId}  ${t.tenantName}${t.status === 1 ? '' : '  (disabled)'}`);
    if (!t.administrators.length) out('    (no administrator)');
    for (const a of t.administrators) {
      const notes = [a.isDemo && 'demo account', a.status !== 1 && 'disabled'].filter(Boolean);
      out(`    ${a.account}  ${a.name}${notes.length ? `  (${notes.join(', ')})` : ''}`);
    }
  }
}

async function main(argv: string[]): Promise<number> {
  let parsedArgs: Parsed;
  try {
    parsedArgs = parse(argv);
    if (parsedArgs.command === 'help') {
      out(USAGE);
      return 0;
    }
    const { command, values } = parsedArgs;
    if (command === 'create') {
      allowOnly(command, values, 'tenant', 'name', 'admin', 'admin-name');
      need(values, 'tenant', 'name', 'admin');
    } else if (command === 'reset-password' || command === 'activate') {
      allowOnly(command, values, 'tenant', 'account');
      need(values, 'tenant', 'account');
    } else if (command === 'deactivate') {
      allowOnly(command, values, 'tenant', 'account', 'force');
      need(values, 'tenant', 'account');
    } else if (command === 'deactivate-tenant' || command === 'activate-tenant') {
      allowOnly(command, values, 'tenant');
      need(values, 'tenant');
    } else if (command === 'list') allowOnly(command, values);
    else throw new UsageError(`Unknown command "${command}"; one of: ${COMMANDS.join(', ')}.`);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    err(e.message);
    err('');
    err(USAGE);
    return 2;
  }

  const code = await serverCode();
  const { ConfigError, SqliteOwnedError, TenantSetupError } = code;
  let config;
  try {
    config = code.loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      err(e.message);
      return 78;
    }
    throw e;
  }
  const options = code.dbOptionsFromConfig(config);
  let release = () => {};
  if (options.engine === 'sqlite') {
    // One process per SQLite file (sqlite-owner.ts): while the portal runs on it, this command stays out.
    try {
      release = code.claimSqliteFile(options.filename);
    } catch (e) {
      if (!(e instanceof SqliteOwnedError)) throw e;
      const owner = e.owner ? ` (pid ${e.owner.pid}, since ${e.owner.since})` : '';
      err(
        `The SQLite database ${options.filename} is in use by a running portal process${owner}. ` +
          'SQLite takes one process per database file: stop the portal, run this command, then start the portal again. Nothing was changed.',
      );
      return 78;
    }
  } else {
    options.max = 2;
  }
  const db = code.createDb(options);
  try {
    await code.migrateToLatest(db.db);
    await run(code, db, parsedArgs);
    await code.onDisk(db.db);
    return 0;
  } catch (e) {
    if (e instanceof TenantSetupError || e instanceof Refused || e instanceof UsageError) {
      err(e.message);
      return e instanceof UsageError ? 2 : 1;
    }
    throw e;
  } finally {
    await db.close().catch(() => undefined);
    release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
