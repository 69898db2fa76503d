/**
 * `npm run tenant -- <command>`: make a tenant and its first administrator, reset a password, disable or enable an
 * account or a tenant, list tenants (apps/server/src/tenant-cli.ts). The Node version is checked before this file
 * loads, by scripts/start.mjs.
 */
await import('../apps/server/src/tenant-cli.ts');
