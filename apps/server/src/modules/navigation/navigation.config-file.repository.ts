import type { Db } from '../../db/create-db.ts';

/** SQL the configuration import (ADR 0031) needs beyond navigation.repository.ts; no transaction of its own. */
export function navigationConfigFileRepository(db: Db) {
  return {
    /** Every navigation item of the tenant, built-in ones too: the import writes the file's in their place. */
    removeAllNavigation: (tenantId: string) =>
      db.deleteFrom('wb_navigation').where('tenant_id', '=', tenantId).execute(),
  };
}
