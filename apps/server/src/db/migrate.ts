import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './create-db.ts';
import * as foundation from './migrations/2026-11-22T10-00_foundation.ts';
import * as messaging from './migrations/2026-11-22T14-00_messaging.ts';

/** Every migration, in order. Landed migrations are frozen: add a new file, never edit one (house style 8). */
const migrations: Record<string, Migration> = {
  '2026-11-22T10-00_foundation': foundation,
  '2026-11-22T14-00_messaging': messaging,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
