import type { Db } from '../../db/create-db.ts';

/** The assistant's part of a new tenant (modules/tenants): the robot's name and greeting, which its page edits. */
export async function createTenantRobot(db: Db, tenantId: string, tenantName: string): Promise<void> {
  await db
    .insertInto('robot_configs')
    .values({
      tenant_id: tenantId,
      robot_name: '小助手',
      robot_avatar: '',
      greeting: `您好，我是${tenantName}网上办事小助手，请问有什么可以帮您？`,
      robot_name_en: 'Assistant',
      greeting_en: `Hello, I am the online service assistant of ${tenantName}. How can I help you?`,
      enabled: 1,
    })
    .execute();
}
