import { MSG_TYPE_NOTICE } from '@portal/contracts/chat';
import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database, NoticeTable, ScheduledNoticeTable } from '../../db/database.ts';
import { nowIso } from '../../db/sql-helpers.ts';

/** SQL of notices and the message center. Every method takes the tenant first (house style 2). */
export function messagesRepository(db: Db) {
  const noticeColumns = [
    'n.message_id',
    'n.mp_id',
    'n.title',
    'n.summary',
    'n.url',
    'n.important',
    'n.field_set',
    'n.created_at',
    'n.deleted_at',
    'a.name as mp_name',
    'f.file_name',
  ] as const;

  /** The user's notices: their mailbox entries of type 80 joined with the notice and its account. */
  const userNotices = (tenantId: string, userId: string) =>
    db
      .selectFrom('chat_inbox as i')
      .innerJoin('notices as n', 'n.message_id', 'i.message_id')
      .innerJoin('chat_public_accounts as a', 'a.id', 'n.mp_id')
      .leftJoin('chat_files as f', 'f.id', 'n.file_id')
      .where('i.tenant_id', '=', tenantId)
      .where('i.user_id', '=', userId)
      .where('n.tenant_id', '=', tenantId)
      .where('i.deleted', '=', 0)
      .where('n.deleted_at', 'is', null);

  return {
    async insertNotice(trx: Transaction<Database>, row: Insertable<NoticeTable>): Promise<void> {
      await trx.insertInto('notices').values(row).execute();
    },

    /** A notice by id within a tenant, or across tenants for the public detail page (the id names it). */
    notice(tenantId: string, id: string) {
      return db
        .selectFrom('notices as n')
        .innerJoin('chat_public_accounts as a', 'a.id', 'n.mp_id')
        .leftJoin('chat_files as f', 'f.id', 'n.file_id')
        .where('n.message_id', '=', id)
        .where('n.tenant_id', '=', tenantId)
        .selectAll('n')
        .select(['a.name as mp_name', 'f.file_name', 'f.size as file_size'])
        .executeTakeFirst();
    },

    /** The user's mailbox entry of a notice (null when the notice was not sent to them). */
    recipientEntry(tenantId: string, userId: string, messageId: string) {
      return db
        .selectFrom('chat_inbox')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('message_id', '=', messageId)
        .select(['read_at', 'peer_id'])
        .executeTakeFirst();
    },

    async userNoticePage(tenantId: string, userId: string, mpId: string, offset: number, limit: number) {
      const base = userNotices(tenantId, userId).where('n.mp_id', '=', mpId);
      const [rows, count] = await Promise.all([
        base
          .select([...noticeColumns, 'i.read_at'])
          .orderBy('i.seq', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Unread important notices, newest first, and how many there are. */
    async unreadImportant(tenantId: string, userId: string, limit: number) {
      const base = userNotices(tenantId, userId).where('i.read_at', 'is', null).where('n.important', '=', 1);
      const [rows, count] = await Promise.all([
        base
          .select([...noticeColumns, 'i.read_at'])
          .orderBy('n.created_at', 'desc')
          .orderBy('i.seq', 'desc')
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Deletes a notice: the detail then says so, it leaves every mailbox's history and unread count. */
    async removeNotice(tenantId: string, id: string): Promise<boolean> {
      const now = nowIso();
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('notices')
          .set({ deleted_at: now })
          .where('tenant_id', '=', tenantId)
          .where('message_id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) return false;
        await trx
          .updateTable('chat_messages')
          .set({ revoked_at: now })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .where('type', '=', MSG_TYPE_NOTICE)
          .execute();
        await trx
          .updateTable('chat_inbox')
          .set({ read_at: now })
          .where('tenant_id', '=', tenantId)
          .where('message_id', '=', id)
          .where('read_at', 'is', null)
          .execute();
        // As a revoked chat message: the conversations it ended show no title of it any more.
        await trx
          .updateTable('chat_conversations')
          .set({ last_content: '' })
          .where('tenant_id', '=', tenantId)
          .where('last_message_id', '=', id)
          .execute();
        return true;
      });
    },

    /** Active users of the tenant, optionally only those of some roles. */
    /** The tenant's notices for the notice page, newest first, with how many of their recipients read them. */
    async manageNoticePage(tenantId: string, offset: number, limit: number) {
      const base = db.selectFrom('notices as n').where('n.tenant_id', '=', tenantId);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('chat_public_accounts as a', (j) =>
            j.onRef('a.id', '=', 'n.mp_id').onRef('a.tenant_id', '=', 'n.tenant_id'),
          )
          .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'n.created_by').onRef('u.tenant_id', '=', 'n.tenant_id'))
          .leftJoin('chat_files as f', (j) =>
            j.onRef('f.id', '=', 'n.file_id').onRef('f.tenant_id', '=', 'n.tenant_id'),
          )
          .select((eb) => [
            'n.message_id',
            'n.title',
            'n.mp_id',
            'a.name as mp_name',
            'n.important',
            'n.audience',
            'n.recipients',
            'n.created_at',
            'n.deleted_at',
            'u.user_name as created_by_name',
            'f.file_name',
            eb
              .selectFrom('chat_inbox as i')
              .whereRef('i.tenant_id', '=', 'n.tenant_id')
              .whereRef('i.message_id', '=', 'n.message_id')
              .where('i.read_at', 'is not', null)
              // A withdrawal takes the notice out of every unread count by marking it read at that moment: those
              // are not reads (a withdrawn notice showed 2/2 read with one recipient who never saw it).
              .where((e) => e.or([e('n.deleted_at', 'is', null), e('i.read_at', '<', e.ref('n.deleted_at'))]))
              .select((e) => e.fn.countAll<number>().as('c'))
              .as('read_count'),
          ])
          .orderBy('n.created_at', 'desc')
          .orderBy('n.message_id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    roles(tenantId: string) {
      return db
        .selectFrom('roles')
        .where('tenant_id', '=', tenantId)
        .select(['id', 'role_name'])
        .orderBy('sort')
        .orderBy('role_name')
        .execute();
    },

    /**
     * The active users of the tenant a notice goes to: those with one of the roles or in one of the departments
     * (their union); everyone when neither is given.
     */
    async recipientUsers(tenantId: string, roleIds: string[] | undefined, deptIds: string[] = []) {
      let q = db.selectFrom('users as u').where('u.tenant_id', '=', tenantId).where('u.status', '=', 1);
      if (roleIds?.length || deptIds.length) {
        q = q.where((eb) =>
          eb.or([
            ...(roleIds?.length ? [eb('u.role_id', 'in', roleIds)] : []),
            ...(deptIds.length
              ? [
                  eb(
                    'u.id',
                    'in',
                    eb
                      .selectFrom('user_depts as d')
                      .where('d.tenant_id', '=', tenantId)
                      .where('d.dept_id', 'in', deptIds)
                      .select('d.user_id'),
                  ),
                ]
              : []),
          ]),
        );
      }
      return q.select('u.id').orderBy('u.id').execute();
    },

    async insertScheduled(row: Insertable<ScheduledNoticeTable>): Promise<void> {
      await db.insertInto('scheduled_notices').values(row).execute();
    },

    /** The tenant's notices still waiting for their time, soonest first. */
    pendingScheduled(tenantId: string) {
      return db
        .selectFrom('scheduled_notices as s')
        .leftJoin('chat_public_accounts as a', (j) =>
          j.onRef('a.id', '=', 's.mp_id').onRef('a.tenant_id', '=', 's.tenant_id'),
        )
        .leftJoin('users as u', (j) => j.onRef('u.id', '=', 's.created_by').onRef('u.tenant_id', '=', 's.tenant_id'))
        .where('s.tenant_id', '=', tenantId)
        .where('s.published_at', 'is', null)
        .where('s.cancelled_at', 'is', null)
        .select(['s.id', 's.title', 's.payload', 's.publish_at', 'a.name as mp_name', 'u.user_name as created_by_name'])
        .orderBy('s.publish_at')
        .orderBy('s.id')
        .execute();
    },

    /** Cancels a notice not yet published; false when there is none (published already, or another tenant's). */
    async cancelScheduled(tenantId: string, id: string): Promise<boolean> {
      const res = await db
        .updateTable('scheduled_notices')
        .set({ cancelled_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('published_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Scheduled notices of every tenant whose time has come and that no process is publishing (or one that stopped). */
    dueScheduled(now: string, staleClaim: string, limit = 50) {
      return db
        .selectFrom('scheduled_notices')
        .where('published_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('publish_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleClaim)]))
        .selectAll()
        .orderBy('publish_at')
        .limit(limit)
        .execute();
    },

    /** Takes a due notice for this process; false when another took it first or it was cancelled meanwhile. */
    async claimScheduled(id: string, claimedAt: string | null, now: string): Promise<boolean> {
      const res = await db
        .updateTable('scheduled_notices')
        .set({ claimed_at: now })
        .where('id', '=', id)
        .where('published_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('claimed_at', claimedAt === null ? 'is' : '=', claimedAt)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async markScheduledPublished(id: string, at: string): Promise<void> {
      await db.updateTable('scheduled_notices').set({ published_at: at }).where('id', '=', id).execute();
    },
  };
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;
