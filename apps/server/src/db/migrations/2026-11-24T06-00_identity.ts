import type { Kysely } from 'kysely';

/**
 * Signing in with the university's identity provider (modules/identity, ADR 0022 and 0023):
 * - identity_providers: one provider per tenant (OpenID Connect, CAS or LDAP); settings as JSON, the secret
 *   (client secret, bind password) sealed with a key derived from TOKEN_SECRET; local_login 0 switches the
 *   password login off for everyone but the break-glass administrators.
 * - identity_requests: one started sign-in (state, nonce, PKCE verifier, return path), single use, short-lived,
 *   bound to the browser that started it; also the one-time hand-off of a finished sign-in to the web page
 *   (type 'handoff'). Codes are stored hashed.
 * - identity_links: which portal account a provider's subject is, with the department the provider last gave.
 * - identity_sessions: the provider's side of a portal session (the ID token for RP-initiated logout, the sid).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('identity_providers')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.primaryKey().references('tenants.tenant_id'))
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('local_login', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('identity_requests')
    .addColumn('state_hash', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('return_to', 'varchar(500)', (c) => c.notNull())
    .addColumn('browser_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('identity_requests_expiry').on('identity_requests').column('expires_at').execute();

  await db.schema
    .createTable('identity_links')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('department', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_login_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('identity_links_pk', ['tenant_id', 'type', 'subject'])
    .execute();
  await db.schema.createIndex('identity_links_user').on('identity_links').columns(['tenant_id', 'user_id']).execute();

  await db.schema
    .createTable('identity_sessions')
    .addColumn('session_id', 'varchar(64)', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('id_token', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sid', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('identity_sessions_sid').on('identity_sessions').columns(['tenant_id', 'sid']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('identity_sessions').execute();
  await db.schema.dropTable('identity_links').execute();
  await db.schema.dropTable('identity_requests').execute();
  await db.schema.dropTable('identity_providers').execute();
}
