import type { Db } from '../create-db.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedDemoTenant } from './demo.ts';
import { seedEfficiency } from './efficiency.ts';
import { seedMessaging } from './messaging.ts';
import { seedPersonal } from './personal.ts';
import { seedTransfer } from './transfer.ts';
import { seedWorkbench } from './workbench.ts';

/** Every seed step, in order; each one is idempotent. Later capabilities add their demo data here. */
export async function seed(db: Db): Promise<void> {
  await seedDemoTenant(db);
  await seedCatalogue(db);
  await seedMessaging(db);
  await seedTransfer(db);
  await seedWorkbench(db);
  await seedEfficiency(db);
  await seedPersonal(db);
}
