import type { Kysely } from 'kysely';

/** Tenants, users, roles and their configuration menus, sessions, refresh tokens, login and password config. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.primaryKey())
    .addColumn('tenant_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('role_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('role_alias', 'varchar(100)', (c) => c.notNull())
    .addColumn('role_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('roles_tenant_alias').unique().on('roles').columns(['tenant_id', 'role_alias']).execute();

  await db.schema
    .createTable('role_menus')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(64)', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('menu_name', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_name'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('nick_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(64)', (c) => c.notNull().references('roles.id'))
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_tenant_account').unique().on('users').columns(['tenant_id', 'account']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access_token_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('access_expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('cas_ticket', 'varchar(128)', (c) => c.notNull())
    .addColumn('tgt', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('client_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('sessions_access_token').unique().on('sessions').column('access_token_hash').execute();
  await db.schema.createIndex('sessions_cas_ticket').unique().on('sessions').column('cas_ticket').execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['tenant_id', 'user_id']).execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('login_configs')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.primaryKey().references('tenants.tenant_id'))
    .addColumn('identity_auth_status', 'integer', (c) => c.notNull())
    .addColumn('is_self_cas', 'integer', (c) => c.notNull())
    .addColumn('out_log_tip', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('password_configs')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.primaryKey().references('tenants.tenant_id'))
    .addColumn('regex', 'varchar(500)', (c) => c.notNull())
    .addColumn('message', 'varchar(500)', (c) => c.notNull())
    .addColumn('min_length', 'integer', (c) => c.notNull())
    .addColumn('max_length', 'integer', (c) => c.notNull())
    .addColumn('require_letter', 'integer', (c) => c.notNull())
    .addColumn('require_digit', 'integer', (c) => c.notNull())
    .addColumn('require_symbol', 'integer', (c) => c.notNull())
    .addColumn('expire_days', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('robot_configs')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.primaryKey().references('tenants.tenant_id'))
    .addColumn('robot_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('robot_avatar', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('greeting', 'varchar(1000)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema.createIndex('login_failures_key').on('login_failures').columns(['key', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'robot_configs',
    'login_failures',
    'password_configs',
    'login_configs',
    'refresh_tokens',
    'sessions',
    'users',
    'role_menus',
    'roles',
    'tenants',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
