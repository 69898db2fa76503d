import { appEvent } from './app-events.ts';

/**
 * The tenant's configuration changed (a card, navigation item, tool, tab, setting … saved, removed, imported or
 * reverted; every such change goes through the audit log, modules/audit): signed-in users' pages must follow. The
 * chat runtime tells every socket of the tenant, on every node through its bus. Told once the change is committed.
 */
export type ConfigChanged = { tenantId: string; kinds: string[] };

export const configChanges = appEvent<ConfigChanged>();
