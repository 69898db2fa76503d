import type { Db } from '../../db/create-db.ts';

/** The password of a user (the personal center's password change). */
export function passwordRepository(db: Db) {
  return {
    async setPasswordHash(tenantId: string, userId: string, hash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: hash })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', userId)
        .execute();
    },
  };
}
