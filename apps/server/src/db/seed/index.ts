import type { Db } from '../create-db.ts';
import { seedDemoTenant } from './demo.ts';
import { seedMessaging } from './messaging.ts';

/** Every seed step, in order; each one is idempotent. Later capabilities add their demo data here. */
export async function seed(db: Db): Promise<void> {
  await seedDemoTenant(db);
  await seedMessaging(db);
}
